/** /mypage/actionLog (001 §2 "Action history page", §9): filters in the URL, pager range 3 / margin 1, registrar results in a modal. */
import { Alert, Button, Code, Group, Modal, Pagination, Paper, ScrollArea, SimpleGrid, Stack, Table, Text, TextInput, Title, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { isRegistrarQueueCode, type ActionLogRowDto } from '@registrar/contracts';
import { M } from '@registrar/messages';
import { formatDateTimeJst } from '@registrar/rules';
import { EmptyBlock, ErrorBlock, TableSkeleton } from '@registrar/ui';
import { usePageTitle } from '../../lib/page-title';
import { actionLogQueries } from './domain-list.api';
import { useMinWidth } from '../../lib/media';

import type { ActionLogSearch } from './action-log-search';

export { validateActionLogSearch, type ActionLogSearch } from './action-log-search';

function pointText(l: ActionLogRowDto): { text: string; color?: string } {
  if (l.type === 1) return { text: `+${l.point.toLocaleString('ja-JP')}RP`, color: 'blue.8' };
  if (l.type === 0) return { text: `-${l.point.toLocaleString('ja-JP')}RP`, color: 'red.8' };
  return { text: '-' };
}

export function ActionLogPage() {
  const search = useSearch({ from: '/mypage/actionLog/' }) as ActionLogSearch;
  const navigate = useNavigate({ from: '/mypage/actionLog/' });
  const wide = useMinWidth('48em');
  const q = useQuery(actionLogQueries.search(search));
  const [form, setForm] = useState({ description: search.description ?? '', date1: search.date1 ?? '', date2: search.date2 ?? '' });
  const [openId, setOpenId] = useState<number | null>(null);
  usePageTitle('履歴');
  useEffect(() => { setForm({ description: search.description ?? '', date1: search.date1 ?? '', date2: search.date2 ?? '' }); }, [search.description, search.date1, search.date2]);
  const rangeError = form.date1 && form.date2 && form.date1 > form.date2 ? '開始日は終了日より早い日付を選択してください' : null;
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (rangeError) return;
    navigate({ search: { ...(search.actionId ? { actionId: search.actionId } : {}), ...(form.description.trim() ? { description: form.description.trim() } : {}), ...(form.date1 ? { date1: form.date1 } : {}), ...(form.date2 ? { date2: form.date2 } : {}) } });
  };
  const page = q.data?.actionLogs;
  return (
    <Stack gap="md">
      <Title order={1} size="h3">履歴</Title>
      <Paper withBorder radius="md" p="md" component="form" onSubmit={submit} role="search" aria-label="履歴の絞り込み">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <TextInput label="ドメイン名" value={form.description} onChange={(e) => setForm({ ...form, description: e.currentTarget.value })} maxLength={253} />
          <TextInput type="date" label="開始日" value={form.date1} onChange={(e) => setForm({ ...form, date1: e.currentTarget.value })} />
          <TextInput type="date" label="終了日" value={form.date2} onChange={(e) => setForm({ ...form, date2: e.currentTarget.value })} error={rangeError} />
        </SimpleGrid>
        <Group mt="sm" gap="xs"><Button type="submit">検索</Button><Button variant="subtle" onClick={() => navigate({ search: {} })}>クリア</Button></Group>
      </Paper>
      {q.data?.errors.length ? <Alert color="red" role="alert">{q.data.errors.join(' ')}</Alert> : null}
      {q.isPending ? <TableSkeleton rows={6} /> : q.isError ? <ErrorBlock message={M.logsFetchFailed} onRetry={() => void q.refetch()} /> : page ? (
        <>
          <Text size="sm" data-testid="log-hit-count">{page.total.toLocaleString('ja-JP')}件</Text>
          {page.data.length === 0 ? <EmptyBlock title={M.noMatchingData} /> : (
            <Table.ScrollContainer minWidth={wide ? 640 : 300}>
              <Table striped verticalSpacing="xs" data-testid="action-log-table">
                <Table.Thead><Table.Tr><Table.Th>日時</Table.Th><Table.Th>操作</Table.Th><Table.Th>内容</Table.Th><Table.Th>ポイント</Table.Th></Table.Tr></Table.Thead>
                <Table.Tbody>
                  {page.data.map((l) => {
                    const pt = pointText(l);
                    const modal = isRegistrarQueueCode(l.action_id);
                    return (
                      <Table.Tr key={l.id} data-testid="action-log-row">
                        <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTimeJst(l.created_at)}</Table.Td>
                        <Table.Td>{modal ? <UnstyledButton c="blue.8" td="underline" onClick={() => setOpenId(l.id)}>{l.action_name}</UnstyledButton> : l.action_name}</Table.Td>
                        <Table.Td style={{ overflowWrap: 'anywhere' }}>{l.description}</Table.Td>
                        <Table.Td><Text size="sm" c={pt.color} style={{ whiteSpace: 'nowrap' }}>{pt.text}</Text></Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          {page.last_page > 1 ? (
            <Group justify="center">
              <Pagination total={page.last_page} value={page.current_page} siblings={1} boundaries={1} size={wide ? 'md' : 'sm'}
                onChange={(p) => navigate({ search: (prev: ActionLogSearch) => ({ ...prev, page: p === 1 ? undefined : p }) })} />
            </Group>
          ) : null}
        </>
      ) : null}
      <ResultModal id={openId} onClose={() => setOpenId(null)} />
    </Stack>
  );
}

function ResultModal({ id, onClose }: { id: number | null; onClose: () => void }) {
  const q = useQuery({ ...actionLogQueries.detail(id ?? 0), enabled: id !== null });
  return (
    <Modal opened={id !== null} onClose={onClose} title="処理結果" size="lg">
      {q.isPending ? <TableSkeleton rows={3} /> : q.isError ? <ErrorBlock message={M.logsFetchFailed} /> : q.data ? (
        <Stack gap="xs">
          <Text size="sm" fw={600}>{q.data.action_name}</Text>
          <Text size="sm">{q.data.description}</Text>
          <ScrollArea.Autosize mah={320}><Code block data-testid="action-result">{JSON.stringify(q.data.result, null, 2)}</Code></ScrollArea.Autosize>
        </Stack>
      ) : null}
    </Modal>
  );
}
