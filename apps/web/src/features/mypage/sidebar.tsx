import { Badge, NavLink, Paper, Skeleton, Stack } from '@mantine/core';
import { useQueries } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { sidebarCount } from '@registrar/rules';
import { api } from '../../lib/api';


const COUNTS = [
  { key: 'domain', path: '/mypage/domain/count', pick: (r: { count?: number }) => r.count ?? 0 },
] as const;

/** The member sidebar: domain management (with its count), new registration, transfer in, history. Counts load in parallel. */
export function MypageSidebar() {
  const counts = useQueries({
    queries: COUNTS.map((c) => ({ queryKey: ['mypage', 'count', c.key], queryFn: async () => c.pick(await api<{ count?: number }>(c.path)), staleTime: 30_000 })),
  });
  const [domain] = counts;
  return (
    <Paper withBorder radius="md" p="xs" component="nav" aria-label="マイページメニュー">
      <Stack gap={2}>
        <NavLink component={Link} to="/mypage/domain" label="ドメイン管理"
          rightSection={domain!.isPending ? <Skeleton h={18} w={28} data-testid="count-skeleton" /> : <Badge size="sm" variant="light" data-testid="domain-count">{sidebarCount(domain!.data ?? 0)}</Badge>} />
        <NavLink component={Link} to="/mypage/search" label="新規登録" />
        <NavLink component="a" href="/mypage/transferin" label="移管" />
        <NavLink component="a" href="/mypage/action_log" label="履歴" />
        <NavLink component={Link} to="/mypage/user/register" label="ユーザー情報" />
      </Stack>
    </Paper>
  );
}
