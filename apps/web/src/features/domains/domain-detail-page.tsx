/**
 * The domain detail view (001 §2): expiry, flags, name servers, move request, DNS records, WHOIS, action log, and the
 * operations of the list's row menu (the same modals; a refused one says why in words, also on touch screens).
 */
import { Anchor, Badge, Box, Button, Group, Modal, Paper, SimpleGrid, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import type { DomainRowDto } from '@registrar/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { M } from '@registrar/messages';
import { formatDateJst, formatDateTimeJst } from '@registrar/rules';
import { EmptyBlock, ErrorBlock, TableSkeleton } from '@registrar/ui';
import { ApiError } from '../../lib/api';
import { usePageTitle } from '../../lib/page-title';
import { dueDateText, flagText, FlagBadge, lockHint } from './domain-cells';
import { domainQueries } from './domain-list.api';
import { disabledReasonOf, DOMAIN_OPERATIONS, useDomainListRefresh, type DomainOperation } from './operations';

const ROLE_LABELS = { reg: '登録者', adm: '管理担当者', tec: '技術担当者', bil: '経理担当者' } as const;

export function DomainDetailPage() {
  const { id } = useParams({ from: '/mypage/domain/detail/$id' });
  const n = /^\d{1,15}$/.test(id) ? Number(id) : 0;
  const q = useQuery({ ...domainQueries.detail(n), enabled: n > 0 });
  const d = q.data;
  usePageTitle(d ? d.name : 'ドメイン詳細');
  const back = <Anchor component={Link} to="/mypage/domain" size="sm">← ドメイン管理へ戻る</Anchor>;
  if (n <= 0 || (q.error instanceof ApiError && q.error.status === 404)) {
    return <Stack gap="md">{back}<Title order={1} size="h3">ドメイン詳細</Title><EmptyBlock title={M.noDomainInfo} /></Stack>;
  }
  if (q.isPending) return <Stack gap="md">{back}<Title order={1} size="h3">ドメイン詳細</Title><TableSkeleton rows={6} /></Stack>;
  if (q.isError || !d) return <Stack gap="md">{back}<ErrorBlock onRetry={() => void q.refetch()} /></Stack>;
  const item = (label: string, value: React.ReactNode) => (
    <Box><Text size="xs" c="dimmed">{label}</Text><Box fz="sm">{value}</Box></Box>
  );
  return (
    <Stack gap="md">
      {back}
      <Box>
        <Title order={1} size="h3" style={{ overflowWrap: 'anywhere' }}>{d.name}</Title>
        {d.name !== d.punycode ? <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>（{d.punycode}）</Text> : null}
      </Box>
      <Paper withBorder radius="md" p="md">
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md">
          {item('有効期限', <Text size="sm" c={d.is_expired ? 'red.8' : undefined}>{dueDateText(d)}{d.is_expired ? '（期限切れ）' : ''}</Text>)}
          {item('登録日', formatDateJst(d.obtain_date))}
          {item('自動更新', <FlagBadge text={flagText(d, 'autoRenew')} />)}
          {item('WHOIS代理公開', <FlagBadge text={flagText(d, 'whois')} />)}
          {item('ドメインロック', d.domain_lock_state === 2 && !d.is_domain_lock_enabled_flg
            // the reason in words too: a phone has no hover for the badge's tooltip
            ? <Stack gap={2}><FlagBadge text={flagText(d, 'lock')} /><Text size="xs" c="red.8" data-testid="lock-failed-reason">{lockHint(d)}</Text></Stack>
            : <FlagBadge text={flagText(d, 'lock')} hint={lockHint(d)} />)}
          {item('管理ロック', d.admin_lock_status ? <Badge color="red" variant="outline" size="sm">あり</Badge> : <Text size="sm">なし</Text>)}
        </SimpleGrid>
      </Paper>
      <DetailOperations d={d} />
      <Paper withBorder radius="md" p="md">
        <Title order={2} size="h5" mb="xs">ネームサーバー</Title>
        {d.name_servers.length ? <Stack gap={2}>{d.name_servers.map((ns, i) => <Text key={ns} size="sm" style={{ overflowWrap: 'anywhere' }}>{i + 1}. {ns}</Text>)}</Stack> : <Text size="sm" c="dimmed">-</Text>}
      </Paper>
      <Paper withBorder radius="md" p="md">
        <Title order={2} size="h5" mb="xs">移動申請</Title>
        {d.move_requests.length ? (
          <Table.ScrollContainer minWidth={300}><Table><Table.Thead><Table.Tr><Table.Th>申請日</Table.Th><Table.Th>移動先メールアドレス</Table.Th></Table.Tr></Table.Thead>
            <Table.Tbody>{d.move_requests.map((m, i) => <Table.Tr key={i}><Table.Td>{formatDateJst(m.request_date)}</Table.Td><Table.Td>{m.request_email}</Table.Td></Table.Tr>)}</Table.Tbody></Table></Table.ScrollContainer>
        ) : <Text size="sm" c="dimmed">移動申請はありません</Text>}
      </Paper>
      <Paper withBorder radius="md" p="md">
        <Title order={2} size="h5" mb="xs">DNSレコード</Title>
        {d.dns_records.length ? (
          <Table.ScrollContainer minWidth={420}><Table striped data-testid="detail-dns"><Table.Thead><Table.Tr><Table.Th>ホスト名</Table.Th><Table.Th>TYPE</Table.Th><Table.Th>TTL</Table.Th><Table.Th>VALUE</Table.Th></Table.Tr></Table.Thead>
            <Table.Tbody>{d.dns_records.map((r) => <Table.Tr key={r.id}><Table.Td>{r.host_name}</Table.Td><Table.Td>{r.type}</Table.Td><Table.Td>{r.ttl}</Table.Td><Table.Td style={{ overflowWrap: 'anywhere' }}>{r.record}</Table.Td></Table.Tr>)}</Table.Tbody></Table></Table.ScrollContainer>
        ) : <Text size="sm" c="dimmed">{M.dnsNoRecords}</Text>}
      </Paper>
      <Paper withBorder radius="md" p="md">
        <Title order={2} size="h5" mb="xs">WHOIS情報</Title>
        <Tabs defaultValue="reg">
          <Tabs.List>{(Object.keys(ROLE_LABELS) as (keyof typeof ROLE_LABELS)[]).map((r) => <Tabs.Tab key={r} value={r}>{ROLE_LABELS[r]}</Tabs.Tab>)}</Tabs.List>
          {(Object.keys(ROLE_LABELS) as (keyof typeof ROLE_LABELS)[]).map((r) => (
            <Tabs.Panel key={r} value={r} pt="xs">
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>{d.contacts[r]?.label ?? '-'}</Text>
            </Tabs.Panel>
          ))}
        </Tabs>
      </Paper>
      <Paper withBorder radius="md" p="md">
        <Group justify="space-between" mb="xs"><Title order={2} size="h5">操作履歴</Title><Anchor size="sm" renderRoot={(props) => <Link {...props} to="/mypage/actionLog" search={{ description: d.name }} />}>履歴をすべて見る</Anchor></Group>
        {d.action_logs.length ? (
          <Table.ScrollContainer minWidth={560}>
            <Table striped data-testid="detail-action-log">
              <Table.Thead><Table.Tr><Table.Th>アカウントID</Table.Th><Table.Th>ポイント</Table.Th><Table.Th>残りポイント</Table.Th><Table.Th>件名</Table.Th><Table.Th>内容</Table.Th><Table.Th>日時</Table.Th></Table.Tr></Table.Thead>
              <Table.Tbody>
                {d.action_logs.map((l) => (
                  <Table.Tr key={l.id}>
                    <Table.Td>{l.user_id}</Table.Td>
                    <Table.Td><Text size="sm" c={l.type === 1 ? 'blue.8' : l.type === 0 ? 'red.8' : undefined}>{l.type === 1 || l.type === 0 ? `${l.type === 1 ? '+' : '-'}${l.point.toLocaleString('ja-JP')}RP` : '-'}</Text></Table.Td>
                    <Table.Td>{l.remaining_point == null ? '-' : `${l.remaining_point.toLocaleString('ja-JP')}RP`}</Table.Td>
                    <Table.Td>{l.action_name}</Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{l.description}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTimeJst(l.created_at)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : <Text size="sm" c="dimmed">{M.logsNone}</Text>}
      </Paper>
    </Stack>
  );
}

/** The list's operations for this one domain: a button each, the reason under a refused one, the list's modals. */
function DetailOperations({ d }: { d: DomainRowDto }) {
  const [active, setActive] = useState<DomainOperation | null>(null);
  const [busy, setBusy] = useState(false);
  const refresh = useDomainListRefresh();
  const wide = useMediaQuery('(min-width: 48em)', true) ?? true;
  const close = async (result?: { changedIds?: number[]; reload?: boolean }) => {
    setActive(null);
    setBusy(false);
    if (result?.changedIds?.length || result?.reload) await refresh(result?.changedIds);
  };
  return (
    <Paper withBorder radius="md" p="md" data-testid="detail-operations">
      <Title order={2} size="h5" mb="xs">操作</Title>
      <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="xs">
        {DOMAIN_OPERATIONS.map((op) => {
          const reason = disabledReasonOf(op, d);
          return (
            <Box key={op.id}>
              <Button fullWidth size="xs" variant="light" disabled={!!reason} onClick={() => setActive(op)} data-testid={`detail-op-${op.id}`}>{op.label}</Button>
              {reason ? <Text size="xs" c="dimmed" mt={2} data-testid={`detail-op-reason-${op.id}`}>{reason}</Text> : null}
            </Box>
          );
        })}
      </SimpleGrid>
      <Modal closeButtonProps={{ 'aria-label': '閉じる' }} opened={!!active} onClose={() => { if (!busy) void close(); }} title={active?.title} size="lg"
        closeOnClickOutside={!busy} closeOnEscape={!busy} withCloseButton={!busy} fullScreen={!wide}>
        {active ? <active.Modal domains={[d]} onClose={(r) => void close(r)} setBusy={setBusy} /> : null}
      </Modal>
    </Paper>
  );
}
