import { Badge, Button, Group, Loader, Modal, Select, SimpleGrid, Stack, Table, Text, Textarea, TextInput, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { DomainRowDto } from '@registrar/contracts';
import { M } from '@registrar/messages';
import { DOMAIN_PAGE_SIZES, DOMAIN_SORTS, DOMAIN_STATUS_LABELS, formatDateJst, validateDomainSearch, WHOIS_FILTERS } from '@registrar/rules';
import { adminDomainsApi, adminErrors } from '../../../features/admin/admin.api';
import { ADMIN_DOMAIN_FILTERS, type AdminDomainFilter, type AdminDomainSearch } from '../../../features/admin/domain-search';
import { AdminPage } from '../../../features/admin/admin-page';
import { AdminEmpty, AdminError, AdminLoading, AdminPager, DomainLink, UserLink, WideTable } from '../../../features/admin/admin-ui';
import { InfluxCell } from '../../../features/domains/influx-cell';
import { postForm } from '../../../features/domains/form-post';
import { adminLockHint, FlagBadge, flagText } from '../../../features/domains/domain-cells';

const str = (v: unknown): string | undefined => {
  const s = typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : '';
  return s && s.length <= 300 ? s : undefined;
};

export const Route = createFileRoute('/admin/domains/')({
  // every condition lives in the URL (reload and share keep the search)
  validateSearch: (s: Record<string, unknown>): AdminDomainSearch => {
    const out: AdminDomainSearch = {};
    for (const k of ADMIN_DOMAIN_FILTERS) { const v = str(s[k]); if (v) out[k] = v; }
    const sort = str(s.sort);
    if (sort && sort in DOMAIN_SORTS) out.sort = sort;
    const page = Number(s.validDomainPage);
    if (Number.isInteger(page) && page > 1) out.validDomainPage = page;
    const size = Number(s.pagingNum);
    if ((DOMAIN_PAGE_SIZES as readonly number[]).includes(size)) out.pagingNum = size;
    return out;
  },
  component: AdminDomainsPage,
});

/** Line breaks in the keyword become spaces (002 §2). */
const keywordOf = (text: string) => text.replace(/\r?\n|\r/g, ' ').trim();

const DASH = '-';
function flag(d: DomainRowDto, on: 0 | 1, applies = true) {
  // an expired domain's flags no longer mean anything: dashes (002 §2)
  if (d.is_expired || !applies) return <Text span c="dimmed">{DASH}</Text>;
  return <Badge variant="light" color={on ? 'teal' : 'gray'} size="sm">{on ? 'ON' : 'OFF'}</Badge>;
}

/** /admin/domains: every member's domains through the member list's search service in its admin mode (002 §2). */
function AdminDomainsPage() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const [keyword, setKeyword] = useState(search.key ?? '');
  const [advanced, setAdvanced] = useState(false);
  const q = useQuery({
    queryKey: ['admin', 'domains', search], queryFn: ({ signal }) => adminDomainsApi.search(search, signal), placeholderData: keepPreviousData, retry: false,
    // a new domain's default lock being set at the registry (設定中): asked again until it is on or has failed, as the member's list does
    refetchInterval: (query) => (query.state.data?.domains?.data?.some((d) => d.domain_lock_state === 1 && !d.is_domain_lock_enabled_flg) ? 3_000 : false),
  });
  const page = q.data?.domains;
  const go = (next: AdminDomainSearch) => void navigate({ search: next });
  const hasFilters = ADMIN_DOMAIN_FILTERS.some((k) => search[k]);
  const download = () => {
    const fields: Record<string, string | undefined> = {};
    for (const k of ADMIN_DOMAIN_FILTERS) fields[k] = search[k];
    fields.sort = search.sort;
    postForm('/admin/domains/download', fields);
  };
  return (
    <AdminPage title="ドメイン管理" actions={<Button variant="default" size="sm" onClick={download} data-testid="admin-domains-csv">CSVダウンロード</Button>}>
      <Stack gap="sm">
        <form role="search" aria-label="ドメインを検索" onSubmit={(e) => { e.preventDefault(); const k = keywordOf(keyword); if (k) go({ ...search, key: k, validDomainPage: undefined }); }}>
          <Group gap="xs" align="flex-end" wrap="wrap">
            <Textarea label="キーワード（ドメイン名）" autosize minRows={1} maxRows={3} value={keyword} onChange={(e) => setKeyword(e.currentTarget.value)} style={{ flex: '1 1 220px' }} maxLength={253} />
            <Group gap="xs" wrap="nowrap">
              <Button type="submit" disabled={!keywordOf(keyword)}>検索</Button>
              <Button variant="default" onClick={() => setAdvanced(true)}>詳細検索</Button>
              {hasFilters ? <Button variant="subtle" onClick={() => { setKeyword(''); go({}); }}>条件をクリア</Button> : null}
            </Group>
          </Group>
        </form>
        <Group gap="sm" justify="space-between" wrap="wrap">
          <Text size="sm" data-testid="admin-domains-total">{page ? `${page.total.toLocaleString('ja-JP')}件` : ' '}</Text>
          <Group gap="xs" wrap="wrap">
            <Select aria-label="並び順" size="xs" w={190} data={Object.entries(DOMAIN_SORTS).map(([value, label]) => ({ value, label }))} value={search.sort ?? 'dueDateAsc'}
              onChange={(v) => go({ ...search, sort: v && v !== 'dueDateAsc' ? v : undefined, validDomainPage: undefined })} allowDeselect={false} />
            <Select aria-label="表示件数" size="xs" w={100} data={DOMAIN_PAGE_SIZES.map((n) => ({ value: String(n), label: `${n}件` }))} value={String(search.pagingNum ?? 50)}
              onChange={(v) => go({ ...search, pagingNum: v && v !== '50' ? Number(v) : undefined, validDomainPage: undefined })} allowDeselect={false} />
          </Group>
        </Group>
        {q.isError ? <AdminError messages={adminErrors(q.error)} /> : q.isPending ? <AdminLoading /> : !page?.data.length ? <AdminEmpty /> : (
          <Stack gap="xs">
            <AdminPager page={page.current_page ?? 1} last={page.last_page} onChange={(p) => go({ ...search, validDomainPage: p > 1 ? p : undefined })} label="ページ（上）" />
            <WideTable minWidth={1060}>
              <Table fz="sm" striped highlightOnHover verticalSpacing={6} data-testid="admin-domains-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>ID</Table.Th><Table.Th>ラッコID</Table.Th><Table.Th>ドメイン名</Table.Th><Table.Th>有効期限</Table.Th><Table.Th>自動更新</Table.Th>
                    <Table.Th>WHOIS代理</Table.Th><Table.Th>ロック</Table.Th><Table.Th>ネームサーバー</Table.Th><Table.Th>推定流入数</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {page.data.map((d) => (
                    <Table.Tr key={d.id} data-testid="admin-domain-row" data-expired={d.is_expired ? '1' : '0'}>
                      <Table.Td>{d.id}</Table.Td>
                      <Table.Td><UserLink id={d.user_id} /></Table.Td>
                      <Table.Td style={{ maxWidth: 260 }}>
                        <DomainLink id={d.id}>{d.name}</DomainLink>
                        {d.name !== d.punycode ? <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>（{d.punycode}）</Text> : null}
                        <Group gap={4} mt={2}>
                          {d.admin_lock_status !== 0 ? <Badge size="xs" color="red" variant="outline">管理ロック</Badge> : null}
                          {d.is_trash_flg ? <Badge size="xs" color="gray" variant="filled">ゴミ箱</Badge> : null}
                          {d.domain_move_requests.length ? (
                            <Tooltip label={`移動先: ${d.domain_move_requests[0]!.to_email}`}><Badge size="xs" color="violet" variant="light" data-testid="move-request">移動申請中</Badge></Tooltip>
                          ) : null}
                          {d.status !== 'active' ? <Badge size="xs" color={d.status === 'provisional' ? 'orange' : 'yellow'} variant="light">{d.status === 'provisional' ? '仮登録' : '処理中'}</Badge> : null}
                        </Group>
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        {d.due_date ? formatDateJst(d.due_date) : DASH}
                        {d.is_expired ? <Text size="xs" c="red">{DOMAIN_STATUS_LABELS[String(d.domain_status)] ?? '期限切れ'}</Text> : null}
                      </Table.Td>
                      <Table.Td>{flag(d, d.is_auto_update_enabled_flg)}</Table.Td>
                      <Table.Td>
                        {d.is_whois_processing_flg !== 0 && !d.is_expired ? (
                          <Tooltip label="WHOIS情報の変更処理中です"><Group gap={4} wrap="nowrap" data-testid="whois-processing"><Loader size={14} /><Text size="xs" c="dimmed">処理中</Text></Group></Tooltip>
                        ) : flag(d, d.is_whois_proxy_enabled_flg, d.tld_policy.can_proxy || d.is_whois_proxy_enabled_flg === 1)}
                      </Table.Td>
                      {/* the lock as the member's list shows it: ON / OFF, 設定中 while a new domain's lock is applied, 設定失敗 with the reason */}
                      <Table.Td data-testid="admin-lock-cell"><FlagBadge text={flagText(d, 'lock')} hint={adminLockHint(d)} /></Table.Td>
                      <Table.Td><Text size="xs" style={{ whiteSpace: 'pre-line' }}>{d.name_servers.slice(0, 2).join('\n') || DASH}{d.name_servers.length > 2 ? `\n他${d.name_servers.length - 2}件` : ''}</Text></Table.Td>
                      <Table.Td><InfluxCell d={d} /></Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </WideTable>
            <AdminPager page={page.current_page ?? 1} last={page.last_page} onChange={(p) => go({ ...search, validDomainPage: p > 1 ? p : undefined })} label="ページ（下）" />
          </Stack>
        )}
      </Stack>
      {advanced ? <AdminAdvancedSearch initial={search} onClose={() => setAdvanced(false)} onSearch={(s) => { setAdvanced(false); setKeyword(s.key ?? ''); go(s); }} /> : null}
    </AdminPage>
  );
}

const ANY = '';
const onOff = [{ value: ANY, label: '指定なし' }, { value: '1', label: 'ON' }, { value: '0', label: 'OFF' }];

/** The advanced search (002 §3 "Admin search conditions"): every condition, checked by the shared rule before it is sent. */
function AdminAdvancedSearch({ initial, onClose, onSearch }: { initial: AdminDomainSearch; onClose: () => void; onSearch: (s: AdminDomainSearch) => void }) {
  const wide = useMediaQuery('(min-width: 48em)', true) ?? true;
  const cond = useQuery({ queryKey: ['admin', 'domains', 'condition'], queryFn: ({ signal }) => adminDomainsApi.condition(signal), staleTime: 60_000 });
  const [f, setF] = useState<AdminDomainSearch>(() => ({ ...initial }));
  const [errors, setErrors] = useState<string[]>([]);
  const set = (k: AdminDomainFilter) => (v: string | null) => setF((p) => ({ ...p, [k]: v ?? '' }));
  const submit = () => {
    const errs: string[] = [];
    if (f.userId && !/^\d+$/.test(f.userId.trim())) errs.push(M.userIdDigits);
    const v = validateDomainSearch({ ...f, key: f.key ? keywordOf(f.key) : '' });
    if (!v.ok) errs.push(...v.errors);
    if (errs.length) { setErrors(errs); return; }
    const next: AdminDomainSearch = {};
    for (const k of ADMIN_DOMAIN_FILTERS) { const x = k === 'key' ? keywordOf(f.key ?? '') : String(f[k] ?? '').trim(); if (x) next[k] = x; }
    if (initial.sort) next.sort = initial.sort;
    if (initial.pagingNum) next.pagingNum = initial.pagingNum;
    onSearch(next);
  };
  const date = (k: AdminDomainFilter, label: string) => <TextInput type="date" label={label} value={f[k] ?? ''} onChange={(e) => set(k)(e.currentTarget.value)} style={{ flex: 1 }} />;
  return (
    <Modal opened onClose={onClose} title="詳細検索" size="xl" fullScreen={!wide}>
      <form onSubmit={(e) => { e.preventDefault(); submit(); }} aria-label="詳細検索">
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label="キーワード（ドメイン名）" value={f.key ?? ''} maxLength={253} onChange={(e) => set('key')(e.currentTarget.value)} />
            <TextInput label="ラッコID" value={f.userId ?? ''} inputMode="numeric" onChange={(e) => set('userId')(e.currentTarget.value)} />
            <Group gap={4} wrap="nowrap" align="flex-end">{date('obtainDateStart', '登録日（開始）')}<Text pb={8}>〜</Text>{date('obtainDateEnd', '登録日（終了）')}</Group>
            <Group gap={4} wrap="nowrap" align="flex-end">{date('dueDateStart', '有効期限（開始）')}<Text pb={8}>〜</Text>{date('dueDateEnd', '有効期限（終了）')}</Group>
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <Select label="ステータス" data={[{ value: ANY, label: '指定なし' }, ...Object.entries(DOMAIN_STATUS_LABELS).map(([value, label]) => ({ value, label }))]} value={f.isStatus ?? ANY} onChange={set('isStatus')} allowDeselect={false} />
            <Select label="WHOIS代理公開" data={[{ value: ANY, label: '指定なし' }, ...Object.entries(WHOIS_FILTERS).map(([value, label]) => ({ value, label }))]} value={f.isWhoisProxy ?? ANY} onChange={set('isWhoisProxy')} allowDeselect={false} />
            <Select label="ドメインロック" data={onOff} value={f.isDomainLock ?? ANY} onChange={set('isDomainLock')} allowDeselect={false} />
            <Select label="ゴミ箱" data={[{ value: ANY, label: '指定なし' }, { value: '1', label: 'ゴミ箱のみ' }, { value: '0', label: 'ゴミ箱を除く' }]} value={f.isTrash ?? ANY} onChange={set('isTrash')} allowDeselect={false} />
            <Select label="ネームサーバー" data={[{ value: ANY, label: '指定なし' }, ...(cond.data?.data.nameServers ?? []).map((n) => ({ value: n, label: n }))]} value={f.nameServer ?? ANY} onChange={set('nameServer')} allowDeselect={false} searchable nothingFoundMessage="該当なし" />
          </SimpleGrid>
          {errors.length ? <Stack gap={2} role="alert" data-testid="advanced-errors">{errors.map((e) => <Text key={e} c="red.8" size="sm">{e}</Text>)}</Stack> : null}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={() => { setF({}); setErrors([]); }}>クリア</Button>
            <Button type="submit">この条件で検索</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
