import { Badge, Button, Group, Select, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useEffect, useState, type FormEvent } from 'react';
import { REGISTRAR_ACTION_TYPES, REGISTRAR_RESULT_LABELS, REGISTRAR_RESULT_TYPES, registrarResultType } from '@registrar/rules';
import { M } from '@registrar/messages';
import { ApiError } from '../../lib/api';
import { adminErrors, adminOpsApi, type RegistrarLogQuery } from '../../features/admin/admin.api';
import { AdminPage } from '../../features/admin/admin-page';
import { conditionsOf, readConditions } from '../../features/admin/url-search';
import { AdminEmpty, AdminError, AdminLoading, AdminPager, JsonModal, tokyoDateTime, WideTable, UserLink, DomainLink } from '../../features/admin/admin-ui';

const KEYS = ['domainName', 'userId', 'dateFrom', 'dateTo', 'actionType', 'resultCodeType'] as const;
const RESULT_COLOR = { success: 'green', pending: 'yellow', failed: 'red', etc: 'gray' } as const;

export const Route = createFileRoute('/admin/onamae_log')({
  // the conditions live in the URL (page, domainName, userId, dateFrom, dateTo, actionType, resultCodeType)
  validateSearch: (s: Record<string, unknown>): RegistrarLogQuery => readConditions(s, KEYS),
  component: RegistrarLogPage,
});

/** /admin/onamae_log: every registry command with its parameters and response (002 §2). */
function RegistrarLogPage() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const [form, setForm] = useState<RegistrarLogQuery>(search);
  useEffect(() => setForm(search), [search]);
  const [shown, setShown] = useState<{ title: string; value: string } | null>(null);
  const q = useQuery({ queryKey: ['admin', 'onamae_log', search], queryFn: ({ signal }) => adminOpsApi.registrarLog(search, signal), placeholderData: keepPreviousData, retry: false });
  const set = (k: keyof RegistrarLogQuery) => (v: string | null) => setForm((f) => ({ ...f, [k]: v ?? '' }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void navigate({ search: conditionsOf(form, KEYS) });
  };
  const page = q.data?.data.onamaeResults;
  const current = search.page ?? 1;
  const pager = page ? <AdminPager page={current} last={page.last_page} onChange={(p) => void navigate({ search: { ...search, page: p > 1 ? p : undefined } })} /> : null;
  return (
    <AdminPage title="レジストラログ">
      <form onSubmit={submit} aria-label="検索条件">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" mb="md">
          <TextInput label="ユーザーID" value={String(form.userId ?? '')} onChange={(e) => set('userId')(e.currentTarget.value)} inputMode="numeric" />
          <TextInput label="ドメイン" value={form.domainName ?? ''} onChange={(e) => set('domainName')(e.currentTarget.value)} />
          <Select label="actionType" data={[...REGISTRAR_ACTION_TYPES]} value={form.actionType || null} onChange={set('actionType')} clearable searchable />
          <TextInput label="期間（開始）" type="date" value={form.dateFrom ?? ''} onChange={(e) => set('dateFrom')(e.currentTarget.value)} />
          <TextInput label="期間（終了）" type="date" value={form.dateTo ?? ''} onChange={(e) => set('dateTo')(e.currentTarget.value)} />
          <Select label="結果" data={REGISTRAR_RESULT_TYPES.map((t) => ({ value: t, label: REGISTRAR_RESULT_LABELS[t] }))} value={form.resultCodeType || null} onChange={set('resultCodeType')} clearable />
        </SimpleGrid>
        <Button type="submit" mb="md">検索</Button>
      </form>
      {q.isError ? <AdminError messages={q.error instanceof ApiError && q.error.status === 422 ? adminErrors(q.error) : [M.unexpectedError]} /> : null}
      {q.isPending ? <AdminLoading /> : page ? (
        page.data.length === 0 ? <AdminEmpty /> : (
          <Stack gap="sm">
            <Group justify="space-between" wrap="wrap"><Text size="sm" data-testid="onamae-total">{page.total.toLocaleString('ja-JP')}件</Text>{pager}</Group>
            <WideTable minWidth={900}>
              <Table striped withTableBorder fz="sm" data-testid="onamae-table">
                <Table.Thead>
                  <Table.Tr><Table.Th>ユーザー</Table.Th><Table.Th>ドメイン</Table.Th><Table.Th>actionType</Table.Th><Table.Th>結果</Table.Th><Table.Th>パラメータ</Table.Th><Table.Th>レスポンス</Table.Th><Table.Th>日時</Table.Th></Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {page.data.map((r) => {
                    const t = registrarResultType(r.result_code);
                    const [date, time] = tokyoDateTime(r.created_at).split(' ');
                    return (
                      <Table.Tr key={r.id} data-testid="onamae-row">
                        <Table.Td>{r.user_id ? <UserLink id={r.user_id}>{r.user_id}</UserLink> : '-'}</Table.Td>
                        <Table.Td style={{ wordBreak: 'break-all', maxWidth: 240 }}>{r.domain_pkid ? <DomainLink id={r.domain_pkid}>{r.domain_name}</DomainLink> : r.domain_name ?? '-'}</Table.Td>
                        <Table.Td>{r.action_type}</Table.Td>
                        <Table.Td><Badge color={RESULT_COLOR[t]} variant="light">{REGISTRAR_RESULT_LABELS[t]}</Badge><Text size="xs" c="dimmed">{r.epp_result_code}</Text></Table.Td>
                        <Table.Td><Button size="compact-xs" variant="default" onClick={() => setShown({ title: 'パラメータ', value: r.success_parameter })}>表示</Button></Table.Td>
                        <Table.Td><Button size="compact-xs" variant="default" onClick={() => setShown({ title: 'レスポンス', value: r.onamae_response })}>表示</Button></Table.Td>
                        <Table.Td style={{ whiteSpace: 'nowrap' }}>{date}<br />{time}</Table.Td>
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
      {shown ? <JsonModal title={shown.title} value={shown.value} onClose={() => setShown(null)} /> : null}
    </AdminPage>
  );
}
