import { Badge, Button, Group, Table, Text, TextInput } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { adminApi, adminErrors } from '../../features/admin/admin.api';
import { AdminPage } from '../../features/admin/admin-page';
import { AdminEmpty, AdminError, AdminLoading, AdminPager, JsonModal, tokyoDateTime, WideTable } from '../../features/admin/admin-ui';

interface AuditSearch { page?: number; adminId?: number; action?: string }

export const Route = createFileRoute('/admin/audit_log')({
  validateSearch: (s: Record<string, unknown>): AuditSearch => ({
    page: Number(s.page) > 1 ? Math.floor(Number(s.page)) : undefined,
    adminId: Number(s.adminId) > 0 ? Math.floor(Number(s.adminId)) : undefined,
    action: typeof s.action === 'string' && s.action ? s.action : undefined,
  }),
  component: AuditLogPage,
});

/** Super admins read who did what in the admin area, with the before/after of each action. */
function AuditLogPage() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const [adminId, setAdminId] = useState(search.adminId ? String(search.adminId) : '');
  const [action, setAction] = useState(search.action ?? '');
  const [shown, setShown] = useState<{ title: string; value: unknown } | null>(null);
  const q = useQuery({ queryKey: ['admin', 'audit', search], queryFn: ({ signal }) => adminApi.auditLog(search, signal), placeholderData: keepPreviousData });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void navigate({ search: { adminId: Number(adminId) > 0 ? Number(adminId) : undefined, action: action.trim() || undefined } });
  };
  const page = q.data?.auditLogs;
  return (
    <AdminPage title="管理操作ログ" superOnly>
      <form onSubmit={submit}>
        <Group align="end" gap="sm" mb="md" wrap="wrap">
          <TextInput label="管理者ID" value={adminId} onChange={(e) => setAdminId(e.currentTarget.value)} inputMode="numeric" w={140} />
          <TextInput label="操作" value={action} onChange={(e) => setAction(e.currentTarget.value)} w={220} />
          <Button type="submit">検索</Button>
        </Group>
      </form>
      {q.isError ? <AdminError messages={adminErrors(q.error)} /> : null}
      {q.isPending ? <AdminLoading /> : page && page.data.length === 0 ? <AdminEmpty /> : page ? (
        <>
          <Text size="sm" mb="xs" data-testid="audit-total">{page.total}件</Text>
          <WideTable minWidth={860}>
            <Table striped withTableBorder fz="sm">
              <Table.Thead>
                <Table.Tr><Table.Th>日時</Table.Th><Table.Th>管理者</Table.Th><Table.Th>操作</Table.Th><Table.Th>対象</Table.Th><Table.Th>結果</Table.Th><Table.Th>内容</Table.Th></Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {page.data.map((a) => (
                  <Table.Tr key={a.id} data-testid="audit-row">
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{tokyoDateTime(a.created_at)}</Table.Td>
                    <Table.Td>{a.admin_id}{a.admin_role === 1 ? '（スーパー）' : ''}</Table.Td>
                    <Table.Td><Text size="sm" fw={600}>{a.action}</Text><Text size="xs" c="dimmed">{a.method} {a.path}</Text></Table.Td>
                    <Table.Td>{a.target ?? '-'}</Table.Td>
                    <Table.Td><Badge color={a.status < 400 ? 'green' : 'red'} variant="light">{a.status}</Badge></Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <Button size="compact-xs" variant="default" onClick={() => setShown({ title: 'リクエスト', value: a.request })}>リクエスト</Button>
                        <Button size="compact-xs" variant="default" onClick={() => setShown({ title: '変更前', value: a.before })}>変更前</Button>
                        <Button size="compact-xs" variant="default" onClick={() => setShown({ title: '変更後', value: a.after })}>変更後</Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </WideTable>
          <Group justify="center" mt="md"><AdminPager page={page.current_page ?? 1} last={page.last_page} onChange={(p) => void navigate({ search: { ...search, page: p > 1 ? p : undefined } })} /></Group>
        </>
      ) : null}
      {shown ? <JsonModal title={shown.title} value={shown.value} onClose={() => setShown(null)} /> : null}
    </AdminPage>
  );
}
