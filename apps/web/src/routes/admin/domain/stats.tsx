import { Alert, Button, Grid, Group, NativeSelect, SegmentedControl, Table, Text } from '@mantine/core';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { STATS_COLUMN_LABELS, STATS_COLUMNS, STATS_MIN_YEAR, type StatsRow } from '@registrar/rules';
import { api } from '../../../lib/api';
import { adminErrors } from '../../../features/admin/admin.api';
import { AdminPage } from '../../../features/admin/admin-page';
import { AdminEmpty, AdminError, AdminLoading } from '../../../features/admin/admin-ui';

const StatsChart = lazy(() => import('../../../features/admin/stats-chart').then((m) => ({ default: m.StatsChart })));

const currentYear = () => Number(new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 4));

/** year: absent = the current year, 'all' = every period (sent as an empty year, 002 §4). quarter 0 monthly, 1 quarterly. */
interface StatsSearch { year?: string; quarter?: 0 | 1 }

export const Route = createFileRoute('/admin/domain/stats')({
  validateSearch: (s: Record<string, unknown>): StatsSearch => ({
    year: s.year === 'all' || /^\d{4}$/.test(String(s.year ?? '')) ? String(s.year) : undefined,
    quarter: String(s.quarter) === '1' ? 1 : undefined,
  }),
  component: StatsPage,
});

interface StatsAnswer { result: boolean; year: number | null; quarter: 0 | 1; stats: StatsRow[] }

const queryOf = (s: StatsSearch) => ({ year: s.year === 'all' ? '' : (s.year ?? String(currentYear())), quarter: s.quarter ?? 0 });

async function downloadCsv(s: StatsSearch) {
  const q = queryOf(s);
  const res = await fetch(`/admin/api/domain/stats/csv?year=${encodeURIComponent(q.year)}&quarter=${q.quarter}`, { headers: { 'X-Requested-With': 'XMLHttpRequest' }, credentials: 'same-origin' });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const blob = await res.blob();
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'domain_stats.csv';
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

const fmt = (n: number) => n.toLocaleString('ja-JP');

/** Contract trend (super only): a table of every Stats row column and a chart beside it; year and monthly/quarterly in the URL. */
function StatsPage() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const q = useQuery({
    queryKey: ['admin', 'stats', queryOf(search)],
    // the year goes in the URL even when empty: an empty year means every period (002 §4), no year the current one
    queryFn: ({ signal }) => { const p = queryOf(search); return api<StatsAnswer>(`/admin/api/domain/stats?year=${encodeURIComponent(p.year)}&quarter=${p.quarter}`, { signal }); },
    placeholderData: keepPreviousData,
  });
  const csv = useMutation({ mutationFn: () => downloadCsv(search) });
  const years = Array.from({ length: currentYear() - Math.max(STATS_MIN_YEAR, currentYear() - 15) + 1 }, (_, i) => String(currentYear() - i));
  const rows = q.data?.stats;
  return (
    <AdminPage title="契約推移" superOnly>
      <Group align="end" gap="sm" mb="md" wrap="wrap">
        <NativeSelect
          label="年"
          w={140}
          value={search.year ?? String(currentYear())}
          data={[...years.map((y) => ({ value: y, label: `${y}年` })), { value: 'all', label: '全期間' }]}
          onChange={(e) => void navigate({ search: { ...search, year: e.currentTarget.value === String(currentYear()) ? undefined : e.currentTarget.value } })}
        />
        <SegmentedControl
          aria-label="集計単位"
          value={String(search.quarter ?? 0)}
          data={[{ value: '0', label: '月次' }, { value: '1', label: '四半期' }]}
          onChange={(v) => void navigate({ search: { ...search, quarter: v === '1' ? 1 : undefined } })}
        />
        <Button variant="default" onClick={() => csv.mutate()} loading={csv.isPending} data-testid="stats-csv">CSVダウンロード</Button>
      </Group>
      {csv.isError ? <Alert color="red" mb="md" data-testid="stats-csv-error">エラーが発生しました</Alert> : null}
      {q.isError ? <AdminError messages={adminErrors(q.error)} /> : null}
      {q.isPending ? <AdminLoading /> : rows && rows.length === 0 ? <AdminEmpty /> : rows ? (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, lg: 5 }} style={{ minWidth: 0 }}>
            <Suspense fallback={<AdminLoading />}><StatsChart rows={rows} /></Suspense>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 7 }} style={{ minWidth: 0 }}>
            {/* a keyboard-scrollable region: the table has nothing focusable of its own */}
            <div role="region" aria-label="契約推移の表" tabIndex={0} style={{ overflowX: 'auto' }}>
              <Table striped withTableBorder fz="sm" miw={980} data-testid="stats-table">
                <Table.Thead>
                  <Table.Tr>{STATS_COLUMNS.map((c) => <Table.Th key={c} style={{ whiteSpace: 'nowrap' }}>{STATS_COLUMN_LABELS[c]}</Table.Th>)}</Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((r) => (
                    <Table.Tr key={r.interval_date} data-testid="stats-row">
                      {STATS_COLUMNS.map((c) => (
                        <Table.Td key={c} ta={typeof r[c] === 'number' ? 'right' : undefined} style={{ whiteSpace: 'nowrap' }}>
                          {typeof r[c] === 'number' ? (c === 'net_increase' && (r[c] as number) > 0 ? `+${fmt(r[c] as number)}` : fmt(r[c] as number)) : (r[c] as string)}
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </div>
            <Text size="xs" c="dimmed" mt="xs">契約数＝期首契約数＋増加−減少。増加は新規登録・移管（転入）・インポート、減少は期限切れ削除・移管（転出）。</Text>
          </Grid.Col>
        </Grid>
      ) : null}
    </AdminPage>
  );
}
