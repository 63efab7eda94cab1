import { Anchor, Badge, Group, Paper, Select, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import type { WhoisEmailDto } from '@registrar/contracts';
import { M, WHOIS_MAIL_STATUS_LABELS, WM } from '@registrar/messages';
import { INBOX_CONTENT_CHARS, INBOX_SUBJECT_CHARS, truncateText } from '@registrar/rules';
import { listErrorMessages, STATUS_OPTIONS, statusColor, statusLabel, TYPE_OPTIONS, typeLabel, whoisMailQueries } from './whois-mail.api';
import { AdminEmpty, AdminPager, WideTable } from '../admin/admin-ui';
import { Loading, MessageBox, WhoisMailFrame } from './whois-mail-frame';

const route = getRouteApi('/admin/whois/emails/');

/** 'YYYY-MM-DD HH:mm:ss' on two lines (date, then time). */
function DateTime({ value }: { value: string }) {
  const [d, t] = value.split(' ');
  return <Text size="xs" style={{ whiteSpace: 'nowrap' }}>{d}<br />{t}</Text>;
}

/** Opens a mail in a new tab (002 spec: a row click opens /admin/whois/emails/{id} in a new tab). */
const openMail = (id: number) => window.open(`/admin/whois/emails/${id}`, '_blank', 'noopener');

type InboxMail = WhoisEmailDto;

/**
 * Phones: one card per mail instead of the six-column table (which would scroll sideways). The same fields; the
 * card opens the mail in a new tab like a row, its id is the link for keyboards and screen readers.
 */
function MailCard({ e }: { e: InboxMail }) {
  return (
    <Paper withBorder radius="md" p="sm" onClick={() => openMail(e.id)} style={{ cursor: 'pointer' }} data-testid="whois-mail-card" data-id={e.id}>
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
        <Group gap={6} wrap="wrap" miw={0}>
          <Anchor href={`/admin/whois/emails/${e.id}`} target="_blank" rel="noopener" fw={600} size="sm" onClick={(ev) => ev.stopPropagation()}>{e.id}</Anchor>
          <Text size="xs" c="dimmed">{typeLabel(e.type)}</Text>
        </Group>
        <Badge color={statusColor(e)} variant="filled" style={{ flexShrink: 0 }}>{statusLabel(e)}</Badge>
      </Group>
      <Text size="sm" fw={500} mt={6} style={{ overflowWrap: 'anywhere' }}>{truncateText(e.subject, INBOX_SUBJECT_CHARS)}</Text>
      <Text size="xs" c="dimmed" mt={2} style={{ overflowWrap: 'anywhere' }}>{truncateText(e.content.replace(/\s+/g, ' '), INBOX_CONTENT_CHARS)}</Text>
      <Text size="xs" c="dimmed" mt={4}>受信日時 {e.created_at}</Text>
    </Paper>
  );
}

/** /admin/whois/emails: filters, the counts, the paged list; the URL query (type, status, page) is rewritten in place. */
export function InboxPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const phone = !(useMediaQuery('(min-width: 48em)', true) ?? true);
  const list = useQuery({ ...whoisMailQueries.list(search), refetchInterval: (q) => (q.state.data?.data.some((e) => e.is_processing === 1) ? 3000 : false) });
  const count = useQuery({ ...whoisMailQueries.count(), refetchInterval: (q) => ((q.state.data?.processingCnt ?? 0) > 0 ? 3000 : false) });
  const set = (patch: { type?: number; status?: number; page?: number }) =>
    navigate({ search: (prev) => ({ ...prev, page: undefined, ...patch }), replace: true });

  return (
    <WhoisMailFrame title={WM.heading}>
      <Group gap="sm" align="end" wrap="wrap">
        <Select
          label="メールタイプ" placeholder="すべて" data={TYPE_OPTIONS} clearable w={{ base: '100%', xs: 300 }}
          value={search.type === undefined ? null : String(search.type)}
          onChange={(v) => set({ type: v === null ? undefined : Number(v) })}
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          label="ステータス" placeholder="すべて" data={STATUS_OPTIONS} clearable w={{ base: '100%', xs: 180 }}
          value={search.status === undefined ? null : String(search.status)}
          onChange={(v) => set({ status: v === null ? undefined : Number(v) })}
        />
      </Group>

      {count.data ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" data-testid="whois-mail-counts">
          <Table withTableBorder withColumnBorders fz="sm">
            <Table.Thead><Table.Tr><Table.Th>タイプ</Table.Th><Table.Th ta="right">件数</Table.Th></Table.Tr></Table.Thead>
            <Table.Tbody>
              {count.data.typeCnt.map((c) => (
                <Table.Tr key={c.type}><Table.Td>{typeLabel(c.type)}</Table.Td><Table.Td ta="right">{c.count.toLocaleString('ja-JP')}</Table.Td></Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Table withTableBorder withColumnBorders fz="sm">
            <Table.Thead><Table.Tr><Table.Th>ステータス</Table.Th><Table.Th ta="right">件数</Table.Th></Table.Tr></Table.Thead>
            <Table.Tbody>
              {count.data.statusCnt.map((c) => (
                <Table.Tr key={c.status}><Table.Td>{WHOIS_MAIL_STATUS_LABELS[c.status]}</Table.Td><Table.Td ta="right">{c.count.toLocaleString('ja-JP')}</Table.Td></Table.Tr>
              ))}
              <Table.Tr><Table.Td>{WM.processing}</Table.Td><Table.Td ta="right" data-testid="processing-count">{count.data.processingCnt.toLocaleString('ja-JP')}</Table.Td></Table.Tr>
            </Table.Tbody>
          </Table>
        </SimpleGrid>
      ) : null}

      {list.isPending ? <Loading /> : list.isError ? <MessageBox color="red" messages={listErrorMessages(list.error)} /> : list.data.data.length === 0 ? (
        <AdminEmpty>{M.noMatchingData}</AdminEmpty>
      ) : (
        <Stack gap="sm">
          <Text size="sm" data-testid="whois-mail-total">{list.data.total.toLocaleString('ja-JP')}件</Text>
          {phone ? (
            <Stack gap="xs" data-testid="whois-mail-cards">
              {list.data.data.map((e) => <MailCard key={e.id} e={e} />)}
            </Stack>
          ) : (
          <WideTable minWidth={760}>
            <Table highlightOnHover striped fz="sm" data-testid="whois-mail-list">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>ID</Table.Th><Table.Th>タイプ</Table.Th><Table.Th>件名</Table.Th><Table.Th>内容</Table.Th><Table.Th>ステータス</Table.Th><Table.Th>受信日時</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.data.map((e) => (
                  <Table.Tr key={e.id} onClick={() => openMail(e.id)} style={{ cursor: 'pointer' }} data-testid="whois-mail-row">
                    <Table.Td>
                      <Anchor href={`/admin/whois/emails/${e.id}`} target="_blank" rel="noopener" onClick={(ev) => ev.stopPropagation()}>{e.id}</Anchor>
                    </Table.Td>
                    <Table.Td>{typeLabel(e.type)}</Table.Td>
                    <Table.Td>{truncateText(e.subject, INBOX_SUBJECT_CHARS)}</Table.Td>
                    <Table.Td>{truncateText(e.content.replace(/\s+/g, ' '), INBOX_CONTENT_CHARS)}</Table.Td>
                    <Table.Td><Badge color={statusColor(e)} variant="filled">{statusLabel(e)}</Badge></Table.Td>
                    <Table.Td><DateTime value={e.created_at} /></Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </WideTable>
          )}
          <AdminPager page={search.page ?? 1} last={list.data.last_page} onChange={(p) => set({ page: p > 1 ? p : undefined, type: search.type, status: search.status })} />
        </Stack>
      )}
    </WhoisMailFrame>
  );
}
