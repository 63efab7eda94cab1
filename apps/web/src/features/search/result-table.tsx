import { Badge, Button, Group, Loader, NativeSelect, Table, Text } from '@mantine/core';
import { memo, useMemo, useState } from 'react';
import type { TldPriceDto } from '@registrar/contracts';
import { M } from '@registrar/messages';
import { registrationPeriodOptions, toPunycode } from '@registrar/rules';
import { choosePeriod, chosenPeriods } from './chosen-periods';
import { EmptyBlock, IdnMarker, PriceCell, TableSkeleton } from '@registrar/ui';
import type { SearchRow } from './use-domain-search';

const tldKey = (p: TldPriceDto) => (p.tld_name_punycode || toPunycode(p.tld_name)).toLowerCase();

function StatusCell({ row }: { row: SearchRow }) {
  switch (row.state) {
    case 'checking':
      return <Loader size="xs" aria-label="確認中" data-testid="row-spinner" />;
    case 'available':
      return (
        <Badge color="teal" variant="light">
          取得可能
        </Badge>
      );
    case 'unavailable':
      return (
        <Text component="span" c="gray.6" fw={700} aria-label="取得できません">
          ✕
        </Text>
      );
    case 'error':
      return (
        <Badge color="red" variant="light">
          エラー
        </Badge>
      );
    case 'skipped':
      return (
        <Text component="span" c="dimmed" aria-label="確認対象外">
          -
        </Text>
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
    <NativeSelect size="xs" w={80} aria-label={`${row.name}の登録年数`} value={String(years)} onChange={(e) => change(Number(e.currentTarget.value))} data={options.map((y) => ({ value: String(y), label: `${y}年` }))} data-testid="row-period" />
  );
}

interface ResultRowProps {
  row: SearchRow;
  price: TldPriceDto | undefined;
  member: boolean;
  chosen: boolean;
  adding: boolean;
  onAdd: (rows: SearchRow[]) => void;
  onRemove?: (punycode: string) => void;
}

/** One name. Memoised: a batch's answer re-renders only its own rows, not the whole 430-row table. */
const ResultRow = memo(function ResultRow({ row, price, member, chosen, adding, onAdd, onRemove }: ResultRowProps) {
  const ok = row.state === 'available';
  const label = member ? M.addToCart : M.registerButtonGuest;
  return (
    <Table.Tr data-testid="search-row" data-domain={row.name} data-status={row.state}>
      <Table.Td>
        <Group gap={6} wrap="nowrap">
          <Text size="sm" fw={600} style={{ wordBreak: 'break-all' }}>
            {row.name}
          </Text>
          {row.idn && price?.is_idn_price ? <IdnMarker /> : null}
        </Group>
        {row.idn ? (
          <Text size="xs" c="dimmed">
            {row.ascii}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td>
        <StatusCell row={row} />
      </Table.Td>
      <Table.Td>{ok && price ? <PriceCell value={price.register} campaign={price.is_register_campaign} special={price.is_register_special} normal={price.register_normal} /> : null}</Table.Td>
      <Table.Td>{ok && price ? <PriceCell value={price.renew} campaign={price.is_renew_campaign} special={price.is_renew_special} /> : null}</Table.Td>
      <Table.Td>{ok && price ? <Period row={row} price={price} /> : null}</Table.Td>
      <Table.Td>
        {!ok ? null : adding ? (
          <Button size="xs" disabled loading data-testid="row-adding">
            {label}
          </Button>
        ) : chosen ? (
          onRemove ? (
            <Button size="xs" variant="default" onClick={() => onRemove(row.ascii)} data-testid="row-remove">
              カートから削除
            </Button>
          ) : (
            <Text size="xs" c="dimmed">
              選択済み
            </Text>
          )
        ) : (
          <Button size="xs" onClick={() => onAdd([row])} data-testid="row-add">
            {label}
          </Button>
        )}
      </Table.Td>
    </Table.Tr>
  );
});

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
}) {
  const { rows, loading, prices, hideNoProxy, member, inList, adding, onAdd, onRemove, emptyText } = props;
  // a TLD may have a second price row for Japanese labels (is_idn_price): IDN names use it where it exists
  const priceOf = useMemo(() => {
    const normal = new Map<string, TldPriceDto>();
    const idn = new Map<string, TldPriceDto>();
    for (const p of prices) {
      const m = p.is_idn_price ? idn : normal;
      if (!m.has(tldKey(p))) m.set(tldKey(p), p);
    }
    return (r: SearchRow) => (r.idn ? (idn.get(r.tld) ?? normal.get(r.tld)) : (normal.get(r.tld) ?? idn.get(r.tld)));
  }, [prices]);
  const visible = useMemo(() => rows.filter((r) => !hideNoProxy || priceOf(r)?.can_proxy !== false), [rows, hideNoProxy, priceOf]);
  const available = visible.filter((r) => r.state === 'available' && !inList.has(r.ascii) && !adding.has(r.ascii));
  const checked = rows.filter((r) => r.state !== 'idle' && r.state !== 'checking').length;

  if (loading) return <TableSkeleton rows={10} />;
  if (visible.length === 0) return <EmptyBlock title={emptyText} />;

  return (
    <>
      <Group justify="space-between">
        <Text size="sm" c="dimmed" data-testid="search-progress">
          {checked} / {rows.length}件確認済み
        </Text>
        {member ? (
          <Button size="xs" disabled={available.length === 0} onClick={() => onAdd(available)} data-testid="add-all">
            まとめてカート追加
          </Button>
        ) : null}
      </Group>
      <Table.ScrollContainer minWidth={640}>
        <Table striped highlightOnHover verticalSpacing="xs" data-testid="search-results">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>ドメイン</Table.Th>
              <Table.Th w={100}>状態</Table.Th>
              <Table.Th w={110}>初年度</Table.Th>
              <Table.Th w={110}>更新（年）</Table.Th>
              <Table.Th w={100}>期間</Table.Th>
              <Table.Th w={130} />
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
                onAdd={onAdd}
                onRemove={onRemove}
              />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </>
  );
}
