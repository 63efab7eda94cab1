/** /mypage/domain: the member's domain list (001 spec §2 "Domain list page", §4 "Selection", §5 "Selection and search"). */
import {
  ActionIcon, Alert, Badge, Box, Button, Checkbox, CloseButton, Group, Menu, Modal, Pagination, Paper, Select, Skeleton, Stack, Switch, Table, Tabs, Text, Title, Tooltip,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import type { DomainRowDto } from '@registrar/contracts';
import { M } from '@registrar/messages';
import {
  bulkSelectionError, DEFAULT_DOMAIN_PAGE_SIZE, DEFAULT_DOMAIN_SORT, DOMAIN_PAGE_SIZES, DOMAIN_SEARCH_FIELD_LABELS, DOMAIN_SORTS, DOMAIN_STATUS_LABELS,
  INFLUX_LIMIT_LABELS, TLD_GROUPS, WHOIS_FILTERS,
} from '@registrar/rules';
import { EmptyBlock, ErrorBlock, TableSkeleton } from '@registrar/ui';
import { ApiError } from '../../lib/api';
import { snackbar } from '../../lib/snackbar';
import { CELL_LABELS, DASH, dueDateText, flagText, FlagBadge, lockHint, NameExtras, ShortcutCell, HostName } from './domain-cells';
import { domainQueries, readyAllPages, readyByIds, type ListCondition } from './domain-list.api';
import { conditionOf, FILTER_KEYS, hasFilters, type DomainListSearch } from './list-search';
import { DOMAIN_OPERATIONS, disabledReasonOf, type DomainOperation, useDomainListRefresh } from './operations';
import { clearRenewal, readRenewal, saveRenewal } from './operations/renew-session';
import { InfluxCell } from './influx-cell';
import { DomainListExtras, RegistrationBox } from './list-extras';
import { AdvancedSearchModal, KeywordSearch } from './search-forms';
import { usePageTitle } from '../../lib/page-title';
import { useMinWidth } from '../../lib/media';
import { keywordToolUrl } from '../../layout/site-map';
import { serviceByName, useServices } from '../../lib/site-config';
import { HelpLink, OPERATION_HELP } from '../help/help-link';

export const DOMAIN_LIST_TITLE = 'ドメイン管理';

type Active = { op: DomainOperation; domains: DomainRowDto[] } | null;

function filterValueLabel(k: string, v: string): string {
  if (k === 'isStatus') return DOMAIN_STATUS_LABELS[v] ?? v;
  if (k === 'influxLimit') return INFLUX_LIMIT_LABELS[v] ?? v;
  if (k === 'isWhoisProxy') return (WHOIS_FILTERS as Record<string, string>)[v] ?? `WHOIS情報 #${v}`;
  if (k === 'isTrash') return v === '1' ? 'ゴミ箱のみ' : 'ゴミ箱を除く';
  if (k === 'tldGroup') return (TLD_GROUPS as Record<string, string>)[v] ?? v;
  if (['isDomainLock', 'isAutoUpdate', 'isGetAuthcode'].includes(k)) return v === '1' ? 'ON' : 'OFF';
  return v;
}

export function DomainListPage() {
  const search = useSearch({ from: '/mypage/domain/' }) as DomainListSearch;
  const navigate = useNavigate({ from: '/mypage/domain/' });
  const condition = useMemo(() => conditionOf(search), [search]);
  const list = useQuery(domainQueries.list(condition));
  const refresh = useDomainListRefresh();
  const wide = useMinWidth('62em');
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [allPages, setAllPages] = useState(false);
  const [active, setActive] = useState<Active>(null);
  const [busy, setBusy] = useState(false);
  const [preparing, setPreparing] = useState(false);
  const [advanced, setAdvanced] = useState(false);
  const phone = !useMinWidth('48em');

  const conditionKey = JSON.stringify({ ...condition, validDomainPage: undefined });
  useEffect(() => { setSelected(new Set()); setAllPages(false); }, [conditionKey]);
  // the open modal's title is the tab's title (001 §2 "Each sets a tab title")
  usePageTitle(active ? active.op.title : DOMAIN_LIST_TITLE);

  // return from the card / payment provider: reopen the renewal with its saved session (and the payment's outcome), else reset URL and session
  useEffect(() => {
    if (!search.action && !search.cardRegistration) return;
    const renew = DOMAIN_OPERATIONS.find((o) => o.id === 1);
    const saved = readRenewal();
    const ids = saved?.domainIds ?? [];
    const reopen = search.action === 'renewDomain' && renew && ids.length > 0;
    navigate({ search: (prev: DomainListSearch) => ({ ...prev, action: undefined, cardRegistration: undefined, payment_session: undefined, paymentResult: undefined }) as never, replace: true });
    if (!reopen) { clearRenewal(); return; }
    saveRenewal({ ...saved!, payment: search.payment_session && search.paymentResult ? { sessionId: search.payment_session, result: search.paymentResult } : null });
    void readyByIds(ids).then((r) => { if (r.data.domains.length) setActive({ op: renew, domains: r.data.domains }); }).catch(() => undefined);
  }, []); // once, on arrival from the provider

  const set = (patch: Partial<DomainListSearch>) => navigate({ search: (prev: DomainListSearch) => ({ ...prev, ...patch }) as never });
  const tab = search.domainType === 2 ? '2' : '1';
  const data = list.data?.validDomains ?? null;
  const errors = list.data?.errors ?? [];
  const rows = data?.data ?? [];
  const pageIds = rows.map((d) => d.id);
  const allOnPage = pageIds.length > 0 && pageIds.every((id) => selected.has(id));
  const someOnPage = pageIds.some((id) => selected.has(id));
  const selectionCount = allPages ? (data?.total ?? 0) : selected.size;
  const byCell = new Map(DOMAIN_OPERATIONS.filter((o) => o.cell).map((o) => [o.cell!, o]));
  const bulkOps = DOMAIN_OPERATIONS.filter((o) => o.bulk !== false && o.id !== 9);

  const toggle = (id: number, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(id); else next.delete(id);
    setSelected(next);
    if (!on) setAllPages(false);
  };
  const togglePage = (on: boolean) => {
    const next = new Set(selected);
    pageIds.forEach((id) => (on ? next.add(id) : next.delete(id)));
    setSelected(next);
    if (!on) setAllPages(false);
  };

  const open = (op: DomainOperation, d: DomainRowDto) => setActive({ op, domains: [d] });
  const openBulk = async (op: DomainOperation) => {
    const err = bulkSelectionError(selectionCount);
    if (err) { snackbar(err, { color: 'red' }); return; }
    setPreparing(true);
    try {
      const r = allPages ? await readyAllPages(condition) : await readyByIds([...selected]);
      if (r.errors.length) { snackbar(r.errors.join(' '), { color: 'red' }); return; }
      if (!r.data.domains.length) { snackbar(M.selectDomain, { color: 'red' }); return; }
      setActive({ op, domains: r.data.domains });
    } catch (e) {
      snackbar(e instanceof ApiError && typeof (e.body as { message?: string })?.message === 'string' ? (e.body as { message: string }).message : M.errorOccurred, { color: 'red' });
    } finally {
      setPreparing(false);
    }
  };
  const closeModal = async (result?: { changedIds?: number[]; reload?: boolean }) => {
    setActive(null);
    setBusy(false);
    if (result?.reload) { setSelected(new Set()); setAllPages(false); }
    if (result?.changedIds?.length || result?.reload) await refresh(result?.reload ? undefined : result?.changedIds);
  };

  const filterChips = FILTER_KEYS.filter((k) => search[k] !== undefined);

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="xs">
        <Title order={1} size="h3">{DOMAIN_LIST_TITLE}</Title>
        {phone ? null : <Button variant="light" size="xs" onClick={() => setAdvanced(true)}>詳細検索</Button>}
      </Group>
      {phone ? <KeywordSearch key={search.key ?? ''} initial={search.key ?? ''} onAdvanced={() => setAdvanced(true)} /> : null}
      {advanced ? <AdvancedSearchModal opened onClose={() => setAdvanced(false)} initial={search} /> : null}
      <DomainListExtras />

      {filterChips.length || search.domainPkIds?.length ? (
        <Paper withBorder p="xs" radius="md" data-testid="active-filters">
          <Group gap="xs">
            <Text size="sm" fw={600}>絞り込み:</Text>
            {search.domainPkIds?.length ? <Badge variant="light">今回登録したドメイン（{search.domainPkIds.length}件）</Badge> : null}
            {filterChips.map((k) => (
              <Badge key={k} variant="light" rightSection={<CloseButton size="xs" aria-label={`${DOMAIN_SEARCH_FIELD_LABELS[k]}の条件を外す`} onClick={() => set({ [k]: undefined, validDomainPage: undefined })} />}>
                {DOMAIN_SEARCH_FIELD_LABELS[k]}: {filterValueLabel(k, String(search[k]))}
              </Badge>
            ))}
            <Button size="compact-xs" variant="subtle" onClick={() => navigate({ search: {} as never })}>条件をクリア</Button>
          </Group>
        </Paper>
      ) : null}

      <Tabs value={tab} onChange={(v) => set({ domainType: v === '2' ? 2 : undefined, isStatus: undefined, validDomainPage: undefined })} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="1">有効なドメイン</Tabs.Tab>
          <Tabs.Tab value="2" rightSection={list.data?.expiredCount ? <Badge size="xs" color="red" circle={list.data.expiredCount < 10}>{list.data.expiredCount}</Badge> : null}>期限切れドメイン</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      {tab === '1' && (list.data?.expiredCount ?? 0) > 0 ? (
        <Alert color="orange" variant="light" data-testid="expired-notice">
          期限切れのドメインが{list.data!.expiredCount}件あります。<Button variant="subtle" size="compact-sm" onClick={() => set({ domainType: 2, validDomainPage: undefined })}>期限切れドメインを見る</Button>
        </Alert>
      ) : null}

      {errors.length ? (
        <Alert color="red" variant="light" role="alert" data-testid="search-errors">
          <Stack gap={2}>{errors.map((e) => <Text key={e} size="sm">{e}</Text>)}</Stack>
        </Alert>
      ) : null}

      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="sm" data-testid="hit-count" aria-live="polite">{data ? `${data.total.toLocaleString('ja-JP')}件` : ' '}</Text>
        <Group gap="xs" wrap="wrap">
          <Select aria-label="表示件数" size="xs" w={90} allowDeselect={false} value={String(search.pagingNum ?? DEFAULT_DOMAIN_PAGE_SIZE)}
            data={[...DOMAIN_PAGE_SIZES].sort((a, b) => a - b).map((n) => ({ value: String(n), label: `${n}件` }))}
            onChange={(v) => set({ pagingNum: Number(v) === DEFAULT_DOMAIN_PAGE_SIZE ? undefined : Number(v), validDomainPage: undefined })} />
          <Select aria-label="並び順" size="xs" w={170} allowDeselect={false} value={search.sort && search.sort in DOMAIN_SORTS ? search.sort : DEFAULT_DOMAIN_SORT}
            data={Object.entries(DOMAIN_SORTS).map(([value, label]) => ({ value, label }))}
            onChange={(v) => set({ sort: v === DEFAULT_DOMAIN_SORT ? undefined : (v ?? undefined), validDomainPage: undefined })} />
          {tab === '1' ? <CsvButton condition={condition} disabled={!data?.total} /> : null}
        </Group>
      </Group>

      <Paper withBorder radius="md" p="xs" data-testid="bulk-bar">
        <Group gap="xs" justify="space-between" wrap="wrap">
          <Group gap="xs" wrap="wrap">
            <Text size="sm" data-testid="selection-count">選択中: {selectionCount.toLocaleString('ja-JP')}件</Text>
            <Switch size="sm" label="全ページを選択" checked={allPages} disabled={!allOnPage} onChange={(e) => setAllPages(e.currentTarget.checked)} data-testid="select-all-pages" />
          </Group>
          <Group gap={6} wrap="wrap">
            {bulkOps.map((op) => <Button key={op.id} size="compact-sm" variant="light" loading={preparing} onClick={() => void openBulk(op)}>{op.label}</Button>)}
          </Group>
        </Group>
      </Paper>

      {list.isPending ? <TableSkeleton rows={8} /> : list.isError ? (
        <ErrorBlock onRetry={() => void list.refetch()} />
      ) : !data ? null : rows.length === 0 ? (
        <EmptyBlock
          title={hasFilters(search) || tab === '2' ? '条件に一致するドメインはありません' : '管理中のドメインはありません'}
          description="新しいドメインを登録しましょう。"
          action={<Button component={Link} to="/mypage/search">新規登録する</Button>}
        />
      ) : wide ? (
        <Table.ScrollContainer minWidth={820}>
          <Table striped highlightOnHover verticalSpacing="xs" data-testid="domain-table" style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={36}><Checkbox aria-label="このページのドメインをすべて選択" checked={allOnPage} indeterminate={!allOnPage && someOnPage} onChange={(e) => togglePage(e.currentTarget.checked)} /></Table.Th>
                <Table.Th>ドメイン名</Table.Th>
                <Table.Th>推定流入数</Table.Th>
                <Table.Th>ネームサーバー1</Table.Th>
                <Table.Th>有効期限</Table.Th>
                <Table.Th style={{ whiteSpace: 'nowrap' }}>自動更新</Table.Th>
                <Table.Th style={{ whiteSpace: 'nowrap' }}>WHOIS代理</Table.Th>
                <Table.Th style={{ whiteSpace: 'nowrap' }}>ロック</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((d) => (
                <Table.Tr key={d.id} data-testid="domain-row" data-domain={d.name}>
                  <Table.Td><Checkbox aria-label={`${d.name}を選択`} checked={allPages || selected.has(d.id)} onChange={(e) => toggle(d.id, e.currentTarget.checked)} /></Table.Td>
                  <Table.Td maw={320}>
                    <Group gap={4} wrap="nowrap" align="flex-start">
                      <RowMenu d={d} onOpen={open} />
                      <Box miw={0}>
                        <Text fw={600} size="sm" renderRoot={(props) => <Link {...props} to="/mypage/domain/detail/$id" params={{ id: String(d.id) }} />}><HostName name={d.name} /></Text>
                        <NameExtras d={d} />
                      </Box>
                    </Group>
                  </Table.Td>
                  <Table.Td><InfluxCell d={d} /></Table.Td>
                  <Table.Td><Text size="sm" style={{ overflowWrap: 'anywhere' }}><ShortcutCell d={d} op={byCell.get('nameServer')} text={d.is_expired ? DASH : (d.name_servers[0] ?? DASH)} label={CELL_LABELS.nameServer} onOpen={open}>{d.is_expired ? DASH : d.name_servers[0] ? <HostName name={d.name_servers[0]} /> : DASH}</ShortcutCell></Text></Table.Td>
                  <Table.Td><Text size="sm" c={d.domain_status === 2 ? 'orange.8' : d.is_expired ? 'red.8' : undefined} style={{ whiteSpace: 'nowrap' }}>{dueDateText(d)}</Text></Table.Td>
                  {(['autoRenew', 'whois', 'lock'] as const).map((cell) => (
                    <Table.Td key={cell}><ShortcutCell d={d} op={byCell.get(cell)} text={flagText(d, cell)} label={CELL_LABELS[cell]} onOpen={open}><FlagBadge text={flagText(d, cell)} hint={cell === 'lock' ? lockHint(d) : undefined} /></ShortcutCell></Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : (
        <Stack gap="xs" data-testid="domain-cards" style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
          <Checkbox label="このページをすべて選択" checked={allOnPage} indeterminate={!allOnPage && someOnPage} onChange={(e) => togglePage(e.currentTarget.checked)} />
          {rows.map((d) => (
            <Paper key={d.id} withBorder radius="md" p="xs" data-testid="domain-row" data-domain={d.name}>
              <Group gap="xs" wrap="nowrap" align="flex-start">
                <Checkbox mt={4} aria-label={`${d.name}を選択`} checked={allPages || selected.has(d.id)} onChange={(e) => toggle(d.id, e.currentTarget.checked)} />
                <Box miw={0} style={{ flex: 1 }}>
                  <Group gap={4} wrap="nowrap" justify="space-between" align="flex-start">
                    <Box miw={0}>
                      <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }} renderRoot={(props) => <Link {...props} to="/mypage/domain/detail/$id" params={{ id: String(d.id) }} />}>{d.name}</Text>
                      <NameExtras d={d} />
                    </Box>
                    <RowMenu d={d} onOpen={open} />
                  </Group>
                  <Box mt={6} style={{ display: 'grid', gridTemplateColumns: 'fit-content(9em) minmax(0, 1fr)', columnGap: 12, rowGap: 2, fontSize: 'var(--mantine-font-size-xs)' }}>
                    <Text size="xs" c="dimmed">有効期限</Text><Text size="xs">{dueDateText(d)}</Text>
                    <Text size="xs" c="dimmed">ネームサーバー1</Text><Text size="xs" style={{ overflowWrap: 'anywhere' }}>{d.is_expired ? DASH : (d.name_servers[0] ?? DASH)}</Text>
                    <Text size="xs" c="dimmed">推定流入数</Text><InfluxCell d={d} />
                    {/* the long label on its own line: in the label column it left the values too little room at 360 px */}
                    <Text size="xs" c="dimmed" mt={2} style={{ gridColumn: '1 / -1' }}>自動更新 / WHOIS代理 / ロック</Text>
                    <Group gap={4} style={{ gridColumn: '1 / -1' }}>
                      {(['autoRenew', 'whois', 'lock'] as const).map((cell) => (
                        <ShortcutCell key={cell} d={d} op={byCell.get(cell)} text={flagText(d, cell)} label={CELL_LABELS[cell]} onOpen={open}><FlagBadge text={flagText(d, cell)} hint={cell === 'lock' ? lockHint(d) : undefined} /></ShortcutCell>
                      ))}
                    </Group>
                  </Box>
                </Box>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}

      {data && data.last_page > 1 ? (
        <Group justify="center">
          <Pagination total={data.last_page} value={data.current_page} siblings={wide ? 1 : 0} boundaries={1} size={wide ? 'md' : 'sm'}
            onChange={(p) => set({ validDomainPage: p === 1 ? undefined : p })} getControlProps={(c) => ({ 'aria-label': c === 'next' ? '次のページ' : c === 'previous' ? '前のページ' : c })} />
        </Group>
      ) : null}
      <RegistrationBox />

      <Modal closeButtonProps={{ 'aria-label': '閉じる' }} opened={!!active} onClose={() => { if (!busy) void closeModal(); }} title={active ? <OperationTitle op={active.op} /> : null} size="lg" closeOnClickOutside={!busy} closeOnEscape={!busy} withCloseButton={!busy}
        fullScreen={!wide}>
        {active ? <active.op.Modal domains={active.domains} onClose={(r) => void closeModal(r)} setBusy={setBusy} /> : null}
      </Modal>
    </Stack>
  );
}

/** The modal's title with a link to the article that explains the operation (and its errors). */
function OperationTitle({ op }: { op: DomainOperation }) {
  const topic = OPERATION_HELP[op.id];
  return (
    <Group gap="sm" wrap="wrap" component="span">
      <span>{op.title}</span>
      {topic ? <HelpLink topic={topic} label="この操作のヘルプ" /> : null}
    </Group>
  );
}

function RowMenu({ d, onOpen }: { d: DomainRowDto; onOpen: (op: DomainOperation, d: DomainRowDto) => void }) {
  // the keyword tool belongs to the tools service: offered only while the services map holds it
  const services = useServices();
  const tools = serviceByName(services, 'tools');
  const toolUrl = keywordToolUrl(services, d.name);
  return (
    <Menu position="bottom-start" withinPortal shadow="md">
      <Menu.Target>
        <ActionIcon variant="subtle" size="sm" aria-label={`${d.name}の操作メニュー`} data-testid="row-menu">
          <svg width={16} height={16} viewBox="0 0 24 24" fill="currentColor" aria-hidden><circle cx="5" cy="12" r="2" /><circle cx="12" cy="12" r="2" /><circle cx="19" cy="12" r="2" /></svg>
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item renderRoot={(props) => <Link {...props} to="/mypage/domain/detail/$id" params={{ id: String(d.id) }} />}>ドメイン詳細</Menu.Item>
        <Menu.Item renderRoot={(props) => <Link {...props} to="/mypage/domain/forwarding" search={{ id: d.id }} />} data-testid="menu-forwarding">転送設定</Menu.Item>
        {tools && toolUrl ? (
          <Menu.Item component="a" href={toolUrl} target="_blank" rel="noopener noreferrer" data-testid="keyword-tool">
            キーワード調査（{tools.name_jp}・新しいタブ）
          </Menu.Item>
        ) : null}
        {DOMAIN_OPERATIONS.map((op) => {
          const reason = disabledReasonOf(op, d);
          // the reason is written under the label too: a tooltip never shows on a touch screen
          return reason ? (
            <Tooltip key={op.id} label={reason} position="right"><Box><Menu.Item disabled aria-label={op.label} data-testid={`menu-disabled-${op.id}`}>
              {op.label}
              <Text size="xs" c="dimmed" maw={220} style={{ whiteSpace: 'normal' }}>{reason}</Text>
            </Menu.Item></Box></Tooltip>
          ) : (
            <Menu.Item key={op.id} onClick={() => onOpen(op, d)}>{op.label}</Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}

/** The CSV icon (valid-domains tab): a form post with the token and the same conditions (001 §7), so the browser downloads it. */
function CsvButton({ condition, disabled }: { condition: ListCondition; disabled: boolean }) {
  const submit = () => {
    const form = document.createElement('form');
    form.method = 'POST';
    form.action = '/mypage/domain/csv';
    form.style.display = 'none';
    const fields: Record<string, string> = { _token: document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? '' };
    for (const [k, v] of Object.entries(condition)) {
      if (v === undefined || v === null || k === 'validDomainPage' || k === 'pagingNum' || k === 'domainPkIds') continue;
      fields[k] = String(v);
    }
    for (const [k, v] of Object.entries(fields)) {
      const input = document.createElement('input');
      input.type = 'hidden';
      input.name = k;
      input.value = v;
      form.appendChild(input);
    }
    document.body.appendChild(form);
    form.submit();
    form.remove();
  };
  return (
    <Tooltip label="CSVダウンロード">
      <Button size="xs" variant="default" onClick={submit} disabled={disabled} data-testid="csv-download" leftSection={<CsvGlyph />}>CSV</Button>
    </Tooltip>
  );
}

const CsvGlyph = () => (
  <svg width={14} height={14} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden><path d="M12 3v12" /><path d="m7 10 5 5 5-5" /><path d="M5 21h14" /></svg>
);

export function DomainListPending() {
  return (
    <Stack gap="md">
      <Title order={1} size="h3">{DOMAIN_LIST_TITLE}</Title>
      <Skeleton h={36} />
      <TableSkeleton rows={8} />
    </Stack>
  );
}
