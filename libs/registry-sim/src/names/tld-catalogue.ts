import fs from 'node:fs';
import { domainToASCII } from 'node:url';

/**
 * The TLDs the simulator serves: every `tld_name` of the catalogue's master data (data/master/tld.csv, Unicode names
 * such as コム or tokyo.jp), in their ASCII form on the wire. Without the file, every TLD is served.
 */
export class TldCatalogue {
  private constructor(private readonly tlds: Set<string> | null) {}

  static load(file: string): TldCatalogue {
    if (!fs.existsSync(file)) return new TldCatalogue(null);
    const lines = fs.readFileSync(file, 'utf8').replace(/^\uFEFF/, '').split(/\r?\n/).filter((l) => l.trim());
    if (!lines.length) return new TldCatalogue(null);
    const header = parseCsvLine(lines[0]);
    const col = header.indexOf('tld_name');
    if (col < 0) throw new Error(`${file}: no tld_name column`);
    const set = new Set<string>();
    for (const line of lines.slice(1)) {
      const v = parseCsvLine(line)[col]?.trim().replace(/^\./, '');
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

function parseCsvLine(line: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') { cur += '"'; i++; }
      else if (ch === '"') quoted = false;
      else cur += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') { out.push(cur); cur = ''; }
    else cur += ch;
  }
  out.push(cur);
  return out;
}
