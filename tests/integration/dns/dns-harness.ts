/**
 * DNS for real: the purchase path (gateway, catalog, orders, domain-ops, dns, the registry simulator),
 * and the PowerDNS the test runner started on DNS_PORT (reading the dns schema of the test database). Records are
 * read back from PowerDNS with kdig, as any resolver would.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { PurchaseHarness, startPurchaseHarness } from '../purchase/purchase-harness';

const run = promisify(execFile);
export const DNS_PORT = Number(process.env.DNS_PORT ?? 15353);

export type DnsHarness = PurchaseHarness;

/** The purchase harness runs the dns service too (its schema fresh); no periodic reconciliation during the tests. */
export async function startDnsHarness(): Promise<DnsHarness> {
  process.env.DNS_RECONCILE_EVERY_MS = '0';
  return startPurchaseHarness();
}

export interface DigAnswer {
  status: string;
  answers: { name: string; ttl: number; type: string; data: string }[];
  aa: boolean;
}

/** One query to PowerDNS with kdig (UDP; `tcp` for TCP), parsed: rcode, AA flag and the answer section. */
export async function dig(name: string, type: string, o: { tcp?: boolean } = {}): Promise<DigAnswer> {
  const { stdout } = await run('kdig', [`@127.0.0.1`, '-p', String(DNS_PORT), '+noall', '+header', '+answer', '+timeout=2', '+retry=0', ...(o.tcp ? ['+tcp'] : []), name, type]);
  const status = /status: (\w+)/.exec(stdout)?.[1] ?? 'NONE';
  const aa = /flags: [^;]*\baa\b/i.test(stdout);
  const answers = stdout.split('\n').filter((l) => l && !l.startsWith(';')).map((l) => {
    const [n, ttl, , t, ...rest] = l.trim().split(/\s+/);
    return { name: n, ttl: Number(ttl), type: t, data: rest.join(' ') };
  }).filter((a) => a.type);
  return { status, answers, aa };
}

/** The zone as PowerDNS transfers it (AXFR over TCP from loopback). */
export async function axfr(zone: string): Promise<string> {
  const { stdout } = await run('kdig', [`@127.0.0.1`, '-p', String(DNS_PORT), '+timeout=5', zone, 'AXFR']);
  return stdout.split('\n').filter((l) => l && !l.startsWith(';')).join('\n') + '\n';
}

/** named-checkzone on a zone text: { ok, output }. */
export async function checkZone(zone: string, text: string): Promise<{ ok: boolean; output: string }> {
  const fs = await import('node:fs');
  const os = await import('node:os');
  const path = await import('node:path');
  const file = path.join(process.env.TEST_TMP ?? os.tmpdir(), `${zone}.zone`);
  fs.writeFileSync(file, text);
  try {
    const { stdout } = await run('named-checkzone', ['-i', 'full', zone, file]);
    return { ok: true, output: stdout };
  } catch (e) {
    return { ok: false, output: String((e as { stdout?: string }).stdout ?? e) };
  }
}

/** Waits until `fn` answers true (the condition a user would see), at most `ms`. */
export async function until<T>(fn: () => Promise<T>, ok: (v: T) => boolean, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (ok(v)) return v;
    if (Date.now() > end) throw new Error(`condition not met after ${ms} ms: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
