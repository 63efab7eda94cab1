import { Badge, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import type { AdminOrderDto } from '@registrar/contracts';
import { formatYen } from '@registrar/rules';
import { api } from '../../../../lib/api';
import { adminErrors } from '../../../../features/admin/admin.api';
import { AdminPage } from '../../../../features/admin/admin-page';
import { AdminError, AdminLoading, DomainLink, tokyoDateTime, UserLink, WideTable } from '../../../../features/admin/admin-ui';

export const Route = createFileRoute('/admin/orders/$kind/$id')({ component: OrderPage });

const KIND_LABEL: Record<string, string> = { order: '新規登録の注文', renewal: '更新の注文', transfer: '移管（受け入れ）' };
const STATUS_LABEL: Record<string, string> = {
  charging: '決済中', processing: '処理中', done: '完了', failed: '失敗', queued: '待機中', error: 'エラー', accepted: '受付済み（レジストリ処理待ち）',
  requesting: '申請中', pending: '承認待ち', rejected: '拒否', cancelled: 'キャンセル',
};
const PAY_LABEL: Record<string, string> = { point: 'ポイント', card: 'クレジットカード', wallet: 'ウォレット', paypal: 'PayPal' };
const statusColor = (s: string) => (s === 'done' ? 'green' : s === 'failed' || s === 'error' || s === 'rejected' ? 'red' : s === 'cancelled' ? 'gray' : 'yellow');

/** /admin/orders/{kind}/{id}: the order a points-ledger entry names (issue 26), linked from the user page's ledger. */
function OrderPage() {
  const { kind, id } = Route.useParams();
  const q = useQuery({ queryKey: ['admin', 'order', kind, id], queryFn: ({ signal }) => api<{ result: boolean; order: AdminOrderDto }>(`/admin/api/orders/${encodeURIComponent(kind)}/${encodeURIComponent(id)}`, { signal }), retry: false });
  return (
    <AdminPage title={`${KIND_LABEL[kind] ?? '注文'} ${id}`} superOnly>
      {q.isError ? <AdminError messages={adminErrors(q.error)} /> : q.isPending ? <AdminLoading /> : <Order o={q.data.order} />}
    </AdminPage>
  );
}

function Order({ o }: { o: AdminOrderDto }) {
  const rows: Array<[string, React.ReactNode]> = [
    ['ラッコID', <UserLink key="u" id={o.user_id} />],
    ['状態', <Badge key="s" color={statusColor(o.status)} variant="light">{STATUS_LABEL[o.status] ?? o.status}</Badge>],
    ['合計（税込）', formatYen(o.total)],
    ['支払い方法', PAY_LABEL[o.payment_type] ?? o.payment_type],
    ['受付日時', tokyoDateTime(o.created_at)],
    ['完了日時', tokyoDateTime(o.finished_at)],
    ...(o.error ? [['エラー', o.error] as [string, React.ReactNode]] : []),
  ];
  return (
    <Stack gap="md" data-testid="admin-order">
      <Table fz="sm" withTableBorder maw={640}>
        <Table.Tbody>{rows.map(([k, v]) => <Table.Tr key={k}><Table.Th w={140}>{k}</Table.Th><Table.Td style={{ wordBreak: 'break-all' }}>{v}</Table.Td></Table.Tr>)}</Table.Tbody>
      </Table>
      <Text fw={700} size="sm">ドメイン</Text>
      <WideTable minWidth={560} label="注文のドメイン">
        <Table striped withTableBorder fz="sm" data-testid="admin-order-items">
          <Table.Thead><Table.Tr><Table.Th>ドメイン</Table.Th><Table.Th>年数</Table.Th><Table.Th>金額</Table.Th><Table.Th>状態</Table.Th><Table.Th>エラー</Table.Th></Table.Tr></Table.Thead>
          <Table.Tbody>
            {o.items.map((i) => (
              <Table.Tr key={i.name}>
                <Table.Td style={{ wordBreak: 'break-all' }}>{i.domain_id ? <DomainLink id={i.domain_id}>{i.name}</DomainLink> : i.name}</Table.Td>
                <Table.Td>{i.period ? `${i.period}年` : '-'}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatYen(i.point)}</Table.Td>
                <Table.Td><Badge color={statusColor(i.status)} variant="light">{STATUS_LABEL[i.status] ?? i.status}</Badge></Table.Td>
                <Table.Td style={{ wordBreak: 'break-all' }}>{i.error_msg ?? '-'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </WideTable>
    </Stack>
  );
}
