import { Group, Table, Text } from '@mantine/core';
import { memo } from 'react';
import type { DeadlineRowDto } from '@registrar/contracts';
import { IdnMarker, Yen, type SortDir } from '@registrar/ui';
import classes from './catalog.module.css';
import { SortedTldTable, type TldColumn } from './sorted-tld-table';

import type { DeadlineSortKey } from './sort-keys';

export { DEADLINE_SORT_KEYS, type DeadlineSortKey } from './sort-keys';

const SORT_VALUE: Record<DeadlineSortKey, (r: DeadlineRowDto) => string | number | null> = {
  name: (r) => r.tld_name,
  deadline: (r) => r.renewal_deadline || null,
  grace: (r) => r.grace_period,
  restorePeriod: (r) => r.restore_period,
  restore: (r) => r.restore || null,
};

const COLUMNS: TldColumn<DeadlineSortKey>[] = [
  { key: 'name', label: 'TLD' },
  { key: 'deadline', label: '更新期限' },
  { key: 'grace', label: '更新猶予期間', align: 'right' },
  { key: 'restorePeriod', label: '復旧猶予期間', align: 'right' },
  { key: 'restore', label: '復旧費用（更新料込み）', align: 'right' },
];

/** Days, or a dash for 0 (002 spec §9). */
function Days({ value }: { value: number }) {
  return <span>{value > 0 ? `${value}日` : '-'}</span>;
}

const DeadlineRow = memo(function DeadlineRow({ row }: { row: DeadlineRowDto }) {
  return (
    <Table.Tr data-testid="deadline-row" data-tld={row.tld_name}>
      <Table.Td className={classes.stickyCol} miw={140}>
        <Group gap={6} wrap="wrap">
          {row.is_idn_price ? <IdnMarker /> : null}
          <a className={classes.tldLink} href={`/domain/tld/${encodeURIComponent(row.tld_name)}`} target="_blank" rel="noopener">
            .{row.tld_name}
          </a>
        </Group>
      </Table.Td>
      <Table.Td data-col="deadline" data-label="更新期限" data-wide>
        <Text size="sm">{row.renewal_deadline || '-'}</Text>
      </Table.Td>
      <Table.Td className={classes.num} data-col="grace" data-label="更新猶予期間">
        <Days value={row.grace_period} />
      </Table.Td>
      <Table.Td className={classes.num} data-col="restorePeriod" data-label="復旧猶予期間">
        <Days value={row.restore_period} />
      </Table.Td>
      <Table.Td className={classes.num} data-col="restore" data-label="復旧費用（更新料込み）" data-wide>
        <Yen value={row.restore} dashForZero />
      </Table.Td>
    </Table.Tr>
  );
});

export function DeadlineTable({ rows, sort, order, onSort }: { rows: DeadlineRowDto[]; sort?: DeadlineSortKey; order?: SortDir; onSort: (key: DeadlineSortKey) => void }) {
  return <SortedTldTable rows={rows} columns={COLUMNS} sortValue={SORT_VALUE} sort={sort} order={order} onSort={onSort} Row={DeadlineRow} minWidth={640} testId="deadline-table" />;
}
