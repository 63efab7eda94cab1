import { Button, Group, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useEffect, useState, type FormEvent } from 'react';
import { PRODUCT } from '@registrar/messages';
import { actionPointStyle, validateActionLogSearch } from '@registrar/rules';
import { adminErrors, adminOpsApi, type ActionLogQuery } from '../../features/admin/admin.api';
import { AdminPage } from '../../features/admin/admin-page';
import { conditionsOf, readConditions } from '../../features/admin/url-search';
import { AdminEmpty, AdminError, AdminLoading, AdminPager, tokyoDateTime, WideTable, UserLink } from '../../features/admin/admin-ui';

const KEYS = ['description', 'userId', 'date1', 'date2'] as const;

export const Route = createFileRoute('/admin/action_log')({
  validateSearch: (s: Record<string, unknown>): ActionLogQuery => readConditions(s, KEYS),
  component: ActionLogPage,
});

/** /admin/action_log: members' actions with the points they gained (blue) or spent (red) (002 §2). */
function ActionLogPage() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const [form, setForm] = useState<ActionLogQuery>(search);
  useEffect(() => setForm(search), [search]);
  const hasCondition = KEYS.some((k) => search[k]);
  // without a condition the page shows the latest entries (issue 26); the search button still asks for one (002 §5)
  const q = useQuery({ queryKey: ['admin', 'action_log', search], queryFn: ({ signal }) => adminOpsApi.actionLog(hasCondition ? search : { ...search, latest: 1 }, signal), placeholderData: keepPreviousData, retry: false });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const { errors } = validateActionLogSearch(form);
    if (errors.length) { window.alert(errors[0]); return; } // 002 §5: an alert
    void navigate({ search: conditionsOf(form, KEYS) });
  };
  const page = q.data?.actionLogs;
  const current = search.page ?? 1;
  const pager = page ? <AdminPager page={current} last={page.last_page} onChange={(p) => void navigate({ search: { ...search, page: p > 1 ? p : undefined } })} /> : null;
  const field = (k: keyof ActionLogQuery, label: string, type = 'text') => (
    <TextInput label={label} type={type} value={String(form[k] ?? '')} onChange={(e) => { const v = e.currentTarget.value; setForm((f) => ({ ...f, [k]: v })); }} />
  );
  return (
    <AdminPage title="アクションログ">
      <form onSubmit={submit} aria-label="検索条件">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" mb="md">
          {field('description', 'ドメイン名')}
          {field('userId', 'ユーザーID')}
          {field('date1', '開始日', 'date')}
          {field('date2', '終了日', 'date')}
        </SimpleGrid>
        <Button type="submit" mb="md">検索</Button>
      </form>
      {!hasCondition ? <Text c="dimmed" size="sm" mb="xs" data-testid="action-log-latest">最新のアクションログを表示しています。</Text> : null}
      {q.isError ? <AdminError messages={adminErrors(q.error)} /> : null}
      {q.isPending ? <AdminLoading /> : page ? (
        page.data.length === 0 ? <AdminEmpty /> : (
          <Stack gap="sm">
            <Group justify="space-between" wrap="wrap"><Text size="sm">{page.total.toLocaleString('ja-JP')}件</Text>{pager}</Group>
            <WideTable minWidth={760}>
              <Table striped withTableBorder fz="sm">
                <Table.Thead>
                  <Table.Tr><Table.Th>ユーザーID</Table.Th><Table.Th>件名</Table.Th><Table.Th>内容</Table.Th><Table.Th>{PRODUCT.pointUnit}</Table.Th><Table.Th>日時</Table.Th></Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {page.data.map((r) => {
                    const style = actionPointStyle(r.type);
                    return (
                      <Table.Tr key={r.id} data-testid="action-row">
                        <Table.Td><UserLink id={r.user_id}>{r.user_id}</UserLink></Table.Td>
                        <Table.Td>{r.action_name}</Table.Td>
                        <Table.Td style={{ wordBreak: 'break-all' }}>{r.description}</Table.Td>
                        <Table.Td style={{ whiteSpace: 'nowrap' }} c={style === 'gain' ? 'blue' : style === 'spend' ? 'red' : undefined} data-point={style}>
                          {style === 'none' ? '-' : `${style === 'gain' ? '+' : '-'}${r.point.toLocaleString('ja-JP')}`}
                        </Table.Td>
                        <Table.Td style={{ whiteSpace: 'nowrap' }}>{tokyoDateTime(r.created_at)}</Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </WideTable>
            <Group justify="center">{pager}</Group>
          </Stack>
        )
      ) : null}
    </AdminPage>
  );
}
