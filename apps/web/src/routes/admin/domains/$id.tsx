import { SimpleGrid, Stack, Table, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { M } from '@registrar/messages';
import { adminErrors, adminUsersApi } from '../../../features/admin/admin.api';
import { AdminPage } from '../../../features/admin/admin-page';
import { AdminEmpty, AdminError, AdminLoading, JsonView, tokyoDateTime, UserLink } from '../../../features/admin/admin-ui';

export const Route = createFileRoute('/admin/domains/$id')({ component: AdminDomainPage });

/** /admin/domains/{id}: one of our domains (any member's), our record beside the registry's info. */
function AdminDomainPage() {
  const id = Number(Route.useParams().id);
  const q = useQuery({ queryKey: ['admin', 'domain', id], queryFn: ({ signal }) => adminUsersApi.domainById(id, signal), retry: false });
  const ours = q.data?.info?.ours ?? null;
  return (
    <AdminPage title={ours ? String(ours.name) : `ドメイン ${id}`}>
      {q.isError ? <AdminError messages={adminErrors(q.error)} /> : q.isPending ? <AdminLoading /> : !q.data.info ? <AdminEmpty>{M.noDomainInfo}</AdminEmpty> : (
        <Stack gap="md">
          {ours ? (
            <Table fz="sm" withTableBorder maw={640} data-testid="admin-domain-summary">
              <Table.Tbody>
                <Table.Tr><Table.Th w={160}>ラッコID</Table.Th><Table.Td><UserLink id={String(ours.user_id)}>{String(ours.user_id)}</UserLink></Table.Td></Table.Tr>
                <Table.Tr><Table.Th>状態</Table.Th><Table.Td>{String(ours.status)}</Table.Td></Table.Tr>
                <Table.Tr><Table.Th>有効期限</Table.Th><Table.Td>{ours.due_date ? tokyoDateTime(String(ours.due_date)).slice(0, 10) : '-'}</Table.Td></Table.Tr>
                <Table.Tr><Table.Th>ネームサーバー</Table.Th><Table.Td>{(ours.name_servers as string[] | undefined)?.join(', ') || '-'}</Table.Td></Table.Tr>
              </Table.Tbody>
            </Table>
          ) : null}
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <Stack gap={4}><Title order={2} fz="md">レジストリ</Title>{q.data.info.registry ? <JsonView value={q.data.info.registry} /> : <AdminEmpty>{M.noDomainInfo}</AdminEmpty>}</Stack>
            <Stack gap={4}><Title order={2} fz="md">当社の記録</Title><JsonView value={ours} /></Stack>
          </SimpleGrid>
        </Stack>
      )}
    </AdminPage>
  );
}
