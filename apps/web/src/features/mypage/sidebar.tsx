import { Badge, Box, NavLink, Paper, Skeleton, Stack } from '@mantine/core';
import { queryOptions, useQueries } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { sidebarCount } from '@registrar/rules';
import { useState } from 'react';
import { api } from '../../lib/api';
import { serviceByName, useServices } from '../../lib/site-config';
import { domainQueries } from '../domains/domain-list.api';
import { AdvancedSearchModal, KeywordSearch } from '../domains/search-forms';

/** The sibling services' counts (001 §7: server contracts, sites and domains on sale), read once a minute at most. */
const siblingCount = (path: string, field: string) =>
  queryOptions({
    queryKey: ['sidebar-count', path] as const,
    queryFn: ({ signal }) => api<Record<string, number>>(path, { signal }).then((r) => Number(r[field] ?? 0)),
    staleTime: 60_000,
    retry: false,
  });

/**
 * The services with a counter. The sibling services are shown only while the services map holds them (none by
 * default); the domain market is this product's own (docs/market.md), so it is always there.
 */
const SIBLINGS: ReadonlyArray<{ service: string; query: ReturnType<typeof siblingCount>; testId: string; own?: { label: string; href: string } }> = [
  { service: 'server', query: siblingCount('/mypage/server_contracts/count', 'serverContractsCount'), testId: 'server-count' },
  { service: 'market', query: siblingCount('/mypage/market/count', 'sellSitesCount'), testId: 'market-count' },
  { service: 'domain_market', query: siblingCount('/mypage/domain_market/count', 'sellDomainsCount'), testId: 'domain-market-count', own: { label: 'ドメインマーケット', href: '/market' } },
];

/** A count badge: a skeleton while it loads, nothing when it failed (the link still works). */
function CountBadge({ q, testId }: { q: { isPending: boolean; isError: boolean; data?: number }; testId: string }) {
  if (q.isPending) return <Skeleton h={18} w={28} data-testid="count-skeleton" />;
  if (q.isError) return null;
  return <Badge size="sm" variant="light" data-testid={testId}>{sidebarCount(q.data ?? 0)}</Badge>;
}

/**
 * The member sidebar (001 §2): domain management (with its count), new registration, transfer in, history, and the
 * server and market services with their count badges. The counts load in parallel, each with a skeleton meanwhile.
 */
export function MypageSidebar() {
  const services = useServices();
  const present = SIBLINGS.flatMap((s) => {
    if (s.own) return [{ ...s, ...s.own }];
    const entry = serviceByName(services, s.service);
    return entry ? [{ ...s, label: entry.name_jp, href: entry.url }] : [];
  });
  const [domain, ...siblings] = useQueries({
    // the domain count shares the list's query keys, so an operation's invalidation updates it too
    queries: [domainQueries.count(), ...present.map((s) => s.query)],
  });
  const [advanced, setAdvanced] = useState(false);
  return (
    <Paper withBorder radius="md" p="xs" component="nav" aria-label="マイページメニュー">
      <Stack gap={2}>
        <NavLink component={Link} to="/mypage/domain" label="ドメイン管理" rightSection={<CountBadge q={domain!} testId="domain-count" />} />
        <NavLink component={Link} to="/mypage/search" label="新規登録" />
        <NavLink component="a" href="/mypage/transferin" label="移管" />
        <NavLink component={Link} to="/mypage/actionLog" label="履歴" />
        <NavLink component={Link} to="/mypage/user/register" label="ユーザー情報" />
        {present.map((s, i) =>
          // this product's own market is a page of the app (no reload, the app's data kept); a sibling is another site
          s.own ? (
            <NavLink key={s.testId} component={Link} to={s.own.href} label={s.label} rightSection={<CountBadge q={siblings[i]!} testId={s.testId} />} />
          ) : (
            <NavLink key={s.testId} component="a" href={s.href} label={s.label} rightSection={<CountBadge q={siblings[i]!} testId={s.testId} />} />
          ),
        )}
        <Box px={6} pt="xs" pb={4}>
          <KeywordSearch onAdvanced={() => setAdvanced(true)} />
        </Box>
      </Stack>
      {advanced ? <AdvancedSearchModal opened onClose={() => setAdvanced(false)} /> : null}
    </Paper>
  );
}
