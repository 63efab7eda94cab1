/**
 * The table of docs/architecture.md "who owns what, and who calls whom", made from the code:
 *  - schema: the schemas the process's libraries migrate (`schemaTypeOrmModule({ schema })`);
 *  - its job queue: the `@Processor(QueueName.X)` workers in them;
 *  - calls: the services whose request patterns (a `@MessagePattern` of another library) the process's libraries name.
 * What the code does not say in one place (what a schema holds, the protocol servers) is written below, per process.
 *
 *   node_modules/.bin/node -r @swc-node/register scripts/docs/architecture-table.ts           prints the table
 *   node_modules/.bin/node -r @swc-node/register scripts/docs/architecture-table.ts --write   rewrites it in the page
 */
import fs from 'node:fs';
import path from 'node:path';
import * as contracts from '@registrar/contracts';

const ROOT = path.resolve(__dirname, '../..');
const PAGE = path.join(ROOT, 'docs/architecture.md');
const START = '<!-- architecture-table: made by scripts/docs/architecture-table.ts -->';
const END = '<!-- /architecture-table -->';

interface Proc { name: string; libs: string[]; holds?: Record<string, string>; queueNotes?: Record<string, string>; servers?: string }

/** The processes, the libraries each runs, and what the code does not say in one place. */
const PROCESSES: Proc[] = [
  {
    name: 'gateway', libs: ['gateway', 'identity', 'mail'],
    holds: { identity: 'members, sessions, 2FA, consents, help, notices', mail: 'the outbound mail log' },
    servers: 'HTTP: the web app, its calls, `/api/v1`, `/rdap`, `/admin/queues`; port-43 WHOIS',
  },
  { name: 'catalog', libs: ['catalog'] },
  { name: 'availability', libs: ['availability'], servers: 'EPP client' },
  { name: 'orders', libs: ['orders'], holds: { orders: 'ledger, carts, payments' }, servers: 'Stripe / wallet APIs' },
  {
    name: 'domain-ops', libs: ['domain-ops'],
    holds: { domain_ops: 'domains, orders of domains, operations, WHOIS, history; tables and migrations owned per feature, ADR 0036' },
    queueNotes: { 'domain-ops': 'the old shared one, drained; ADR 0036' },
    servers: 'EPP client',
  },
  { name: 'dns', libs: ['dns'], holds: { dns: "our records and PowerDNS's tables, DNSSEC state, forwarding rules and their certificates" }, servers: 'PowerDNS HTTP API client, ACME client' },
  { name: 'whois-mail', libs: ['whois-mail'], queueNotes: { 'whois-mail': 'the old one: one-mail jobs of older replicas, ADR 0044' }, servers: 'inbound SMTP (proxy mail, mail forwarding)' },
  { name: 'admin', libs: ['admin'] },
  { name: 'market', libs: ['market'] },
];

/** Rows the code scan does not make: processes that are not NestJS services of ours. */
const FIXED_ROWS = [
  '| forwarder | reads `dns` (forwarding rules, certificates, ACME challenges) | | HTTP/HTTPS redirects by Host, ACME HTTP-01 answers | (none: Redis invalidation messages) |',
  '| PowerDNS | reads `dns` | | DNS (UDP/TCP), its HTTP API | |',
  '| registry-sim | its own (`registry`) | | EPP over TLS, RDAP, port-43 WHOIS, SMTP out | |',
];

function sources(lib: string): Array<{ file: string; text: string }> {
  const out: Array<{ file: string; text: string }> = [];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.ts') && !e.name.endsWith('.spec.ts')) out.push({ file: p, text: fs.readFileSync(p, 'utf8') });
    }
  };
  walk(path.join(ROOT, 'libs', lib, 'src'));
  return out;
}

const patternOf = (group: string, key: string): string | undefined => {
  const g = (contracts as unknown as Record<string, unknown>)[group];
  const v = g && typeof g === 'object' ? (g as Record<string, unknown>)[key] : undefined;
  return typeof v === 'string' ? v : undefined;
};

