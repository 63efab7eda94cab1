import type { SortDir } from '@registrar/ui';

/** Typed search params for a sortable, filterable catalogue table (validateSearch). */
export interface TableSearch<K extends string> {
  categoryId?: number;
  sort?: K;
  order?: SortDir;
}

export function validateTableSearch<K extends string>(keys: readonly K[]) {
  return (search: Record<string, unknown>): TableSearch<K> => {
    const out: TableSearch<K> = {};
    const id = typeof search.categoryId === 'number' ? search.categoryId : typeof search.categoryId === 'string' && /^\d+$/.test(search.categoryId) ? Number(search.categoryId) : NaN;
    if (Number.isSafeInteger(id) && id > 0) out.categoryId = id;
    if (typeof search.sort === 'string' && (keys as readonly string[]).includes(search.sort) && (search.order === 'asc' || search.order === 'desc')) {
      out.sort = search.sort as K;
      out.order = search.order;
    }
    return out;
  };
}
