import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { whenHydrated } from './lib/hydration';
import { useSnackbarRaised } from './lib/snackbar-signal';

/**
 * Notifications (snackbars) are the member app's: their host's code loads when the first snackbar is raised (a guest
 * reading a public page raises none, so it is not part of that first load), never during hydration, so the markup the
 * browser hydrates is exactly the server's. The snackbar waits in Mantine's store until its host is there; whether one
 * was raised is a signal of our own (lib/snackbar-signal.ts), so the store's code is not part of a first load either.
 */
const Extras = lazy(() => import('./app-extras'));

export function AppProviders({ children }: { children: ReactNode }) {
  const raised = useSnackbarRaised();
  const [extras, setExtras] = useState(false);
  useEffect(() => {
    if (raised) setExtras(true);
  }, [raised]);
  useEffect(() => {
    const root = document.getElementById('root');
    if (!root) return;
    // the app is live once the page's routes are hydrated too (React hydrates their Suspense boundaries after this
    // commit): pointer events reach their tooltips and buttons from then on, and links navigate inside the app (the
    // browser tests wait for data-app-ready)
    return whenHydrated(root, () => {
      root.removeAttribute('inert');
      root.style.removeProperty('pointer-events');
      // what public/boot.js held while the app was not there (all but the search form)
      for (const el of root.querySelectorAll<HTMLElement>('[data-boot-inert]')) {
        el.removeAttribute('inert');
        el.style.removeProperty('pointer-events');
        el.removeAttribute('data-boot-inert');
      }
      document.documentElement.setAttribute('data-app-ready', '');
    });
  }, []);
  return (
    <>
      {children}
      {extras && (
        <Suspense fallback={null}>
          <Extras />
        </Suspense>
      )}
    </>
  );
}
