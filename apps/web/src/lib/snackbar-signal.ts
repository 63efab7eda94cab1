import { useSyncExternalStore } from 'react';

/**
 * Whether a snackbar has been raised in this page's life: AppProviders loads the snackbar host (Mantine's
 * Notifications) then. Kept apart from Mantine's notifications store, so a page's first load carries no notifications
 * code (a guest reading a public page raises none). lib/snackbar.ts raises it with each snackbar.
 */
let raised = false;
const listeners = new Set<() => void>();

export function markSnackbarRaised(): void {
  if (raised) return;
  raised = true;
  for (const l of listeners) l();
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

export function useSnackbarRaised(): boolean {
  return useSyncExternalStore(subscribe, () => raised, () => false);
}
