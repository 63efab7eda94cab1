import { Notifications } from '@mantine/notifications';
import '@mantine/notifications/styles.css';

/** Loaded lazily by AppProviders: the snackbar host (lib/snackbar.ts). */
export default function AppExtras() {
  return <Notifications position="bottom-right" autoClose={4000} />;
}
