import { notifications } from '@mantine/notifications';
import { markSnackbarRaised } from './snackbar-signal';

/** Snackbars (bottom right): auto-hide after 4000 ms by default, a click dismisses (002 spec §9). */
export function snackbar(message: string, o: { color?: string; autoClose?: number | false } = {}) {
  markSnackbarRaised();
  const id = `snack-${Date.now()}-${Math.random().toString(36).slice(2, 6)}`;
  notifications.show({ id, message, color: o.color ?? 'green', autoClose: o.autoClose ?? 4000, withCloseButton: true, onClick: () => notifications.hide(id), style: { cursor: 'pointer' } });
  return id;
}
