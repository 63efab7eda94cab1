import { Badge, Table, Tooltip } from '@mantine/core';
import { memo } from 'react';
import type { TldPriceDto } from '@registrar/contracts';
import { IdnMarker, PriceCell, type SortDir } from '@registrar/ui';
import classes from './catalog.module.css';
import { SortedTldTable, type TldColumn } from './sorted-tld-table';

import type { PriceSortKey } from './sort-keys';

export { PRICE_SORT_KEYS, type PriceSortKey } from './sort-keys';

const SORT_VALUE: Record<PriceSortKey, (r: TldPriceDto) => string | number | null> = {
  name: (r) => r.tld_name,
  register: (r) => r.register,
  renew: (r) => r.renew,
  transfer: (r) => (r.can_transfer ? r.transfer : null),
  proxy: (r) => (r.can_proxy ? 1 : 0),
};

const COLUMNS: TldColumn<PriceSortKey>[] = [
  { key: 'name', label: 'TLD' },
  { key: 'register', label: '新規登録', align: 'right' },
  { key: 'renew', label: '更新', align: 'right' },
  { key: 'transfer', label: '移管', align: 'right' },
  { key: 'proxy', label: 'WHOIS代理公開', align: 'center' },
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
    <div className={classes.nameCell}>
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
    </div>
  );
}

const PriceRow = memo(function PriceRow({ row }: { row: TldPriceDto }) {
  return (
    <Table.Tr data-testid="price-row" data-tld={row.tld_name} data-idn={row.is_idn_price ? '1' : '0'}>
      <Table.Td className={`${classes.stickyCol} ${classes.nameCol}`}>
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
          <span className={classes.free} data-price="free">
            無料
          </span>
        ) : row.can_transfer ? (
          <PriceCell value={row.transfer} campaign={row.is_transfer_campaign} special={row.is_transfer_special} />
        ) : (
          <span className={classes.dimmedXs}>移管不可</span>
        )}
      </Table.Td>
      <Table.Td className={classes.center} data-col="proxy" data-label="WHOIS代理公開">
        {row.can_proxy ? (
          <span className={classes.freeBadge} aria-label="WHOIS代理公開 対応（無料）">
            無料
          </span>
        ) : (
          <span className={classes.dimmedSm} aria-label="WHOIS代理公開 非対応">
            -
          </span>
        )}
      </Table.Td>
    </Table.Tr>
  );
});

export function PriceTable({ rows, sort, order, onSort }: { rows: TldPriceDto[]; sort?: PriceSortKey; order?: SortDir; onSort: (key: PriceSortKey) => void }) {
  return <SortedTldTable rows={rows} columns={COLUMNS} sortValue={SORT_VALUE} sort={sort} order={order} onSort={onSort} Row={PriceRow} minWidth={600} testId="price-table" />;
}
