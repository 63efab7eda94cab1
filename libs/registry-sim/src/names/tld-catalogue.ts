import fs from 'node:fs';
import { domainToASCII } from 'node:url';
import { parseCsvRecords } from '@registrar/csv';

/**
 * The TLDs the simulator serves: every `tld_name` of the catalogue's master data (data/master/tld.csv, Unicode names
 * such as コム or tokyo.jp), in their ASCII form on the wire. Without the file, every TLD is served.
 */
export class TldCatalogue {
  private constructor(private readonly tlds: Set<string> | null) {}

  static load(file: string): TldCatalogue {
    if (!fs.existsSync(file)) return new TldCatalogue(null);
    const text = fs.readFileSync(file, 'utf8');
    if (!text.trim()) return new TldCatalogue(null);
    let records: { values: Record<string, string> }[];
    try {
      records = parseCsvRecords(text, ['tld_name']).records;
    } catch (e) {
      throw new Error(`${file}: ${(e as Error).message}`);
    }
    const set = new Set<string>();
    for (const r of records) {
      const v = r.values.tld_name.replace(/^\./, '');
      if (v) set.add(toAsciiName(v));
    }
    return new TldCatalogue(set.size ? set : null);
  }

  static any(): TldCatalogue {
    return new TldCatalogue(null);
  }

  get restricted(): boolean {
    return this.tlds !== null;
  }

  get size(): number {
    return this.tlds?.size ?? 0;
  }

  /** the served TLD a domain name belongs to (longest match: example.co.jp → co.jp), or null */
  tldOf(asciiName: string): string | null {
    const labels = asciiName.toLowerCase().split('.');
    if (labels.length < 2) return null;
    if (!this.tlds) {
      // without a catalogue: a known two-level suffix (co.jp, tokyo.jp …) or the last label
      const two = labels.slice(-2).join('.');
      return labels.length >= 3 && /\.jp$/.test(two) ? two : labels[labels.length - 1];
    }
    for (let i = 1; i < labels.length; i++) {
      const candidate = labels.slice(i).join('.');
      if (this.tlds.has(candidate)) return candidate;
    }
    return null;
  }

  list(): string[] {
    return this.tlds ? [...this.tlds].sort() : [];
  }
}

export function toAsciiName(name: string): string {
  const n = name.normalize('NFKC').toLowerCase();
  return domainToASCII(n) || n;
}
