/** RFC 4180 CSV: comma-separated, fields with comma, quote or newline in double quotes, quotes doubled. */

export function csvField(v: string | number | boolean | null | undefined): string {
  if (v === null || v === undefined) return '';
  const s = typeof v === 'boolean' ? (v ? '1' : '0') : String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

type CsvValue = string | number | boolean | null | undefined;
export function toCsv<T extends object>(header: readonly string[], rows: readonly T[]): string {
  const lines = [header.join(',')];
  for (const r of rows) lines.push(header.map((h) => csvField((r as Record<string, CsvValue>)[h])).join(','));
  return lines.join('\n') + '\n';
}

export class CsvSyntaxError extends Error {}

/** Parses CSV text into rows of strings (a leading UTF-8 BOM is ignored; CRLF and LF both end a record). */
export function parseCsv(text: string): string[][] {
  const s = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let i = 0;
  let line = 1;
  let quoteLine = 0;
  while (i < s.length) {
    const c = s[i];
    if (quoted) {
      if (c === '"') {
        if (s[i + 1] === '"') { field += '"'; i += 2; continue; }
        quoted = false; i++; continue;
      }
      if (c === '\n') line++;
      field += c; i++; continue;
    }
    if (c === '"') {
      if (field !== '') throw new CsvSyntaxError(`${line}行目: 引用符の位置が正しくありません`);
      quoted = true; quoteLine = line; i++; continue;
    }
    if (c === ',') { row.push(field); field = ''; i++; continue; }
    if (c === '\r' || c === '\n') {
      row.push(field); field = '';
      rows.push(row); row = [];
      if (c === '\r' && s[i + 1] === '\n') i++;
      i++; line++; continue;
    }
    field += c; i++;
  }
  if (quoted) throw new CsvSyntaxError(`${quoteLine}行目: 引用符が閉じられていません`);
  if (field !== '' || row.length) { row.push(field); rows.push(row); }
  return rows.filter((r) => !(r.length === 1 && r[0] === ''));
}

/** Parses CSV with a header row into records keyed by column name; `line` is the 1-based data row number. */
export function parseCsvRecords(text: string, required: readonly string[]): { records: { line: number; values: Record<string, string> }[]; header: string[] } {
  const rows = parseCsv(text);
  if (!rows.length) throw new CsvSyntaxError('ヘッダー行がありません');
  const header = rows[0].map((h) => h.trim());
  const missing = required.filter((c) => !header.includes(c));
  if (missing.length) throw new CsvSyntaxError(`列がありません: ${missing.join(', ')}`);
  const records = rows.slice(1).map((r, idx) => {
    const values: Record<string, string> = {};
    header.forEach((h, j) => { values[h] = (r[j] ?? '').trim(); });
    return { line: idx + 2, values };
  });
  return { records, header };
}

/**
 * A CSV field safe to open in a spreadsheet: a value starting with =, +, -, @, a tab or a carriage return is
 * prefixed with an apostrophe so Excel shows it as text instead of running it as a formula (OWASP "CSV Injection").
 */
export function csvSafeField(v: string | number | boolean | null | undefined): string {
  if (typeof v === 'string' && /^[=+\-@\t\r]/.test(v)) return csvField(`'${v}`);
  return csvField(v);
}

/** The UTF-8 byte order mark: Excel opens a UTF-8 CSV as UTF-8 only when the file starts with it. */
export const UTF8_BOM = '\uFEFF';
