import { Alert, Anchor, Badge, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { AdminDashboard } from '@registrar/contracts';
import { formatYen } from '@registrar/rules';
import { api } from '../../lib/api';
import { adminErrors } from '../../features/admin/admin.api';
import { AdminPage } from '../../features/admin/admin-page';
import { AdminError, AdminLoading, WideTable } from '../../features/admin/admin-ui';

export const Route = createFileRoute('/admin/')({ component: DashboardPage });

const PART_NAMES: Record<string, string> = { ops: '売上・登録', jobs: 'ジョブ', inbox: 'WHOIS代理メール' };

/** A figure with its label, and a link to the screen that lists it. */
function Figure({ label, value, sub, to, search, href, testId, alert }: { label: string; value: ReactNode; sub?: ReactNode; to?: string; search?: Record<string, unknown>; href?: string; testId: string; alert?: boolean }) {
  const body = (
    <Card withBorder radius="md" p="sm" h="100%" data-testid={testId} data-alert={alert ? '1' : '0'} style={alert ? { borderColor: 'var(--mantine-color-red-5)' } : undefined}>
      <Text size="xs" c="dimmed">{label}</Text>
      <Text fw={700} fz={22} c={alert ? 'red.8' : undefined} style={{ fontVariantNumeric: 'tabular-nums' }}>{value}</Text>
      {sub ? <Text size="sm" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>{sub}</Text> : null}
    </Card>
  );
  // the card's own text (label and figure) names the link
  if (href) return <Anchor href={href} underline="never" c="inherit">{body}</Anchor>;
  if (to) return <Anchor renderRoot={(props) => <Link {...props} to={to as never} search={search as never} />} underline="never" c="inherit">{body}</Anchor>;
  return body;
}

const n = (v: number) => `${v.toLocaleString('ja-JP')}件`;

/**
 * /admin: the dashboard the back office opens on (issue 26): today's sales and registrations (Asia/Tokyo day), failed
 * items and stuck orders, the transfers under way, and for super admins the queues' failed and stuck jobs and the WHOIS
 * proxy mail backlog, each linking to the screen that lists it. GET /admin/api/dashboard (docs/admin.md).
 */
function DashboardPage() {
  const q = useQuery({
    queryKey: ['admin', 'dashboard'],
    queryFn: ({ signal }) => api<AdminDashboard>('/admin/api/dashboard', { signal, timeoutMs: 30_000 }),
    refetchInterval: 60_000,
    retry: false,
  });
  return (
    <AdminPage title="ダッシュボード">
      {q.isError ? <AdminError messages={adminErrors(q.error)} /> : q.isPending ? <AdminLoading /> : <Dashboard d={q.data} />}
    </AdminPage>
  );
}

function Dashboard({ d }: { d: AdminDashboard }) {
  const o = d.ops;
  const day = o?.day;
  const logToday = day ? { dateFrom: day, dateTo: day } : {};
  return (
    <Stack gap="lg" data-testid="admin-dashboard">
      {d.unavailable.length ? (
        <Alert color="yellow" variant="light" data-testid="dashboard-unavailable">
          {d.unavailable.map((p) => PART_NAMES[p] ?? p).join('・')}の集計を取得できませんでした。しばらくしてから再読み込みしてください。
        </Alert>
      ) : null}
      {o ? (
        <Stack gap="xs">
          <Group gap="xs" align="baseline"><Title order={2} fz="md">本日の売上・登録</Title><Text size="xs" c="dimmed">{o.day.replace(/-/g, '/')}（日本時間）</Text></Group>
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
            <Figure label="売上（税込）" value={formatYen(o.salesYen)} to="/admin/action_log" search={{ date1: o.day, date2: o.day }} testId="dash-sales" />
            <Figure label="新規登録" value={n(o.registrations.count)} sub={formatYen(o.registrations.yen)} to="/admin/onamae_log" search={{ ...logToday, actionType: 'domain:create', resultCodeType: 'success' }} testId="dash-registrations" />
            <Figure label="更新" value={n(o.renewals.count)} sub={formatYen(o.renewals.yen)} to="/admin/onamae_log" search={{ ...logToday, actionType: 'domain:renew', resultCodeType: 'success' }} testId="dash-renewals" />
            <Figure label="移管（受け入れ完了）" value={n(o.transfersIn.count)} sub={formatYen(o.transfersIn.yen)} to="/admin/onamae_log" search={{ ...logToday, actionType: 'domain:transfer:request' }} testId="dash-transfers-done" />
          </SimpleGrid>
        </Stack>
      ) : null}
      <Stack gap="xs">
        <Title order={2} fz="md">要確認</Title>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          {o ? <Figure label="本日失敗した登録・更新" value={n(o.failedItems)} alert={o.failedItems > 0} to="/admin/onamae_log" search={{ ...logToday, resultCodeType: 'failed' }} testId="dash-failed-items" /> : null}
          {o ? <Figure label={`${15}分以上処理中の注文`} value={n(o.stuckOrders.registration + o.stuckOrders.renewal)} alert={o.stuckOrders.registration + o.stuckOrders.renewal > 0} href={d.jobs ? '/admin/queues' : undefined} testId="dash-stuck-orders" /> : null}
          {o ? <Figure label="移管中（受け入れ／移管承認待ち）" value={`${o.pendingTransfers.in}／${o.pendingTransfers.out}件`} to="/admin/onamae_log" search={{ actionType: 'domain:transfer:query' }} testId="dash-pending-transfers" /> : null}
          {d.inbox ? <Figure label="WHOIS代理メール 未処理／失敗" value={`${d.inbox.untreated}／${d.inbox.failed}件`} alert={d.inbox.failed > 0} to="/admin/whois/emails" search={{ status: d.inbox.failed > 0 ? 2 : 0 }} testId="dash-inbox" /> : null}
          {d.jobs ? <Figure label="失敗したジョブ" value={n(d.jobs.failed)} alert={d.jobs.failed > 0} href="/admin/queues" testId="dash-jobs-failed" /> : null}
          {d.jobs ? <Figure label={`${d.jobs.stuckMinutes}分以上滞留しているジョブ`} value={n(d.jobs.stuck)} alert={d.jobs.stuck > 0} href="/admin/queues" testId="dash-jobs-stuck" /> : null}
        </SimpleGrid>
      </Stack>
      {d.jobs ? (
        <Stack gap="xs">
          <Title order={2} fz="md">キュー</Title>
          <WideTable minWidth={480} label="キュー">
            <Table striped withTableBorder fz="sm" data-testid="dash-queues">
              <Table.Thead><Table.Tr><Table.Th>キュー</Table.Th><Table.Th>待機</Table.Th><Table.Th>実行中</Table.Th><Table.Th>滞留</Table.Th><Table.Th>失敗</Table.Th></Table.Tr></Table.Thead>
              <Table.Tbody>
                {d.jobs.queues.map((x) => (
                  <Table.Tr key={x.name} data-queue={x.name}>
                    <Table.Td><Anchor href={`/admin/queues/queue/${encodeURIComponent(x.name)}`} size="sm">{x.name}</Anchor></Table.Td>
                    <Table.Td>{x.waiting}</Table.Td>
                    <Table.Td>{x.active}</Table.Td>
                    <Table.Td>{x.stuck ? <Badge color="orange" variant="light">{x.stuck}</Badge> : 0}</Table.Td>
                    <Table.Td>{x.failed ? <Badge color="red" variant="light">{x.failed}</Badge> : 0}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </WideTable>
        </Stack>
      ) : null}
    </Stack>
  );
}
