import { Table, UnstyledButton, type TableThProps } from '@mantine/core';
import type { SortDir } from './sort';

export interface SortableThProps extends Omit<TableThProps, 'onClick' | 'dir'> {
  label: React.ReactNode;
  /** the direction when this column is the sorted one, else null */
  dir: SortDir | null;
  onSort: () => void;
}

function Arrow({ dir }: { dir: SortDir | null }) {
  return (
    <svg width="10" height="14" viewBox="0 0 10 14" aria-hidden="true" style={{ flexShrink: 0 }}>
      <path d="M5 1 L9 5.5 H1 Z" fill={dir === 'asc' ? 'currentColor' : '#c4c9d0'} />
      <path d="M5 13 L9 8.5 H1 Z" fill={dir === 'desc' ? 'currentColor' : '#c4c9d0'} />
    </svg>
  );
}

/** A table header that sorts its column: each click cycles none, ascending, descending. */
export function SortableTh({ label, dir, onSort, style, ...props }: SortableThProps) {
  const ariaSort = dir === 'asc' ? 'ascending' : dir === 'desc' ? 'descending' : 'none';
  return (
    <Table.Th aria-sort={ariaSort} style={{ whiteSpace: 'nowrap', ...(style as object) }} {...props}>
      <UnstyledButton onClick={onSort} data-sort={dir ?? 'none'} style={{ display: 'inline-flex', alignItems: 'center', gap: 6, fontWeight: 700, fontSize: 'inherit', color: 'inherit' }}>
        {label}
        <Arrow dir={dir} />
      </UnstyledButton>
    </Table.Th>
  );
}
