import { Box } from '@mantine/core';
import { Outlet, useRouterState } from '@tanstack/react-router';
import { SiteFooter } from './footer';
import { SiteHeader } from './header';
import { HeaderAnnouncements } from '../features/notifications/header-announcements';
import { ReconsentGate } from '../features/help/consent-gate';

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
