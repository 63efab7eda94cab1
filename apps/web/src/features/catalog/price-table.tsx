import { Badge, Group, Table, Text, Tooltip } from '@mantine/core';
import { memo, useDeferredValue, useMemo } from 'react';
import type { TldPriceDto } from '@registrar/contracts';
import { IdnMarker, PriceCell, SortableTh, sortRows, type SortDir } from '@registrar/ui';
import classes from './catalog.module.css';

export const PRICE_SORT_KEYS = ['name', 'register', 'renew', 'transfer', 'proxy'] as const;
export type PriceSortKey = (typeof PRICE_SORT_KEYS)[number];

const SORT_VALUE: Record<PriceSortKey, (r: TldPriceDto) => string | number | null> = {
  name: (r) => r.tld_name,
  register: (r) => r.register,
  renew: (r) => r.renew,
  transfer: (r) => (r.can_transfer ? r.transfer : null),
  proxy: (r) => (r.can_proxy ? 1 : 0),
};

const COLUMNS: { key: PriceSortKey; label: string; numeric: boolean }[] = [
  { key: 'name', label: 'TLD', numeric: false },
  { key: 'register', label: '新規登録', numeric: true },
  { key: 'renew', label: '更新', numeric: true },
  { key: 'transfer', label: '移管', numeric: true },
  { key: 'proxy', label: 'WHOIS代理公開', numeric: false },
];

/** 登録要件あり with the TLD's registration requirements in a tooltip (price table, search rows). */
export function RequirementsBadge({ requirements }: { requirements: string }) {
  return (
    <Tooltip label={requirements} multiline w={280} withArrow events={{ hover: true, focus: true, touch: true }}>
      <Badge size="xs" variant="outline" color="orange" radius="sm" tabIndex={0} style={{ cursor: 'help' }} aria-label={`登録要件あり: ${requirements}`} data-testid="requirements">
        登録要件あり
      </Badge>
    </Tooltip>
  );
}

/** The TLD name cell: link to its detail page (new tab), IDN marker, requirements tooltip, free transfer. */
export function TldNameCell({ row }: { row: TldPriceDto }) {
  return (
    <Group gap={6} wrap="wrap" align="center">
      {row.is_idn_price ? <IdnMarker /> : null}
      <a className={classes.tldLink} href={`/domain/tld/${encodeURIComponent(row.tld_name)}`} target="_blank" rel="noopener" data-testid="tld-link">
        .{row.tld_name}
      </a>
      {row.requirements ? <RequirementsBadge requirements={row.requirements} /> : null}
      {row.free_transfer ? (
        <Badge size="xs" variant="light" color="teal" radius="sm" data-testid="free-transfer">
          無料移管対応
        </Badge>
      ) : null}
    </Group>
  );
}

const PriceRow = memo(function PriceRow({ row }: { row: TldPriceDto }) {
  return (
    <Table.Tr data-testid="price-row" data-tld={row.tld_name} data-idn={row.is_idn_price ? '1' : '0'}>
      <Table.Td className={classes.stickyCol} miw={150}>
        <TldNameCell row={row} />
      </Table.Td>
      <Table.Td className={classes.num} data-col="register" data-label="新規登録">
        <PriceCell value={row.register} campaign={row.is_register_campaign} special={row.is_register_special} normal={row.register_normal} />
      </Table.Td>
      <Table.Td className={classes.num} data-col="renew" data-label="更新">
        <PriceCell value={row.renew} campaign={row.is_renew_campaign} special={row.is_renew_special} />
      </Table.Td>
      <Table.Td className={classes.num} data-col="transfer" data-label="移管">
        {row.can_transfer && row.transfer === 0 ? (
          <Text component="span" size="sm" fw={700} c="teal.7" data-price="free">
            無料
          </Text>
        ) : row.can_transfer ? (
          <PriceCell value={row.transfer} campaign={row.is_transfer_campaign} special={row.is_transfer_special} />
        ) : (
          <Text component="span" size="xs" c="dimmed">
            移管不可
          </Text>
        )}
      </Table.Td>
      <Table.Td ta="center" data-col="proxy" data-label="WHOIS代理公開">
        {row.can_proxy ? (
          <Badge variant="light" color="teal" radius="sm" size="sm" aria-label="WHOIS代理公開 対応（無料）">
            無料
          </Badge>
        ) : (
          <Text component="span" size="sm" c="dimmed" aria-label="WHOIS代理公開 非対応">
            -
          </Text>
        )}
      </Table.Td>
    </Table.Tr>
  );
});

export function PriceTable({ rows, sort, order, onSort }: { rows: TldPriceDto[]; sort?: PriceSortKey; order?: SortDir; onSort: (key: PriceSortKey) => void }) {
  // the header answers at once; re-ordering ~430 rows is deferred so a click never blocks input
  const deferredSort = useDeferredValue(sort);
  const deferredOrder = useDeferredValue(order);
  const sorted = useMemo(
    () => sortRows(rows, deferredSort ? SORT_VALUE[deferredSort] : null, deferredOrder ?? null, (r) => r.ordinal),
    [rows, deferredSort, deferredOrder],
  );
  return (
    <div className={classes.tableWrap}>
      <Table.ScrollContainer minWidth={600} type="native">
        <Table className={classes.table} verticalSpacing={10} horizontalSpacing="md" data-testid="price-table">
          <Table.Thead>
            <Table.Tr>
              {COLUMNS.map((c) => (
                <SortableTh
                  key={c.key}
                  label={c.label}
                  dir={sort === c.key ? (order ?? null) : null}
                  onSort={() => onSort(c.key)}
                  className={c.key === 'name' ? classes.stickyCol : undefined}
                  ta={c.numeric ? 'right' : c.key === 'proxy' ? 'center' : undefined}
                  data-testid={`sort-${c.key}`}
                />
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {sorted.map((r) => (
              <PriceRow key={`${r.tld_id}-${r.is_idn_price ? 'idn' : 'ascii'}`} row={r} />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </div>
  );
}
