import { parseSearchValue, stringifySearchValue } from './url-search';

/** What the router does with a value: parse, keeping text when the parser throws. */
const read = (v: string) => { try { return parseSearchValue(v); } catch { return v; } };
/** What the router writes for a value (stringifySearchWith): objects always, text only when it would read back differently. */
const write = (v: unknown) => {
  if (v && typeof v === 'object') return stringifySearchValue(v);
  if (typeof v === 'string') { try { parseSearchValue(v); return stringifySearchValue(v); } catch { return v; } }
  return String(v);
};

describe('readable search parameters', () => {
  it('writes filter values as they are, with no JSON quotes', () => {
    expect(write('0')).toBe('0');
    expect(write('processing')).toBe('processing');
    expect(write('2026-11-27')).toBe('2026-11-27');
    expect(write('example.com')).toBe('example.com');
    expect(write(2)).toBe('2');
  });

  it('reads back what it wrote: text as text, whole numbers as numbers (validators take both)', () => {
    for (const v of ['processing', '2026-11-27', 'true', 'null', '1e5', '1.50', '007', 'ドメイン']) expect(read(write(v))).toBe(v);
    expect(read(write('0'))).toBe(0);
    expect(read(write('100001'))).toBe(100001);
  });

  it('keeps arrays, objects and text that looks like JSON as JSON', () => {
    expect(read(write([1, 2]))).toEqual([1, 2]);
    expect(read(write({ a: 1 }))).toEqual({ a: 1 });
    expect(read(write('"quoted"'))).toBe('"quoted"');
    expect(read(write('[x'))).toBe('[x');
  });

  it('still reads the old JSON-quoted links', () => {
    expect(read('"0"')).toBe('0');
    expect(read('"processing"')).toBe('processing');
  });
});
