import { Button, Group, List, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { modals } from '@mantine/modals';
import { Fragment, memo, useMemo, useState } from 'react';
import type { CartDomainDto, TldPriceDto } from '@registrar/contracts';
import { fmt, M } from '@registrar/messages';
import { campaignPrices, formatYen, registrationPeriodOptions, toPunycode, UNAVAILABLE_REASON_LABELS } from '@registrar/rules';
import { choosePeriod, chosenPeriods } from './chosen-periods';
import { EmptyBlock, IdnMarker, nextSort, SortableTh, sortRows, TableSkeleton, type SortDir, type SortState } from '@registrar/ui';
import type { SearchRow } from './use-domain-search';
import classes from './result-table.module.css';
import { RequirementsBadge } from '../catalog/price-table';

/**
 * A name with a break opportunity before each dot: it wraps between labels, not inside one. The TLD links to its detail
 * page in a new tab (002 §2 "The TLD name links to domain/tld/{tld_name} in a new tab").
 */
function BreakableName({ name, tldName }: { name: string; tldName: string | null }) {
  const labels = name.split('.');
  const tldParts = tldName ? tldName.split('.').length : 0;
  const head = tldParts ? labels.slice(0, labels.length - tldParts) : labels;
  return (
    <>
      {head.map((label, i) => (
        <Fragment key={i}>
          {i > 0 ? <wbr /> : null}
          <span data-label-part>{i > 0 ? `.${label}` : label}</span>
        </Fragment>
      ))}
      {tldName ? (
        <>
          <wbr />
          <a data-label-part className={classes.tldLink} href={`/domain/tld/${encodeURIComponent(tldName)}`} target="_blank" rel="noopener" data-testid="row-tld-link" title={`.${tldName} の詳細（新しいタブ）`}>
            {`.${labels.slice(labels.length - tldParts).join('.')}`}
          </a>
        </>
      ) : null}
    </>
  );
}

const tldKey = (p: TldPriceDto) => (p.tld_name_punycode || toPunycode(p.tld_name)).toLowerCase();

/**
 * The status of a row. The states a search shows on hundreds of rows at once (checking, taken, not checked) are plain
 * elements with this module's classes, not components: a keyword search draws 430 of them, then changes them as the
 * answers arrive (bench/availability/browser-search.bench.ts).
 */
function StatusCell({ row }: { row: SearchRow }) {
  switch (row.state) {
    case 'checking':
      return <span role="status" aria-label="確認中" data-testid="row-spinner" className={classes.spinner} />;
    case 'available':
      return <span className={classes.ok}>取得可能</span>;
    case 'unavailable':
      // say why (取得済み, 予約済み, プレミアム); a taken name links to its WHOIS
      return (
        <span className={classes.taken} data-testid="row-unavailable" data-reason={row.reason ?? 'taken'}>
          <span aria-hidden>✕ </span>
          {UNAVAILABLE_REASON_LABELS[row.reason ?? 'taken']}
          {(row.reason ?? 'taken') === 'taken' ? (
            <>
              {' '}
              <a href={`/whois?domain=${encodeURIComponent(row.ascii)}`} target="_blank" rel="noopener noreferrer" className={classes.whoisLink} aria-label={`${row.name}のWHOIS情報（新しいタブ）`}>
                WHOIS
              </a>
            </>
          ) : null}
        </span>
      );
    case 'error':
      return <span className={classes.err}>エラー</span>;
    case 'skipped':
      return (
        <span className={classes.dim} aria-label="確認対象外">
          -
        </span>
      );
    default:
      return null;
  }
}

function Period({ row, price }: { row: SearchRow; price: TldPriceDto }) {
  const options = registrationPeriodOptions(row.ascii, price);
  const kept = chosenPeriods()[row.ascii.toLowerCase()];
  const [years, setYears] = useState(kept !== undefined && options.includes(kept) ? kept : (options[0] ?? price.minimum_years));
  const change = (y: number) => {
    setYears(y);
    choosePeriod(row.ascii, y); // kept for checkout
  };
  return (
    <select className={classes.period} aria-label={`${row.name}の登録年数`} value={String(years)} onChange={(e) => change(Number(e.currentTarget.value))} data-testid="row-period">
      {options.map((y) => (
        <option key={y} value={String(y)}>
          {y}年
        </option>
      ))}
    </select>
  );
}

/**
 * A price in a result row (the public tables' rules, as @registrar/ui's PriceCell): campaign red with the normal price
 * as its title and for screen readers, special blue. Plain elements, no tooltip component: hundreds of rows show it.
 */
function RowPrice({ value, campaign = false, special = false, normal }: { value: number | null; campaign?: boolean; special?: boolean; normal?: number | null }) {
  if (value === null) {
    return (
      <span className={classes.dim} aria-label="取り扱いなし">
        -
      </span>
    );
  }
  if (campaign) {
    const other = normal !== null && normal !== undefined && normal !== value ? `通常価格 ${formatYen(normal)}` : undefined;
    return (
      <>
        <span className={classes.campaign} data-price="campaign" title={other}>
          {formatYen(value)}
        </span>
        {other ? <VisuallyHidden component="span">（{other}）</VisuallyHidden> : null}
      </>
    );
  }
  return (
    <span className={special ? classes.special : classes.price} data-price={special ? 'special' : 'normal'}>
      {formatYen(value)}
    </span>
  );
}

interface ResultRowProps {
  row: SearchRow;
  price: TldPriceDto | undefined;
  member: boolean;
  chosen: boolean;
  adding: boolean;
  /** the campaign first-year price applies to this name at checkout (false: the normal price is charged) */
  campaign: boolean;
  onAdd: (rows: SearchRow[]) => void;
  onRemove?: (punycode: string) => void;
}

/**
 * One name. Memoised: a batch's answer re-renders only its own rows, not the whole 430-row table; plain tr/td (styled
 * as the table's rows by this module) rather than Table.Tr/Table.Td components, 430 of which took most of the first draw.
 */
const ResultRow = memo(function ResultRow({ row, price, member, chosen, adding, campaign, onAdd, onRemove }: ResultRowProps) {
  const ok = row.state === 'available';
  const label = member ? M.addToCart : M.registerButtonGuest;
  return (
    <tr className={classes.row} data-testid="search-row" data-domain={row.name} data-status={row.state}>
      <td className={classes.cell}>
        <div className={classes.nameLine}>
          <span className={classes.name} data-testid="row-name">
            <BreakableName name={row.name} tldName={price?.tld_name ?? null} />
          </span>
          {row.idn && price?.is_idn_price ? <IdnMarker /> : null}
        </div>
        {/* go.jp, lg.jp, co.jp …: who may register them (as the TLD page says) */}
        {price?.requirements && row.state !== 'unavailable' ? <RequirementsBadge requirements={price.requirements} /> : null}
        {row.idn ? <div className={classes.ascii}>{row.ascii}</div> : null}
        {/* WHOIS privacy: a name without it needs a WHOIS contact before ordering (the cart says so too) */}
        {ok && price ? <div className={classes.dim} data-testid="row-proxy">{price.can_proxy ? 'WHOIS代理公開あり' : 'WHOIS代理公開不可'}</div> : null}
      </td>
      <td className={classes.cell}>
        <StatusCell row={row} />
      </td>
      <td className={classes.cell}>
        {ok && price ? (
          <>
            <span className={classes.label}>初年度</span>
            {campaign || !price.is_register_campaign ? (
              <RowPrice value={price.register} campaign={price.is_register_campaign} special={price.is_register_special} normal={price.register_normal} />
            ) : (
              <RowPrice value={price.register_normal ?? price.register} />
            )}
          </>
        ) : null}
      </td>
      <td className={classes.cell}>
        {ok && price ? (
          <>
            <span className={classes.label}>更新</span>
            <RowPrice value={price.renew} campaign={price.is_renew_campaign} special={price.is_renew_special} />
          </>
        ) : null}
      </td>
      <td className={classes.cell}>{ok && price ? <Period row={row} price={price} /> : null}</td>
      <td className={`${classes.cell} ${classes.actions}`}>
        {!ok ? null : adding ? (
          <button type="button" className={classes.add} disabled aria-busy="true" data-testid="row-adding">
            <span className={classes.spinner} aria-hidden style={{ width: 12, height: 12, marginRight: 4, verticalAlign: 'middle' }} />
            {label}
          </button>
        ) : chosen ? (
          onRemove ? (
            <button type="button" className={classes.secondary} onClick={() => onRemove(row.ascii)} data-testid="row-remove">
              カートから削除
            </button>
          ) : (
            <span className={classes.dim}>選択済み</span>
          )
        ) : (
          <button type="button" className={classes.add} onClick={() => onAdd([row])} data-testid="row-add">
            {label}
          </button>
        )}
      </td>
    </tr>
  );
});

/**
 * Sorting (002 §2 "Sorting by name, register or renew, cycling none, ascending, descending"; none keeps the search's
 * order: the keyword's own TLD first, then the catalogue's). Prices sort only the names that can be registered; the
 * others (taken, not yet answered) go last.
 */
type ResultSortKey = 'name' | 'register' | 'renew';
type PriceOf = (r: Pick<SearchRow, 'idn' | 'tld'>) => TldPriceDto | undefined;
const RESULT_SORT_VALUE: Record<ResultSortKey, (priceOf: PriceOf) => (r: SearchRow) => string | number | null> = {
  name: () => (r) => r.name,
  register: (priceOf) => (r) => (r.state === 'available' ? (priceOf(r)?.register ?? null) : null),
  renew: (priceOf) => (r) => (r.state === 'available' ? (priceOf(r)?.renew ?? null) : null),
};
/** The same sorts as a select, for narrow screens where the table's header is hidden. */
const SORT_OPTIONS = [
  { value: '', label: '標準の並び' },
  { value: 'register:asc', label: '初年度が安い順' },
  { value: 'register:desc', label: '初年度が高い順' },
  { value: 'renew:asc', label: '更新が安い順' },
  { value: 'renew:desc', label: '更新が高い順' },
  { value: 'name:asc', label: 'ドメイン名 昇順' },
  { value: 'name:desc', label: 'ドメイン名 降順' },
] as const;
const sortOptionValue = (s: SortState<ResultSortKey>) => (s.key && s.dir ? `${s.key}:${s.dir}` : '');
function sortOptionState(value: string): SortState<ResultSortKey> {
  const [key, dir] = value.split(':') as [ResultSortKey | '', SortDir | undefined];
  return key && dir ? { key, dir } : { key: null, dir: null };
}

/** The result table (000 §2, 002 §2): one row per name with its status, and for available rows the prices, period and add button. */
export function ResultTable(props: {
  rows: SearchRow[];
  loading: boolean;
  prices: TldPriceDto[];
  hideNoProxy: boolean;
  member: boolean;
  /** punycode names already chosen (in the cart; a guest's picks) */
  inList: Set<string>;
  /** punycode names being added */
  adding: Set<string>;
  onAdd: (rows: SearchRow[]) => void;
  onRemove?: (punycode: string) => void;
  emptyText: string;
  /** members: campaign slots left this month (null: unknown or a guest, the catalogue's prices are shown) */
  campaign?: { limit: number; remaining: number } | null;
  /** members: the cart in order (its campaign names take the slots first) */
  cartDomains?: CartDomainDto[];
}) {
  const { rows, loading, prices, hideNoProxy, member, inList, adding, onAdd, onRemove, emptyText, campaign = null, cartDomains } = props;
  // a TLD may have a second price row for Japanese labels (is_idn_price): IDN names use it where it exists
  const priceOf = useMemo(() => {
    const normal = new Map<string, TldPriceDto>();
    const idn = new Map<string, TldPriceDto>();
    for (const p of prices) {
      const m = p.is_idn_price ? idn : normal;
      if (!m.has(tldKey(p))) m.set(tldKey(p), p);
    }
    return (r: Pick<SearchRow, 'idn' | 'tld'>) => (r.idn ? (idn.get(r.tld) ?? normal.get(r.tld)) : (normal.get(r.tld) ?? idn.get(r.tld)));
  }, [prices]);
  // what checkout will charge: the cart's campaign names take the month's slots in cart order; a name added now gets the
  // campaign price only while a slot is left after them (the same rule as the estimate, libs/rules campaignPrices)
  const slots = useMemo(() => {
    if (!campaign) return null;
    const cart = cartDomains ?? [];
    const charged = campaignPrices(
      cart.map((d) => {
        const p = priceOf({ idn: d.is_idn, tld: toPunycode(d.tld).toLowerCase() });
        return p && p.register !== null ? { register: p.register, register_normal: p.register_normal ?? p.register, is_register_campaign: p.is_register_campaign } : null;
      }),
      campaign.remaining,
    );
    const inCartCampaign = new Set(cart.filter((_, i) => charged[i]?.isCampaign).map((d) => d.punycode));
    return { inCartCampaign, left: campaign.remaining - inCartCampaign.size };
  }, [campaign, cartDomains, priceOf]);
  const campaignFor = (r: SearchRow) => (slots === null ? true : inList.has(r.ascii) ? slots.inCartCampaign.has(r.ascii) : slots.left > 0);
  const [sort, setSort] = useState<SortState<ResultSortKey>>({ key: null, dir: null });
  const visible = useMemo(() => {
    const shown = rows.filter((r) => !hideNoProxy || priceOf(r)?.can_proxy !== false);
    if (!sort.key || !sort.dir) return shown;
    const order = new Map(shown.map((r, i) => [r.key, i]));
    return sortRows(shown, RESULT_SORT_VALUE[sort.key](priceOf), sort.dir, (r) => order.get(r.key)!);
  }, [rows, hideNoProxy, priceOf, sort]);
  const onSort = (key: ResultSortKey) => setSort((s) => nextSort(s, key));
  const available = visible.filter((r) => r.state === 'available' && !inList.has(r.ascii) && !adding.has(r.ascii));
  const checked = rows.filter((r) => r.state !== 'idle' && r.state !== 'checking').length;

  if (loading) return <TableSkeleton rows={10} />;
  if (visible.length === 0) return <EmptyBlock title={emptyText} />;

  return (
    <>
      {campaign && slots && slots.left <= 0 ? (
        <Text size="sm" c="dimmed" data-testid="campaign-used">
          {fmt(M.campaignSlotsUsed, { limit: campaign.limit })}
        </Text>
      ) : null}
      <Group justify="space-between" gap="xs">
        <Text size="sm" c="dimmed" data-testid="search-progress">
          {checked} / {rows.length}件確認済み
        </Text>
        <select className={classes.sortSelect} aria-label="並び替え" value={sortOptionValue(sort)} onChange={(e) => setSort(sortOptionState(e.currentTarget.value))} data-testid="result-sort">
          {SORT_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
        {member ? (
          <Button size="xs" disabled={available.length === 0} onClick={() => confirmAddAll(available, onAdd)} data-testid="add-all">
            まとめてカート追加
          </Button>
        ) : null}
      </Group>
      <div className={classes.wrap}>
        <Table className={classes.table} striped highlightOnHover verticalSpacing="xs" data-testid="search-results">
          <Table.Thead>
            <Table.Tr>
              <SortableTh label="ドメイン" dir={sort.key === 'name' ? sort.dir : null} onSort={() => onSort('name')} />
              <Table.Th w={96}>状態</Table.Th>
              <SortableTh w={112} label="初年度" dir={sort.key === 'register' ? sort.dir : null} onSort={() => onSort('register')} />
              <SortableTh w={120} label="更新（年）" dir={sort.key === 'renew' ? sort.dir : null} onSort={() => onSort('renew')} />
              <Table.Th w={96}>期間</Table.Th>
              <Table.Th w={130}>
                <VisuallyHidden>操作</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {visible.map((row) => (
              <ResultRow
                key={row.key}
                row={row}
                price={priceOf(row)}
                member={member}
                chosen={inList.has(row.ascii)}
                adding={adding.has(row.ascii)}
                campaign={campaignFor(row)}
                onAdd={onAdd}
                onRemove={onRemove}
              />
            ))}
          </Table.Tbody>
        </Table>
      </div>
    </>
  );
}

/** 「まとめてカート追加」 asks first: it may put dozens of names in the cart at once. */
function confirmAddAll(rows: SearchRow[], onAdd: (rows: SearchRow[]) => void) {
  if (rows.length === 1) return onAdd(rows);
  const shown = rows.slice(0, 10);
  modals.openConfirmModal({
    title: 'まとめてカート追加',
    centered: true,
    children: (
      <Stack gap="xs" data-testid="add-all-confirm">
        <Text size="sm">{fmt(M.addAllConfirm, { count: rows.length })}</Text>
        <List size="sm" spacing={2}>
          {shown.map((r) => (
            <List.Item key={r.ascii} style={{ wordBreak: 'break-all' }}>{r.name}</List.Item>
          ))}
        </List>
        {rows.length > shown.length ? <Text size="xs" c="dimmed">ほか{rows.length - shown.length}件</Text> : null}
      </Stack>
    ),
    labels: { confirm: `${rows.length}件を追加する`, cancel: 'キャンセル' },
    confirmProps: { 'data-testid': 'add-all-ok' } as Record<string, string>,
    onConfirm: () => onAdd(rows),
  });
}
