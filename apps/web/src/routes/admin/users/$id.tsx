import { Alert, Anchor, Badge, Button, Card, Group, NumberInput, Select, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { adminDomainState } from '@registrar/rules';
import { useState, type FormEvent, type ReactNode } from 'react';
import { PRODUCT } from '@registrar/messages';
import { adminErrors, adminUsersApi } from '../../../features/admin/admin.api';
import { AdminPage } from '../../../features/admin/admin-page';
import { AdminEmpty, AdminError, AdminLoading, AdminPager, tokyoDateTime, WideTable, DomainLink } from '../../../features/admin/admin-ui';
import { useSession } from '../../../lib/session';

export const Route = createFileRoute('/admin/users/$id')({ component: UserPage });

const IDENTITY_LABEL = { 0: '未申請', 1: '承認済み', 2: '審査中' } as const;
const KIND_LABEL: Record<string, string> = { grant: '付与', purchase: '購入', spend: '利用', refund: '返金', card_surplus: 'カード差額', bank_transfer: '銀行振込', adjust: '手動調整' };
const newKey = () => (crypto.randomUUID ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`);

function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Card withBorder radius="md" p="md" data-testid={testId}>
      <Title order={2} fz="md" mb="sm">{title}</Title>
      {children}
    </Card>
  );
}

/** The admin user page: profile, identity, points, domains. Super admins also approve the identity, adjust points (through the ledger) and set the role. */
function UserPage() {
  const id = Number(Route.useParams().id);
  const { user: me } = useSession();
  const isSuper = me?.admin_role === 1;
  const qc = useQueryClient();
  const [page, setPage] = useState(1);
  const u = useQuery({ queryKey: ['admin', 'user', id], queryFn: ({ signal }) => adminUsersApi.get(id, signal), retry: false });
  const p = useQuery({ queryKey: ['admin', 'user', id, 'points', page], queryFn: ({ signal }) => adminUsersApi.points(id, page, signal), retry: false });
  const d = useQuery({ queryKey: ['admin', 'user', id, 'domains'], queryFn: ({ signal }) => adminUsersApi.domains(id, signal), retry: false });
  const approve = useMutation({ mutationFn: () => adminUsersApi.approve(id), onSuccess: () => qc.invalidateQueries({ queryKey: ['admin', 'user', id] }) });

  if (u.isPending) return <AdminPage title={`ユーザー ${id}`} superOnly><AdminLoading /></AdminPage>;
  if (u.isError) return <AdminPage title={`ユーザー ${id}`} superOnly><AdminError messages={adminErrors(u.error)} /></AdminPage>;
  const user = u.data.user;
  const rows: Array<[string, ReactNode]> = [
    [PRODUCT.accountIdName, user.id], ['メールアドレス', user.email], ['氏名', [user.last_name, user.first_name].filter(Boolean).join(' ') || '-'],
    ['会社名', user.company_name || '-'], ['電話番号', user.phone || '-'], ['SMS認証', user.authenticated_phone ? `済（${user.authenticated_phone}）` : '未'],
    ['住所', [user.post_code, user.prefecture, user.address1, user.address2, user.address3].filter(Boolean).join(' ') || '-'],
    ['ユーザー情報登録', user.profile_completed ? '済' : '未'], ['二段階認証', user.two_factor_enabled ? '有効' : '無効'],
  ];
  return (
    <AdminPage title={`ユーザー ${user.id}`} superOnly>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
          <Section title="プロフィール">
            <Table fz="sm" withRowBorders data-testid="user-profile"><Table.Tbody>{rows.map(([k, v]) => <Table.Tr key={k}><Table.Th w={140}>{k}</Table.Th><Table.Td style={{ wordBreak: 'break-all' }}>{v}</Table.Td></Table.Tr>)}</Table.Tbody></Table>
          </Section>
          <Stack gap="md">
            <Section title="本人確認" testId="user-identity">
              <Group gap="sm">
                <Badge color={user.identity_verify_status === 1 ? 'green' : user.identity_verify_status === 2 ? 'yellow' : 'gray'} size="lg">{IDENTITY_LABEL[user.identity_verify_status]}</Badge>
                {isSuper && user.identity_verify_status !== 1 ? <Button size="xs" loading={approve.isPending} onClick={() => approve.mutate()}>承認する</Button> : null}
              </Group>
              {approve.isError ? <AdminError messages={adminErrors(approve.error)} /> : null}
              {approve.data ? <Text size="sm" c="green" mt="xs">{approve.data.message[0]}</Text> : null}
            </Section>
            {isSuper ? <RoleSection id={user.id} role={user.admin_role} self={me?.id === user.id} /> : null}
          </Stack>
        </SimpleGrid>
        <Section title={PRODUCT.pointName} testId="user-points">
          {p.isError ? <AdminError messages={adminErrors(p.error)} /> : p.isPending ? <AdminLoading /> : (
            <Stack gap="sm">
              <Text fw={700} fz="xl" data-testid="user-point-balance">{p.data.point.toLocaleString('ja-JP')} {PRODUCT.pointUnit}</Text>
              {isSuper ? <AdjustForm id={user.id} /> : null}
              {p.data.history.data.length === 0 ? <AdminEmpty>履歴はありません</AdminEmpty> : (
                <WideTable minWidth={560}>
                  <Table striped fz="sm">
                    <Table.Thead><Table.Tr><Table.Th>日時</Table.Th><Table.Th>種類</Table.Th><Table.Th>増減</Table.Th><Table.Th>残高</Table.Th><Table.Th>内容</Table.Th></Table.Tr></Table.Thead>
                    <Table.Tbody>
                      {p.data.history.data.map((e) => (
                        <Table.Tr key={e.id} data-testid="point-entry">
                          <Table.Td style={{ whiteSpace: 'nowrap' }}>{tokyoDateTime(e.createdAt)}</Table.Td>
                          <Table.Td>{KIND_LABEL[e.kind] ?? e.kind}</Table.Td>
                          <Table.Td c={e.delta > 0 ? 'blue' : 'red'} style={{ whiteSpace: 'nowrap' }}>{e.delta > 0 ? '+' : ''}{e.delta.toLocaleString('ja-JP')}</Table.Td>
                          <Table.Td>{e.balanceAfter.toLocaleString('ja-JP')}</Table.Td>
                          <Table.Td style={{ wordBreak: 'break-all' }}><LedgerReference reference={e.reference} /></Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </WideTable>
              )}
              <Group justify="center"><AdminPager page={page} last={p.data.history.last_page} onChange={setPage} /></Group>
            </Stack>
          )}
        </Section>
        <Section title="ドメイン" testId="user-domains">
          {d.isError ? <AdminError messages={adminErrors(d.error)} /> : d.isPending ? <AdminLoading /> : d.data.domains.length === 0 ? <AdminEmpty>ドメインはありません</AdminEmpty> : (
            <WideTable minWidth={520}>
              <Table striped fz="sm">
                <Table.Thead><Table.Tr><Table.Th>ドメイン</Table.Th><Table.Th>状態</Table.Th><Table.Th>有効期限</Table.Th></Table.Tr></Table.Thead>
                <Table.Tbody>
                  {d.data.domains.map((x) => (
                    <Table.Tr key={x.id}>
                      <Table.Td><DomainLink id={x.id}>{x.name}</DomainLink></Table.Td>
                      <Table.Td>{adminDomainState(x, new Date()).label}</Table.Td>
                      <Table.Td>{x.due_date ? tokyoDateTime(x.due_date).slice(0, 10) : '-'}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </WideTable>
          )}
        </Section>
      </Stack>
    </AdminPage>
  );
}

/** A ledger entry's reference: `order:{uuid}`, `renewal:{uuid}` and `transfer:{id}` link to that order (issue 26). */
function LedgerReference({ reference }: { reference: string | null }) {
  const m = /^(order|renewal|transfer):([\w-]+)$/.exec(reference ?? '');
  if (!m) return <>{reference ?? '-'}</>;
  return (
    <Anchor size="sm" data-testid="ledger-order-link" renderRoot={(props) => <Link {...props} to="/admin/orders/$kind/$id" params={{ kind: m[1]!, id: m[2]! }} />}>
      {reference}
    </Anchor>
  );
}

function AdjustForm({ id }: { id: number }) {
  const qc = useQueryClient();
  const [amount, setAmount] = useState<number | string>('');
  const [reason, setReason] = useState('');
  const [key, setKey] = useState(newKey);
  const m = useMutation({
    mutationFn: () => adminUsersApi.adjust(id, Number(amount), reason.trim(), key),
    onSuccess: () => { setAmount(''); setReason(''); setKey(newKey()); void qc.invalidateQueries({ queryKey: ['admin', 'user', id, 'points'] }); },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const n = Number(amount);
    if (!Number.isInteger(n) || n === 0 || !reason.trim()) return;
    if (!window.confirm(`${n > 0 ? '+' : ''}${n.toLocaleString('ja-JP')} ${PRODUCT.pointUnit} を調整します。よろしいですか？`)) return;
    m.mutate();
  };
  return (
    <form onSubmit={submit} aria-label="ポイント調整">
      <Group align="end" gap="sm" wrap="wrap">
        <NumberInput label="調整（マイナスで減算）" value={amount} onChange={setAmount} allowDecimal={false} w={180} required />
        <TextInput label="理由" value={reason} onChange={(e) => setReason(e.currentTarget.value)} maxLength={200} w={{ base: '100%', xs: 280 }} required />
        <Button type="submit" loading={m.isPending} disabled={!Number(amount) || !reason.trim()}>調整する</Button>
      </Group>
      {m.isError ? <AdminError messages={adminErrors(m.error)} /> : null}
      {m.data ? <Alert color="green" mt="xs" data-testid="adjust-done">調整しました（残高 {m.data.point.toLocaleString('ja-JP')} {PRODUCT.pointUnit}）</Alert> : null}
    </form>
  );
}

function RoleSection({ id, role, self }: { id: number; role: 1 | 2 | null; self: boolean }) {
  const qc = useQueryClient();
  const [value, setValue] = useState<string>(role ? String(role) : '0');
  const m = useMutation({ mutationFn: () => adminUsersApi.setRole(id, value === '0' ? null : (Number(value) as 1 | 2)), onSuccess: () => qc.invalidateQueries({ queryKey: ['admin', 'user', id] }) });
  return (
    <Section title="管理者権限" testId="user-role">
      <Group align="end" gap="sm">
        <Select data={[{ value: '0', label: 'なし（会員）' }, { value: '2', label: '管理者' }, { value: '1', label: 'スーパー管理者' }]} value={value} onChange={(v) => setValue(v ?? '0')} allowDeselect={false} w={200} aria-label="管理者権限" disabled={self} />
        <Button size="sm" variant="default" loading={m.isPending} disabled={self || value === (role ? String(role) : '0')} onClick={() => m.mutate()}>変更する</Button>
      </Group>
      {self ? <Text size="xs" c="dimmed" mt={4}>自分の権限は変更できません。</Text> : null}
      {m.isError ? <AdminError messages={adminErrors(m.error)} /> : null}
      {m.isSuccess ? <Text size="sm" c="green" mt="xs">変更しました（対象アカウントのセッションは終了しました）</Text> : null}
    </Section>
  );
}
