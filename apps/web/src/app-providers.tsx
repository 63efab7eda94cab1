import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { whenHydrated } from './lib/hydration';

/**
 * Notifications (snackbars) are the member app's: their code and styles load after the page is shown (and after a
 * server-rendered page is hydrated, so the markup the browser hydrates is exactly the server's). Until they arrive
 * nothing can have called them; a snackbar raised meanwhile waits in Mantine's store.
 */
const Extras = lazy(() => import('./app-extras'));

export function AppProviders({ children }: { children: ReactNode }) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    setMounted(true);
    const root = document.getElementById('root');
    if (!root) return;
    // the app is live once the page's routes are hydrated too (React hydrates their Suspense boundaries after this
    // commit): pointer events reach their tooltips and buttons from then on, and links navigate inside the app (the
    // browser tests wait for data-app-ready)
    return whenHydrated(root, () => {
      root.removeAttribute('inert');
      root.style.removeProperty('pointer-events');
      document.documentElement.setAttribute('data-app-ready', '');
    });
  }, []);
  return (
    <>
      {children}
      {mounted && (
        <Suspense fallback={null}>
          <Extras />
        </Suspense>
      )}
    </>
  );
}