export function architectureRows(): string[] {
  const libOf = new Map<string, string>();
  for (const p of PROCESSES) for (const l of p.libs) libOf.set(l, p.name);
  // pattern -> the process that handles it
  const owner = new Map<string, string>();
  for (const p of PROCESSES) {
    for (const lib of p.libs) {
      for (const { text } of sources(lib)) {
        for (const m of text.matchAll(/@MessagePattern\(\s*(\w+)\.(\w+)\s*\)/g)) {
          const pattern = patternOf(m[1]!, m[2]!);
          if (pattern) owner.set(pattern, p.name);
        }
      }
    }
  }
  // schema constants (FOO_SCHEMA = 'foo') of every library
  const constants = new Map<string, string>();
  for (const lib of fs.readdirSync(path.join(ROOT, 'libs'))) {
    if (!fs.existsSync(path.join(ROOT, 'libs', lib, 'src'))) continue;
    for (const { text } of sources(lib)) for (const m of text.matchAll(/export const (\w+_SCHEMA) = '([a-z_]+)'/g)) constants.set(m[1]!, m[2]!);
  }
  const rows: string[] = [];
  for (const p of PROCESSES) {
    const schemas = new Set<string>();
    const queues = new Set<string>();
    const calls = new Set<string>();
    for (const lib of p.libs) {
      for (const { text } of sources(lib)) {
        for (const m of text.matchAll(/schemaTypeOrmModule\(\{\s*schema:\s*(?:'([a-z_]+)'|(\w+))/g)) {
          const schema = m[1] ?? constants.get(m[2]!);
          if (schema) schemas.add(schema);
        }
        for (const m of text.matchAll(/@Processor\(\s*QueueName\.(\w+)/g)) {
          const q = (contracts.QueueName as unknown as Record<string, string>)[m[1]!];
          if (q) queues.add(q);
        }
        for (const m of text.matchAll(/(?<!@MessagePattern\(\s*)\b(\w+Patterns)\.(\w+)\b/g)) {
          const pattern = patternOf(m[1]!, m[2]!);
          const to = pattern ? owner.get(pattern) : undefined;
          if (to && to !== p.name) calls.add(to);
        }
      }
    }
    const order = (xs: Set<string>) => [...xs].sort((a, b) => a.localeCompare(b));
    const schema = order(schemas).map((s) => (p.holds?.[s] ? `\`${s}\` (${p.holds[s]})` : `\`${s}\``)).join(', ') || '(none: Redis cache)';
    const queue = order(queues).map((q) => (p.queueNotes?.[q] ? `\`${q}\` (${p.queueNotes[q]})` : `\`${q}\``)).join(', ');
    const callList = p.name === 'gateway' && calls.size === PROCESSES.length - 1 ? 'every service' : order(calls).join(', ');
    rows.push(`| ${p.name} | ${schema} | ${queue} | ${p.servers ?? ''} | ${callList} |`);
  }
  return [...rows, ...FIXED_ROWS];
}

export function architectureTable(): string {
  return ['| process | schema | its job queue | protocol servers | calls |', '|---|---|---|---|---|', ...architectureRows()].join('\n');
}

if (require.main === module) {
  const table = architectureTable();
  if (process.argv.includes('--write')) {
    const page = fs.readFileSync(PAGE, 'utf8');
    const a = page.indexOf(START);
    const b = page.indexOf(END);
    if (a < 0 || b < a) throw new Error(`${PAGE}: the markers ${START} … ${END} are missing`);
    const indent = '  ';
    const block = `${START}\n\n${table.split('\n').map((l) => indent + l).join('\n')}\n\n${indent}`;
    fs.writeFileSync(PAGE, page.slice(0, a) + block + page.slice(b));
    console.log(`${path.relative(ROOT, PAGE)}: table written`);
  } else {
    console.log(table);
  }
}
