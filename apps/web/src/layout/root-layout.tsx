import { Box } from '@mantine/core';
import { Outlet, useRouterState } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { SiteFooter } from './footer';
import { SiteHeader } from './header';
import { HeaderAnnouncements } from '../features/notifications/header-announcements';
import { useSession } from '../lib/session';

// only a signed-in member can owe a consent: the dialog's code is not part of a guest's first load
const LazyReconsentGate = lazy(() => import('../features/help/consent-gate').then((m) => ({ default: m.ReconsentGate })));
function ReconsentGate() {
  const { isSignedIn } = useSession();
  return isSignedIn ? (
    <Suspense fallback={null}>
      <LazyReconsentGate />
    </Suspense>
  ) : null;
}

/** The public layout around every page (the admin area has its own). */
export function RootLayout() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  if (pathname === '/admin' || pathname.startsWith('/admin/')) {
    return (
      <>
        <Outlet />
        <ReconsentGate />
      </>
    );
  }
  return (
    <Box mih="100dvh" style={{ display: 'flex', flexDirection: 'column' }}>
      <SiteHeader />
      <HeaderAnnouncements />
      <Box component="main" style={{ flex: 1, minWidth: 0 }}>
        <Outlet />
      </Box>
      <SiteFooter />
      <ReconsentGate />
    </Box>
  );
}
