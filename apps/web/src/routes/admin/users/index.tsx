import { Badge, Button, Group, Table, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useEffect, useState, type FormEvent } from 'react';
import { adminErrors, adminUsersApi } from '../../../features/admin/admin.api';
import { AdminPage } from '../../../features/admin/admin-page';
import { AdminEmpty, AdminError, AdminLoading, tokyoDateTime, WideTable, UserLink } from '../../../features/admin/admin-ui';

export const Route = createFileRoute('/admin/users/')({
  validateSearch: (s: Record<string, unknown>): { q?: string | number } => ({ q: (typeof s.q === 'string' && s.q) || typeof s.q === 'number' ? s.q : undefined }),
  component: UsersPage,
});

export const IDENTITY_LABEL = { 0: '未申請', 1: '承認済み', 2: '審査中' } as const;

function UsersPage() {
  const { q: query } = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const [q, setQ] = useState(String(query ?? ''));
  useEffect(() => setQ(String(query ?? '')), [query]);
  const r = useQuery({ queryKey: ['admin', 'users', String(query ?? '')], queryFn: ({ signal }) => adminUsersApi.search(String(query ?? ''), signal) });
  const submit = (e: FormEvent) => { e.preventDefault(); const t = q.trim();
    void navigate({ search: { q: (/^\d{1,15}$/.test(t) ? Number(t) : t || undefined) } }); };
  return (
    <AdminPage title="ユーザー" superOnly>
      <form onSubmit={submit}>
        <Group align="end" gap="sm" mb="md" wrap="wrap">
          <TextInput label="ラッコID・メールアドレス・氏名" value={q} onChange={(e) => setQ(e.currentTarget.value)} w={{ base: '100%', xs: 320 }} />
          <Button type="submit">検索</Button>
        </Group>
      </form>
      {r.isError ? <AdminError messages={adminErrors(r.error)} /> : null}
      {r.isPending ? <AdminLoading /> : r.data && r.data.users.length === 0 ? <AdminEmpty /> : r.data ? (
        <WideTable minWidth={680}>
          <Table striped withTableBorder fz="sm">
            <Table.Thead><Table.Tr><Table.Th>ラッコID</Table.Th><Table.Th>メールアドレス</Table.Th><Table.Th>氏名</Table.Th><Table.Th>本人確認</Table.Th><Table.Th>登録日時</Table.Th></Table.Tr></Table.Thead>
            <Table.Tbody>
              {r.data.users.map((u) => (
                <Table.Tr key={u.id} data-testid="user-row">
                  <Table.Td><UserLink id={u.id}>{u.id}</UserLink>{u.admin_role ? <Badge ml={6} size="xs" color={u.admin_role === 1 ? 'red' : 'blue'}>{u.admin_role === 1 ? 'スーパー' : '管理者'}</Badge> : null}</Table.Td>
                  <Table.Td style={{ wordBreak: 'break-all' }}>{u.email}</Table.Td>
                  <Table.Td>{[u.last_name, u.first_name].filter(Boolean).join(' ') || u.company_name || '-'}</Table.Td>
                  <Table.Td>{IDENTITY_LABEL[u.identity_verify_status]}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{tokyoDateTime(u.created_at)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </WideTable>
      ) : null}
    </AdminPage>
  );
}
