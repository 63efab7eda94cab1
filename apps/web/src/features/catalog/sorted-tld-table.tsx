import { Table } from '@mantine/core';
import { useDeferredValue, useMemo, type ComponentType } from 'react';
import { SortableTh, sortRows, type SortDir } from '@registrar/ui';
import classes from './catalog.module.css';

/** A column of a catalogue table: its sort key, header and alignment. */
export interface TldColumn<K extends string> {
  key: K;
  label: string;
  align?: 'right' | 'center';
}

interface TldRowLike {
  tld_id: number;
  is_idn_price: boolean;
  ordinal: number;
}

/**
 * A table of every TLD (~430 rows) sortable by its headers, the TLD name column sticky: the price list and the
 * renewal-deadline list. The header answers a click at once; re-ordering the rows is deferred so it never blocks input.
 */
export function SortedTldTable<R extends TldRowLike, K extends string>({ rows, columns, sortValue, sort, order, onSort, Row, minWidth, testId }: {
  rows: R[];
  columns: readonly TldColumn<K>[];
  sortValue: Record<K, (r: R) => string | number | null>;
  sort?: K;
  order?: SortDir;
  onSort: (key: K) => void;
  Row: ComponentType<{ row: R }>;
  minWidth: number;
  testId: string;
}) {
  const deferredSort = useDeferredValue(sort);
  const deferredOrder = useDeferredValue(order);
  const sorted = useMemo(
    () => sortRows(rows, deferredSort ? sortValue[deferredSort] : null, deferredOrder ?? null, (r) => r.ordinal),
    [rows, sortValue, deferredSort, deferredOrder],
  );
  return (
    <div className={classes.tableWrap}>
      <Table.ScrollContainer minWidth={minWidth} type="native">
        <Table className={classes.table} verticalSpacing={10} horizontalSpacing="md" data-testid={testId}>
          <Table.Thead>
            <Table.Tr>
              {columns.map((c) => (
                <SortableTh
                  key={c.key}
                  label={c.label}
                  dir={sort === c.key ? (order ?? null) : null}
                  onSort={() => onSort(c.key)}
                  className={c.key === 'name' ? classes.stickyCol : undefined}
                  ta={c.align}
                  data-testid={`sort-${c.key}`}
                />
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {sorted.map((r) => (
              <Row key={`${r.tld_id}-${r.is_idn_price ? 'idn' : 'ascii'}`} row={r} />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </div>
  );
}
