import { lazy, Suspense, type ReactNode } from 'react';

/**
 * Notifications (snackbars) and the modals manager are the member app's: loaded after the page is shown, so a public
 * page's first load carries neither their code nor their styles. Until they arrive nothing can have called them.
 */
const Extras = lazy(() => import('./app-extras'));

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <>
      <Suspense fallback={null}>
        <Extras />
      </Suspense>
      {children}
    </>
  );
}
