import { useEffect, useState } from 'react';
import { Accordion, Alert, Badge, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import type { RegistryComparison, RegistrySyncJobState } from '@registrar/contracts';
import { M, REGISTRY_SYNC_FIELD_LABELS, RS } from '@registrar/messages';
import { adminDomainState } from '@registrar/rules';
import { api } from '../../../lib/api';
import { adminErrors, adminUsersApi } from '../../../features/admin/admin.api';
import { AdminPage } from '../../../features/admin/admin-page';
import { AdminEmpty, AdminError, AdminLoading, JsonView, tokyoDateTime, UserLink } from '../../../features/admin/admin-ui';
import { adminLockHint, FlagBadge } from '../../../features/domains/domain-cells';

export const Route = createFileRoute('/admin/domains/$id')({ component: AdminDomainPage });

/** /admin/domains/{id}: one of our domains (any member's), our record beside the registry's info. */
function AdminDomainPage() {
  const id = Number(Route.useParams().id);
  const qc = useQueryClient();
  // our record and the registry's info, once on load
  const q = useQuery({ queryKey: ['admin', 'domain', id], queryFn: ({ signal }) => adminUsersApi.domainById(id, signal), retry: false });
  // a new domain's default lock on its way to the registry (設定中): our record alone asked again (no registry command)
  // until the lock is on or has failed
  const applying = lockOf(q.data?.info?.ours ?? null)?.domain_lock_state === 1;
  const poll = useQuery({
    queryKey: ['admin', 'domain', id, 'record'], queryFn: ({ signal }) => adminUsersApi.domainRecordById(id, signal), retry: false, enabled: applying,
    refetchInterval: (query) => (query.state.data && lockOf(query.state.data.info?.ours ?? null)?.domain_lock_state !== 1 ? false : 5_000),
  });
  const polled = applying ? poll.data?.info?.ours ?? null : null;
  const settled = !!polled && lockOf(polled)?.domain_lock_state !== 1;
  // once it has settled, the registry's view is read again (one domain:info), to show the lock there too
  useEffect(() => {
    if (settled) void qc.invalidateQueries({ queryKey: ['admin', 'domain', id], exact: true });
  }, [settled, qc, id]);
  const ours = polled ?? q.data?.info?.ours ?? null;
  return (
    <AdminPage title={ours ? String(ours.name) : `ドメイン ${id}`}>
      {q.isError ? <AdminError messages={adminErrors(q.error)} /> : q.isPending ? <AdminLoading /> : !q.data.info ? <AdminEmpty>{M.noDomainInfo}</AdminEmpty> : (
        <Stack gap="md">
          {ours ? <Summary ours={ours} /> : null}
          <RegistryComparisonPanel id={id} />
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <Stack gap={4}><Title order={2} fz="md">当社の記録</Title>{ours ? <RecordTable record={ours} testId="admin-domain-record" /> : <AdminEmpty>{M.noDomainInfo}</AdminEmpty>}</Stack>
            <Stack gap={4}><Title order={2} fz="md">レジストリの情報</Title>{isRecord(q.data.info.registry) ? <RecordTable record={q.data.info.registry} testId="admin-domain-registry" /> : <AdminEmpty>{M.noDomainInfo}</AdminEmpty>}</Stack>
          </SimpleGrid>
          <Accordion variant="contained" chevronPosition="left">
            <Accordion.Item value="raw">
              <Accordion.Control>生データ（JSON）</Accordion.Control>
              <Accordion.Panel>
                <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
                  <Stack gap={4}><Text size="sm" fw={700}>当社の記録</Text><JsonView value={ours} /></Stack>
                  <Stack gap={4}><Text size="sm" fw={700}>レジストリ</Text><JsonView value={q.data.info.registry} /></Stack>
                </SimpleGrid>
              </Accordion.Panel>
            </Accordion.Item>
          </Accordion>
        </Stack>
      )}
    </AdminPage>
  );
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Our row's lock as the lists show it (libs/domain-ops lockStateOf): 1 設定中, 2 設定失敗 with the reason, else the flag. */
function lockOf(ours: Record<string, unknown> | null) {
  if (!ours) return null;
  const on = ours.is_domain_lock_enabled === true;
  return {
    is_domain_lock_enabled_flg: on ? 1 : 0,
    domain_lock_state: (on ? 0 : ours.lock_state === 'applying' ? 1 : ours.lock_state === 'failed' ? 2 : 0) as 0 | 1 | 2,
    domain_lock_error: typeof ours.lock_error === 'string' ? ours.lock_error : null,
  } as const;
}

/** The lock: ON / OFF, 設定中 while a new domain's default lock is applied, 設定失敗 with the reason written out. */
function LockState({ ours }: { ours: Record<string, unknown> }) {
  const l = lockOf(ours)!;
  const text = l.domain_lock_state === 1 ? M.lockApplying : l.domain_lock_state === 2 ? M.lockFailedBadge : l.is_domain_lock_enabled_flg ? 'ON' : 'OFF';
  const hint = adminLockHint(l);
  if (l.domain_lock_state !== 2) return <FlagBadge text={text} hint={hint} />;
  // the reason in words, not only on hover (a phone has none)
  return <Stack gap={2} align="flex-start"><FlagBadge text={text} /><Text size="xs" c="red.8" data-testid="admin-lock-failed-reason">{hint}</Text></Stack>;
}

/** The row's real state (an expired domain is not "active"), owner, expiry and name servers, at a glance. */
function Summary({ ours }: { ours: Record<string, unknown> }) {
  const state = adminDomainState(ours, new Date());
  return (
    <Table fz="sm" withTableBorder maw={640} data-testid="admin-domain-summary">
      <Table.Tbody>
        <Table.Tr><Table.Th w={160}>ラッコID</Table.Th><Table.Td><UserLink id={String(ours.user_id)}>{String(ours.user_id)}</UserLink></Table.Td></Table.Tr>
        <Table.Tr>
          <Table.Th>状態</Table.Th>
          <Table.Td data-testid="admin-domain-state">
            <Group gap={6}>
              <Text span fw={700} size="sm" c={`${state.color}.8`}>{state.label}</Text>
              {state.flags.map((f) => <Badge key={f} color="gray" variant="outline">{f}</Badge>)}
            </Group>
          </Table.Td>
        </Table.Tr>
        <Table.Tr><Table.Th>有効期限</Table.Th><Table.Td>{ours.due_date ? tokyoDateTime(String(ours.due_date)).slice(0, 10) : '-'}</Table.Td></Table.Tr>
        <Table.Tr><Table.Th>ドメインロック</Table.Th><Table.Td data-testid="admin-domain-lock"><LockState ours={ours} /></Table.Td></Table.Tr>
        <Table.Tr><Table.Th>ネームサーバー</Table.Th><Table.Td style={{ wordBreak: 'break-all' }}>{(ours.name_servers as string[] | undefined)?.join(', ') || '-'}</Table.Td></Table.Tr>
      </Table.Tbody>
    </Table>
  );
}

/** Japanese names of the fields of our domain row and of the registry's domain info. */
const FIELD_LABELS: Record<string, string> = {
  id: 'ID', user_id: 'ラッコID', name: 'ドメイン名', idn: '日本語表記', punycode: 'Punycode', tld: 'TLD', registry_domain_id: 'レジストリのドメインID', due_date: '有効期限',
  status: 'ステータス', is_auto_update_enabled: '自動更新', is_whois_proxy_enabled: 'WHOIS代理公開', is_domain_lock_enabled: 'ドメインロック', is_trash: 'ゴミ箱',
  memo: 'メモ', order_item_id: '注文明細ID', created_at: '作成日時', updated_at: '更新日時', admin_lock_status: '管理ロック', authcode_obtained_at: 'AUTHCODE取得日時',
  market_listing_id: '出品ID', acquired_via: '取得経路', name_servers: 'ネームサーバー', jp_contacts: 'JP登録者情報',
  roid: 'ROID', crDate: '登録日時', upDate: '更新日時', exDate: '有効期限', trDate: '移管日時', clID: '管理レジストラ', crID: '登録レジストラ', upID: '更新レジストラ',
  registrant: '登録者', contacts: '担当者', ns: 'ネームサーバー', hosts: 'ホスト', statuses: 'ステータス', authInfo: 'AUTHCODE',
  reg_contact_id: '登録者の連絡先ID', adm_contact_id: '管理担当者の連絡先ID', tec_contact_id: '技術担当者の連絡先ID', bil_contact_id: '経理担当者の連絡先ID',
  whois_processing_flg: 'WHOIS変更処理', whois_pending: '承認待ちのWHOIS変更', influx: '推定流入数', ended_at: '終了日時', ended_reason: '終了理由',
  lock_state: 'ロックの設定状況', lock_error: 'ロック設定の失敗理由', follow_up_lock: '登録後のロック設定', follow_up_due: '登録後処理の予定日時', follow_up_attempts: '登録後処理の試行回数',
};
/** Coded values of our row, in words (the row's `status` is the registration's, not whether the domain is expired). */
const VALUE_LABELS: Record<string, Record<string, string>> = {
  status: { active: '登録済み', pending: '登録処理中', provisional: '仮登録' },
  whois_processing_flg: { 0: 'なし', 1: 'WHOIS情報の変更中', 2: 'WHOIS代理公開の設定中' },
  admin_lock_status: { 0: 'なし' },
  lock_state: { applying: M.lockApplying, failed: M.lockFailedBadge },
};
const DATE_KEYS = /(_at|_date|Date)$/;

function cell(k: string, v: unknown): string {
  if (v === null || v === undefined || v === '') return '-';
  const coded = VALUE_LABELS[k]?.[String(v)];
  if (coded) return coded;
  if (typeof v === 'boolean') return v ? 'はい' : 'いいえ';
  if (typeof v === 'string' && DATE_KEYS.test(k) && !Number.isNaN(Date.parse(v))) return tokyoDateTime(v);
  if (Array.isArray(v)) return v.map((x) => (typeof x === 'object' && x !== null ? Object.values(x).join(' ') : String(x))).join(', ') || '-';
  if (typeof v === 'object') return Object.entries(v as Record<string, unknown>).map(([a, b]) => `${a}: ${typeof b === 'object' ? JSON.stringify(b) : String(b)}`).join(' / ');
  return String(v);
}

/** A record as a two-column table with Japanese field names (known fields first), instead of raw JSON. */
function RecordTable({ record, testId }: { record: Record<string, unknown>; testId: string }) {
  const keys = Object.keys(record).filter((k) => k !== 'due_key');
  keys.sort((a, b) => (FIELD_LABELS[a] ? 0 : 1) - (FIELD_LABELS[b] ? 0 : 1));
  return (
    <Table fz="sm" withTableBorder striped data-testid={testId}>
      <Table.Tbody>
        {keys.map((k) => (
          <Table.Tr key={k} data-field={k}>
            <Table.Th w={150} scope="row" fw={500}>{FIELD_LABELS[k] ?? k}</Table.Th>
            <Table.Td style={{ wordBreak: 'break-all' }}>{cell(k, record[k])}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

const registrySyncApi = {
  compare: (id: number, signal?: AbortSignal) => api<{ result: boolean; comparison: RegistryComparison | null }>(`/admin/api/domains/${id}/registry`, { signal, timeoutMs: 60_000 }),
  resync: (id: number) => api<{ result: boolean; jobId: string }>(`/admin/api/domains/${id}/registry/resync`, { method: 'POST', body: {} }),
  job: (id: number, jobId: string, signal?: AbortSignal) => api<RegistrySyncJobState>(`/admin/api/domains/${id}/registry/resync/${encodeURIComponent(jobId)}`, { signal }),
};

/**
 * Our record beside the registry's, field by field (status, dates, name servers, contacts, DNSSEC), with the one-click
 * resynchronisation: a job that makes the registry agree with us; the page follows it until it ends (docs/registry-sync.md).
 */
function RegistryComparisonPanel({ id }: { id: number }) {
  const qc = useQueryClient();
  const q = useQuery({ queryKey: ['admin', 'domain', id, 'registry'], queryFn: ({ signal }) => registrySyncApi.compare(id, signal), retry: false });
  const [jobId, setJobId] = useState<string | null>(null);
  const [done, setDone] = useState<{ ok: boolean; lines: string[] } | null>(null);
  const start = useMutation({ mutationFn: () => registrySyncApi.resync(id), onSuccess: (r) => { setDone(null); setJobId(r.jobId); } });
  const job = useQuery({
    queryKey: ['admin', 'domain', id, 'registry', 'job', jobId],
    queryFn: ({ signal }) => registrySyncApi.job(id, jobId!, signal),
    enabled: !!jobId,
    refetchInterval: (query) => (query.state.data && ['completed', 'failed', 'unknown'].includes(query.state.data.state) ? false : 1_000),
  });
  useEffect(() => {
    const j = job.data;
    if (!jobId || !j || !['completed', 'failed', 'unknown'].includes(j.state)) return;
    setJobId(null);
    if (j.state === 'completed' && j.result) {
      setDone({ ok: true, lines: j.result.changes.length ? j.result.changes : [RS.resyncNothing] });
      qc.setQueryData(['admin', 'domain', id, 'registry'], { result: true, comparison: j.result.comparison });
      void qc.invalidateQueries({ queryKey: ['admin', 'domain', id], exact: true });
    } else {
      setDone({ ok: false, lines: [j.error ?? RS.resyncFailed] });
    }
  }, [job.data, jobId, id, qc]);
  const c = q.data?.comparison ?? null;
  const running = start.isPending || !!jobId;
  return (
    <Paper withBorder p="md" radius="md" data-testid="registry-comparison">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} fz="md">{RS.title}</Title>
          <Button size="sm" onClick={() => start.mutate()} loading={running} disabled={!c || c.heldByOther} data-testid="registry-resync">
            {RS.resync}
          </Button>
        </Group>
        {q.isError ? <AdminError messages={adminErrors(q.error, RS.checkFailed)} /> : q.isPending ? <AdminLoading /> : !c ? <AdminEmpty>{M.noDomainInfo}</AdminEmpty> : (
          <>
            <Alert color={c.equal ? 'green' : c.heldByOther ? 'red' : 'yellow'} variant="light" data-testid="registry-verdict">
              {c.heldByOther ? RS.heldByOther : c.equal ? RS.allEqual : RS.someDiffer}
            </Alert>
            <div role="region" aria-label={RS.title} tabIndex={0} style={{ overflowX: 'auto' }}>
              <Table fz="sm" withTableBorder verticalSpacing={6} miw={520} aria-label={RS.title}>
                <Table.Thead>
                  <Table.Tr><Table.Th w={170}>項目</Table.Th><Table.Th>{RS.ours}</Table.Th><Table.Th>{RS.registry}</Table.Th><Table.Th w={72}>照合</Table.Th></Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {c.rows.map((r) => (
                    <Table.Tr key={r.field} data-field={r.field} data-equal={r.equal ? '1' : '0'}>
                      <Table.Th scope="row" fw={500}>{REGISTRY_SYNC_FIELD_LABELS[r.field] ?? r.field}</Table.Th>
                      <Table.Td style={{ wordBreak: 'break-all' }}>{r.ours}</Table.Td>
                      <Table.Td style={{ wordBreak: 'break-all' }}>{r.registry}</Table.Td>
                      <Table.Td>{r.equal ? <Badge color="green" variant="light">{RS.equal}</Badge> : <Badge color="red" variant="light">{RS.differs}</Badge>}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </div>
            <Text size="xs" c="dimmed">{RS.checkedAt}: {tokyoDateTime(c.checkedAt)}</Text>
          </>
        )}
        {running ? <Text size="sm" role="status">{RS.resyncing}</Text> : null}
        {start.isError ? <AdminError messages={adminErrors(start.error, RS.resyncFailed)} /> : null}
        {done ? (
          <Alert color={done.ok ? 'green' : 'red'} variant="light" title={done.ok ? RS.resyncDone : RS.resyncFailed} data-testid="registry-resync-result" role="status">
            {done.lines.map((l) => <Text key={l} size="sm">{l}</Text>)}
          </Alert>
        ) : null}
      </Stack>
    </Paper>
  );
}
