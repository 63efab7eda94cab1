import { nextSort, sortRows, type SortState } from './sort';

describe('nextSort', () => {
  it('cycles one column none -> asc -> desc -> none', () => {
    let s: SortState = { key: null, dir: null };
    s = nextSort(s, 'register');
    expect(s).toEqual({ key: 'register', dir: 'asc' });
    s = nextSort(s, 'register');
    expect(s).toEqual({ key: 'register', dir: 'desc' });
    s = nextSort(s, 'register');
    expect(s).toEqual({ key: null, dir: null });
  });

  it('starts another column ascending, so only one column sorts at a time', () => {
    expect(nextSort({ key: 'register', dir: 'desc' }, 'renew')).toEqual({ key: 'renew', dir: 'asc' });
  });
});

describe('sortRows', () => {
  const rows = [
    { name: 'net', ordinal: 2, price: 1500 },
    { name: 'com', ordinal: 1, price: 1500 },
    { name: 'jp', ordinal: 3, price: null },
    { name: 'ai', ordinal: 4, price: 9000 },
  ];
  const byOrdinal = (r: { ordinal: number }) => r.ordinal;

  it('defaults to the fallback order (the ordinal)', () => {
    expect(sortRows(rows, null, null, byOrdinal).map((r) => r.name)).toEqual(['com', 'net', 'jp', 'ai']);
  });

  it('sorts numbers both ways, ties in ordinal order, empty values last either way', () => {
    expect(sortRows(rows, (r) => r.price, 'asc', byOrdinal).map((r) => r.name)).toEqual(['com', 'net', 'ai', 'jp']);
    expect(sortRows(rows, (r) => r.price, 'desc', byOrdinal).map((r) => r.name)).toEqual(['ai', 'com', 'net', 'jp']);
  });

  it('sorts names alphabetically', () => {
    expect(sortRows(rows, (r) => r.name, 'asc', byOrdinal).map((r) => r.name)).toEqual(['ai', 'com', 'jp', 'net']);
  });

  it('does not mutate its input', () => {
    const copy = [...rows];
    sortRows(rows, (r) => r.name, 'desc', byOrdinal);
    expect(rows).toEqual(copy);
  });
});
