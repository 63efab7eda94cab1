/** One sort column at a time; clicking a column cycles none -> ascending -> descending -> none. */
export type SortDir = 'asc' | 'desc';

export interface SortState<K extends string = string> {
  key: K | null;
  dir: SortDir | null;
}

/** The next state after a click on `key`: a new column starts ascending; the same column goes asc -> desc -> none. */
export function nextSort<K extends string>(current: SortState<K>, key: K): SortState<K> {
  if (current.key !== key || current.dir === null) return { key, dir: 'asc' };
  if (current.dir === 'asc') return { key, dir: 'desc' };
  return { key: null, dir: null };
}

type SortValue = string | number | boolean | null | undefined;

const collator = new Intl.Collator('ja', { numeric: true, sensitivity: 'base' });

function compareValues(a: SortValue, b: SortValue): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return collator.compare(String(a), String(b));
}

/**
 * Sorts a copy of `rows` by `value(row)` in `dir`; empty values (null, undefined) always go last, whatever the
 * direction, and ties keep the order of `fallback` (the default order, e.g. the ordinal).
 */
export function sortRows<T>(rows: readonly T[], value: ((row: T) => SortValue) | null, dir: SortDir | null, fallback: (row: T) => number): T[] {
  const base = [...rows].sort((a, b) => fallback(a) - fallback(b));
  if (!value || !dir) return base;
  const sign = dir === 'asc' ? 1 : -1;
  return base
    .map((row, index) => ({ row, index, v: value(row) }))
    .sort((a, b) => {
      const aEmpty = a.v === null || a.v === undefined;
      const bEmpty = b.v === null || b.v === undefined;
      if (aEmpty || bEmpty) return aEmpty === bEmpty ? a.index - b.index : aEmpty ? 1 : -1;
      return sign * compareValues(a.v, b.v) || a.index - b.index;
    })
    .map((x) => x.row);
}
