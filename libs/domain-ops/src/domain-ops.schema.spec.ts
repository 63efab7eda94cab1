import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { DOMAIN_OPS_MIGRATIONS, DOMAIN_OPS_TABLE_OWNERS } from './domain-ops.schema';

/** Every .ts file under `dir` (no tests). */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    if (statSync(p).isDirectory()) return sources(p);
    return p.endsWith('.ts') && !p.endsWith('.spec.ts') ? [p] : [];
  });
}
const tablesIn = (text: string, re: RegExp) => [...text.matchAll(re)].map((m) => m[1]);
const WRITES = /(?:INSERT INTO|UPDATE|DELETE FROM|TRUNCATE(?: TABLE)?)\s+domain_ops\.([a-z_]+)/g;
const CREATES = /CREATE TABLE (?:IF NOT EXISTS )?domain_ops\.([a-z_]+)/g;

describe('the domain_ops schema, tables owned per feature (ADR 0036)', () => {
  it('keeps the migrations an existing database has applied, by name and in order (main at f7f80cd)', () => {
    // TypeORM knows a migration by its name in domain_ops.migrations: moving the files into the features' folders
    // leaves an existing database with nothing to run (a later migration comes after these, in its feature's folder)
    const F7F80CD = [
      'CreateRegistrarLog1795000000000', 'DomainOpsInit1795500000000', 'WhoisProxyAndContacts1795533242933', 'ApiSettingsAndJpContacts1795534000000',
      'DomainOperations1795535500000', 'Renewals1795600000000', 'DomainList1795610000000', 'DomainListDueKey1795620000000', 'ContractStats1797000000100',
      'Transfers1797012000000', 'DomainListVersions17970265000001', 'MarketHold17973000000000', 'ExpiredTabIndex17974000000000',
      'TransferSendClaim17974500000000', 'AutoRenewClaim17975000000000',
    ];
    expect(DOMAIN_OPS_MIGRATIONS.map((m) => m.name).slice(0, F7F80CD.length)).toEqual(F7F80CD);
  });

  it('gives every table one owner, and every created table an owner', () => {
    const all = Object.values(DOMAIN_OPS_TABLE_OWNERS).flat();
    expect(new Set(all).size).toBe(all.length);
    const created = sources(__dirname).flatMap((f) => tablesIn(readFileSync(f, 'utf8'), CREATES));
    // the registrar log's table is created by libs/epp's migration
    expect([...new Set([...created, 'registrar_log'])].sort()).toEqual([...all].sort());
  });

  it('lets a feature write only its own tables and the shared ones, and create tables only in its own folder', () => {
    const wrong: string[] = [];
    for (const [owner, own] of Object.entries(DOMAIN_OPS_TABLE_OWNERS)) {
      const allowed = new Set([...own, ...DOMAIN_OPS_TABLE_OWNERS.shared]);
      for (const file of sources(join(__dirname, owner))) {
        const text = readFileSync(file, 'utf8');
        const path = relative(__dirname, file);
        for (const t of tablesIn(text, WRITES)) if (!allowed.has(t)) wrong.push(`${path} writes ${t}`);
        // the shared init created the first tables of several features, before they had folders
        if (!path.endsWith('1795500000000-domain-ops-init.ts')) for (const t of tablesIn(text, CREATES)) if (!own.includes(t)) wrong.push(`${path} creates ${t}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
