import { CsvSyntaxError, parseCsv, parseCsvRecords, toCsv } from './csv';

describe(parseCsv.name, () => {
  it('reads quoted fields with commas, doubled quotes and newlines, CRLF or LF, and ignores a BOM', () => {
    const text = '\ufeffa,b,c\r\n1,"x, y","say ""hi"""\n2,"line1\nline2",\n';
    expect(parseCsv(text)).toEqual([['a', 'b', 'c'], ['1', 'x, y', 'say "hi"'], ['2', 'line1\nline2', '']]);
  });

  it('round-trips what toCsv writes', () => {
    const rows = [{ a: 'com', b: '説明,\n"引用"', c: 1 }, { a: 'jp', b: null, c: true }];
    const parsed = parseCsv(toCsv(['a', 'b', 'c'], rows));
    expect(parsed).toEqual([['a', 'b', 'c'], ['com', '説明,\n"引用"', '1'], ['jp', '', '1']]);
  });

  it('refuses an unclosed quote with its line', () => {
    expect(() => parseCsv('a\n"open\n')).toThrow(new CsvSyntaxError('2行目: 引用符が閉じられていません'));
  });
});

describe(parseCsvRecords.name, () => {
  it('names the missing columns', () => {
    expect(() => parseCsvRecords('tld_name,meaning\ncom,x\n', ['tld_name', 'meaning', 'ordinal'])).toThrow('列がありません: ordinal');
  });

  it('keys values by header and numbers data rows from 2', () => {
    expect(parseCsvRecords('x,y\n 1 ,2\n', ['x']).records).toEqual([{ line: 2, values: { x: '1', y: '2' } }]);
  });
});
