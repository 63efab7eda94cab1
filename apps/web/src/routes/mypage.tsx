import { Box, Group, Paper, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { createFileRoute, Outlet, useRouterState } from '@tanstack/react-router';
import type { CSSProperties } from 'react';
import { requireMember } from '../features/account/require-member';
import { RotatingBanner } from '../features/mypage/rotating-banner';
import { MypageSidebar } from '../features/mypage/sidebar';
import { useQueryClient } from '@tanstack/react-query';
import { SettingsMenu } from '../features/whois-settings/settings-menu';
import { CART_SIDE_QUERY } from '../features/cart/cart-panel';
import { useWhoisStatusPolling } from '../features/whois-settings/whois-status-polling';

/**
 * The member area layout (001 spec sidebar): guests are sent to /login by the beforeLoad guard; snackbars come from
 * Mantine notifications mounted at the root (bottom right, 4000 ms, a click dismisses).
 */
export const Route = createFileRoute('/mypage')({ beforeLoad: requireMember, component: MypageLayout });

function MypageLayout() {
  // phones: one column (the header's menu has the links); the sidebar would squeeze the page below 340 px
  const wide = useMediaQuery('(min-width: 48em)', true) ?? true;
  // the member search at 1280 px and up (issue 26): a wider frame and a narrower sidebar leave the result table its
  // one-row-per-name layout (as guests have it) beside the cart, instead of the two-line layout of narrow columns
  const searchWide = useMediaQuery(CART_SIDE_QUERY, true) ?? true;
  const onSearch = useRouterState({ select: (s) => s.location.pathname.startsWith('/mypage/search') }) && searchWide;
  // WHOIS changes in progress: the domain rows are re-read whenever the processing count changes (001 §4)
  const qc = useQueryClient();
  useWhoisStatusPolling(() => void qc.invalidateQueries({ queryKey: ['domains'] }));
  return (
    // phones: a margin from the screen edges for the pages without their own container
    <Box maw={onSearch ? 1440 : 1200} mx="auto" px={wide ? 'md' : 12} py="md" style={wide ? undefined : ({ '--page-inset-base': '0px' } as CSSProperties)}>
      <Box style={{ display: 'grid', gridTemplateColumns: wide ? `${onSearch ? 'minmax(190px, 200px)' : 'minmax(200px, 260px)'} minmax(0, 1fr)` : 'minmax(0, 1fr)', gap: 'var(--mantine-spacing-md)', alignItems: 'start' }}>
        {wide ? (
          <Stack gap="md">
            <MypageSidebar />
            <Paper withBorder radius="md" px="sm" py={6}>
              <Group justify="space-between">
                <Text size="sm">設定</Text>
                <SettingsMenu />
              </Group>
            </Paper>
            <RotatingBanner />
          </Stack>
        ) : null}
        <Box>
          {wide ? null : (
            <Group justify="flex-end" pb="xs">
              <SettingsMenu />
            </Group>
          )}
          <Outlet />
        </Box>
      </Box>
    </Box>
  );
}
