/**
 * Domain operations set-up: the WHOIS harness (gateway, catalog, orders, domain-ops, the registry simulator the
 * runner started) plus seeding many held domains quickly (created at the registry over EPP, recorded for a member).
 */
import { randomBytes } from 'node:crypto';
import { EppClientPool, EppError } from '@registrar/epp';
import { Member, xhr } from '../purchase/purchase-harness';
import { client as eppClient, REGISTRAR_A } from '../epp/epp-harness';
import { startWhoisHarness, WhoisHarness } from '../whois/whois-harness';

export interface OpsHarness {
  w: WhoisHarness;
  /** our registrar's EPP client with a few sessions (seeding and checking the registry's state) */
  epp: EppClientPool;
  seed(c: Member, n: number, tld?: string, nameServers?: string[]): Promise<Array<{ id: number; name: string }>>;
  post(c: Member, path: string, body: unknown): Promise<any>;
  /** polls the run until every row has ended; answers the last status */
  wait(c: Member, jobId: string, timeoutMs?: number): Promise<any>;
  close(): Promise<void>;
}

export async function startOpsHarness(): Promise<OpsHarness> {
  Object.assign(process.env, { OPERATION_BACKOFF_MS: '50', OPERATION_ATTEMPTS: '6', MOVE_SWEEP_EVERY_S: '0', WHOIS_SWEEP_EVERY_S: '0' });
  const w = await startWhoisHarness();
  const epp = eppClient(REGISTRAR_A, undefined, { poolSize: 6 });
  const post = async (c: Member, path: string, body: unknown) => {
    const r = await c.agent.post(path).set(xhr(c)).send(body as object);
    if (r.status !== 200) throw new Error(`${path}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body;
  };
  return {
    w,
    epp,
    post,
    seed: async (c, n, tld = 'com', nameServers = ['ns1.example.net', 'ns2.example.net']) => {
      const made: string[] = [];
      const prefix = `op${randomBytes(3).toString('hex')}`;
      let i = 0;
      for (let round = 0; made.length < n; round++) {
        if (round > 200) throw new Error(`seed: only ${made.length} of ${n} .${tld} names could be created`);
        const batch = Array.from({ length: Math.min(60, (n - made.length) * 2) }, () => `${prefix}-${i++}.${tld}`);
        const free = (await epp.checkBatch(batch)).filter((r) => r.avail).map((r) => r.name).slice(0, n - made.length);
        await Promise.all(free.map(async (name) => {
          try {
            await epp.create({ name, authInfo: 'Seed-Auth-1x', ns: nameServers });
            made.push(name);
          } catch (e) {
            if (!(e instanceof EppError)) throw e;
          }
        }));
      }
      const due = new Date(Date.now() + 200 * 24 * 3600_000);
      const rows = await w.p.db.query(
        `INSERT INTO domain_ops.domains (user_id, name, idn, punycode, tld, status, due_date, is_auto_update_enabled, is_whois_proxy_enabled, is_domain_lock_enabled)
         SELECT $1, n, n, n, $2, 'active', $3, false, false, false FROM unnest($4::text[]) AS n RETURNING id, name`,
        [c.userId, tld, due, made],
      );
      await w.p.db.query(
        `INSERT INTO domain_ops.domain_name_servers (domain_id, priority, name) SELECT d, p, ns FROM unnest($1::bigint[]) AS d, unnest($2::text[]) WITH ORDINALITY AS x(ns, p)`,
        [rows.rows.map((r: { id: string }) => r.id), nameServers],
      );
      return rows.rows.map((r: { id: string; name: string }) => ({ id: Number(r.id), name: r.name }));
    },
    wait: async (c, jobId, timeoutMs = 120_000) => {
      const end = Date.now() + timeoutMs;
      for (;;) {
        const r = await c.agent.get(`/mypage/domain/operation/status?jobId=${jobId}`).set(xhr(c));
        if (r.status !== 200) throw new Error(`status: ${r.status} ${JSON.stringify(r.body)}`);
        if (r.body.finished) return r.body;
        if (Date.now() > end) throw new Error(`run ${jobId} not finished: ${r.body.done}/${r.body.total}`);
        await new Promise((res) => setTimeout(res, 150));
      }
    },
    close: async () => {
      await epp.close();
      await w.close();
    },
  };
}
