/**
 * What recording a registered domain costs the PostgreSQL backend, the domain list's version triggers with and without
 * their early return on a statement that changed no row (ADR 0055), and for scale without those triggers or the trigram index: `OwnedDomainRepository.record`'s own statement
 * (the registration's), one new domain with four name servers per call, each member its own. It reads the backend's
 * CPU time from /proc/<pid>/stat (Linux; it shares the host with the server), so the figure is CPU, not wall time, and
 * holds on a loaded machine. The two trigger versions alternate in rounds on one connection.
 * DATABASE_URL (`npm run bench -- record-triggers` gives one); BENCH_RECORDS (1000 per round), BENCH_ROUNDS (4).
 */
import fs from 'node:fs';
import os from 'node:os';
import { Client } from 'pg';
import { openSchema } from '@registrar/db';
import { DOMAIN_OPS_SCHEMA } from '@registrar/domain-ops';
import { DOMAIN_OPS_MIGRATIONS } from '../../libs/domain-ops/src/domain-ops.schema';
import { OwnedDomainRepository } from '../../libs/domain-ops/src/shared/domains/owned-domain.repository';
import { DomainListVersionsSkipEmpty17978100000000 } from '../../libs/domain-ops/src/portfolio/migrations/17978100000000-domain-list-versions-skip-empty';

const RECORDS = Number(process.env.BENCH_RECORDS ?? 1000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const TICK_US = 1e6 / 100; // USER_HZ

function backendCpuUs(pid: number): number {
  const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(f[11]) + Number(f[12])) * TICK_US;
}

async function main() {
  const ds = await openSchema({ schema: DOMAIN_OPS_SCHEMA, entities: [], migrations: DOMAIN_OPS_MIGRATIONS, poolSize: 2 });
  await ds.destroy();
  const c = new Client({ connectionString: process.env.DATABASE_URL });
  await c.connect();
  const pid = Number((await c.query('SELECT pg_backend_pid() AS p')).rows[0].p);
  if (!fs.existsSync(`/proc/${pid}/stat`)) throw new Error('the PostgreSQL backend is not on this host');
  let n = 0;
  const base = 900_000_000 + Math.floor(Math.random() * 1e6) * 100;
  const repo = new OwnedDomainRepository({ query: (text: string, values: unknown[]) => c.query({ name: 'rec', text, values }).then((r) => r.rows) } as never);
  const migration = new DomainListVersionsSkipEmpty17978100000000();
  const q = { query: (sql: string) => c.query(sql) } as never;
  const run = async () => {
    const t0 = backendCpuUs(pid);
    for (let i = 0; i < RECORDS; i++) {
      n++;
      const name = `rt${base + n}.com`;
      await repo.record({ userId: base + n, name, punycode: name, tld: 'com', registryDomainId: null, dueDate: new Date(Date.now() + 365 * 86_400_000), status: 'active',
        autoUpdate: true, whoisProxy: true, lock: false, lockState: null, followUp: { lock: false }, nameServers: ['ns1.example.jp', 'ns2.example.jp', 'ns3.example.jp', 'ns4.example.jp'], orderItemId: base + n, contactIds: null });
    }
    return (backendCpuUs(pid) - t0) / RECORDS;
  };
  await run(); // warm: plans, caches
  const res: Record<string, number[]> = { 'early return': [], 'bump over no rows (before)': [], 'no version triggers': [], 'no trigram index': [] };
  const versionTriggers = async (on: boolean) => {
    for (const t of ['domains', 'domain_name_servers']) for (const op of ['ins', 'upd', 'del']) await c.query(`ALTER TABLE domain_ops.${t} ${on ? 'ENABLE' : 'DISABLE'} TRIGGER ${t}_list_version_${op}`);
  };
  // what the rest costs, for scale only (never so in the product): the record without any version trigger, and
  // without the keyword search's trigram index (name, punycode)
  const trgm = (await c.query(`SELECT indexdef FROM pg_indexes WHERE schemaname = 'domain_ops' AND indexname = 'domains_name_trgm'`)).rows[0]?.indexdef as string | undefined;
  for (let r = 0; r < ROUNDS; r++) {
    await migration.down(q);
    res['bump over no rows (before)']!.push(await run());
    await migration.up(q);
    res['early return']!.push(await run());
    await versionTriggers(false);
    res['no version triggers']!.push(await run());
    await versionTriggers(true);
    if (trgm) {
      await c.query('DROP INDEX domain_ops.domains_name_trgm');
      res['no trigram index']!.push(await run());
      await c.query(trgm);
    }
  }
  console.log(`record(): PostgreSQL backend CPU per call, ${ROUNDS} rounds of ${RECORDS} alternated (load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}):`);
  for (const [k, v] of Object.entries(res)) console.log(`  ${k.padEnd(28)} ${v.map((x) => `${x.toFixed(0)} µs`).join(' / ')}  (median ${[...v].sort((a, b) => a - b)[Math.floor(v.length / 2)]!.toFixed(0)} µs)`);
  await c.query(`DELETE FROM domain_ops.domains WHERE user_id > ${base}`);
  await c.end();
}

main().catch((e) => { console.error(e); process.exit(1); });
