import { Badge, Button, SegmentedControl, Table } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { PRODUCT } from '@registrar/messages';
import { adminErrors, adminUsersApi } from '../../features/admin/admin.api';
import { AdminPage } from '../../features/admin/admin-page';
import { AdminEmpty, AdminError, AdminLoading, tokyoDateTime, WideTable, UserLink } from '../../features/admin/admin-ui';

type Status = 'pending' | 'confirmed' | 'cancelled';
const LABEL: Record<Status, string> = { pending: '入金待ち', confirmed: '確認済み', cancelled: '取消' };

export const Route = createFileRoute('/admin/bank_transfers')({
  validateSearch: (s: Record<string, unknown>): { status?: Status } => ({ status: s.status === 'confirmed' || s.status === 'cancelled' ? s.status : undefined }),
  component: BankTransfersPage,
});

/** Bank-transfer top-ups (super only: confirming credits points): a super admin confirms the money arrived, and the points are credited once. */
function BankTransfersPage() {
  return (
    <AdminPage title="銀行振込確認" superOnly>
      <BankTransfers />
    </AdminPage>
  );
}

/** Rendered for a super admin only, so a normal admin's page makes no call the server would refuse. */
function BankTransfers() {
  const status: Status = Route.useSearch().status ?? 'pending';
  const navigate = useNavigate({ from: Route.fullPath });
  const qc = useQueryClient();
  const list = useQuery({ queryKey: ['admin', 'bank_transfers', status], queryFn: ({ signal }) => adminUsersApi.bankTransfers(status, signal) });
  const confirm = useMutation({ mutationFn: (id: number) => adminUsersApi.confirmTransfer(id), onSuccess: () => qc.invalidateQueries({ queryKey: ['admin', 'bank_transfers'] }) });
  return (
    <>
      <SegmentedControl mb="md" value={status} onChange={(v) => void navigate({ search: { status: v === 'pending' ? undefined : (v as Status) } })}
        data={(Object.keys(LABEL) as Status[]).map((s) => ({ value: s, label: LABEL[s] }))} />
      {confirm.isError ? <AdminError messages={adminErrors(confirm.error)} /> : null}
      {list.isError ? <AdminError messages={adminErrors(list.error)} /> : list.isPending ? <AdminLoading /> : list.data.topUps.length === 0 ? <AdminEmpty /> : (
        <WideTable minWidth={680}>
          <Table striped withTableBorder fz="sm">
            <Table.Thead><Table.Tr><Table.Th>振込番号</Table.Th><Table.Th>ラッコID</Table.Th><Table.Th>金額</Table.Th><Table.Th>申込日時</Table.Th><Table.Th>状態</Table.Th><Table.Th /></Table.Tr></Table.Thead>
            <Table.Tbody>
              {list.data.topUps.map((t) => (
                <Table.Tr key={t.id} data-testid="transfer-row">
                  <Table.Td>{t.reference}</Table.Td>
                  <Table.Td><UserLink id={t.userId}>{t.userId}</UserLink></Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{t.amount.toLocaleString('ja-JP')}円</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{tokyoDateTime(t.createdAt)}</Table.Td>
                  <Table.Td><Badge color={t.status === 'confirmed' ? 'green' : t.status === 'pending' ? 'yellow' : 'gray'} variant="light">{LABEL[t.status]}</Badge>{t.confirmedAt ? ` ${tokyoDateTime(t.confirmedAt)}` : ''}</Table.Td>
                  <Table.Td>
                    {t.status === 'pending' ? (
                      <Button size="compact-sm" loading={confirm.isPending && confirm.variables === t.id}
                        onClick={() => { if (window.confirm(`${t.reference}（${t.amount.toLocaleString('ja-JP')}円）の入金を確認し、${PRODUCT.pointUnit}を付与します。よろしいですか？`)) confirm.mutate(t.id); }}>入金確認</Button>
                    ) : null}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </WideTable>
      )}
    </>
  );
}
