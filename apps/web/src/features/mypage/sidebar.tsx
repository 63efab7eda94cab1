import { Badge, Box, NavLink, Paper, Skeleton, Stack } from '@mantine/core';
import { useQueries } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { sidebarCount } from '@registrar/rules';
import { useState } from 'react';
import { domainQueries } from '../domains/domain-list.api';
import { AdvancedSearchModal, KeywordSearch } from '../domains/search-forms';

/** The member sidebar: domain management (with its count), new registration, transfer in, history. Counts load in parallel. */
export function MypageSidebar() {
  const counts = useQueries({
    // the domain count shares the list's query keys, so an operation's invalidation updates it too
    queries: [domainQueries.count()],
  });
  const [domain] = counts;
  const [advanced, setAdvanced] = useState(false);
  return (
    <Paper withBorder radius="md" p="xs" component="nav" aria-label="マイページメニュー">
      <Stack gap={2}>
        <NavLink component={Link} to="/mypage/domain" label="ドメイン管理"
          rightSection={domain!.isPending ? <Skeleton h={18} w={28} data-testid="count-skeleton" /> : <Badge size="sm" variant="light" data-testid="domain-count">{sidebarCount(domain!.data ?? 0)}</Badge>} />
        <NavLink component={Link} to="/mypage/search" label="新規登録" />
        <NavLink component="a" href="/mypage/transferin" label="移管" />
        <NavLink component={Link} to="/mypage/actionLog" label="履歴" />
        <NavLink component={Link} to="/mypage/user/register" label="ユーザー情報" />
        <Box px={6} pt="xs" pb={4}>
          <KeywordSearch onAdvanced={() => setAdvanced(true)} />
        </Box>
      </Stack>
      {advanced ? <AdvancedSearchModal opened onClose={() => setAdvanced(false)} /> : null}
    </Paper>
  );
}
