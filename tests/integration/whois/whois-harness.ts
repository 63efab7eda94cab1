/**
 * WHOIS integration set-up: the purchase harness (gateway, catalog, orders, domain-ops, the registry simulator the
 * runner started), an RPC client for the domain-ops patterns, and buying domains through the real purchase path.
 */
import { randomUUID } from 'node:crypto';
import { ClientProxy } from '@nestjs/microservices';
import { EppClientPool } from '@registrar/epp';
import { BullRpcClient, rpc } from '@registrar/infra';
import { registrationTotal } from '@registrar/rules';
import { client as eppClient, freeName } from '../epp/epp-harness';
import { Member, PurchaseHarness, startPurchaseHarness, waitForOrder, xhr } from '../purchase/purchase-harness';

export interface WhoisHarness {
  p: PurchaseHarness;
  epp: EppClientPool;
  call<T>(pattern: string, payload: unknown): Promise<T>;
  /** buys free names of these TLDs with points (the member's default settings) and answers the names once the order is done */
  buy(c: Member, tlds: string[]): Promise<string[]>;
  /** buys these names (free at the simulator) */
  buyNames(c: Member, names: string[]): Promise<string[]>;
  close(): Promise<void>;
}

export async function startWhoisHarness(o: { port?: number } = {}): Promise<WhoisHarness> {
  const p = await startPurchaseHarness(o);
  // registry contact ids derive from these ids (rkc{id}, rkp{id}…) and the registry outlives the dropped schema of
  // earlier test files: start them where no earlier file of this run has been
  const from = 1_000_000 + Math.floor(Math.random() * 1_000_000) * 100;
  for (const seq of ['contacts_id_seq', 'prereqs_id_seq']) await p.db.query(`ALTER SEQUENCE domain_ops.${seq} RESTART WITH ${from}`);
  const epp = eppClient();
  const client: ClientProxy = new BullRpcClient(process.env.REDIS_URL!);
  await client.connect();
  return {
    p,
    epp,
    call: <T>(pattern: string, payload: unknown) => rpc<T>(client, pattern, payload, 30_000),
    buy: async (c, tlds) => {
      const names: string[] = [];
      for (const tld of tlds) names.push(await freeName(epp, tld, 'wh'));
      return buyNames(c, names);
    },
    buyNames: (c, names) => buyNames(c, names),
    close: async () => {
      await client.close();
      await epp.close();
      await p.close();
    },
  };

  async function buyNames(c: Member, names: string[]): Promise<string[]> {
    const q = names.map((n) => `domainNames[]=${encodeURIComponent(n)}`).join('&');
    const est = (await c.agent.get(`/mypage/domain/price/estimate/campaign?${q}`).set(xhr(c)).expect(200)).body as Array<{ requestDomain: string; registerPrice: number; renewPrice: number; minimum_years: number }>;
    const domains = est.map((e) => ({ name: e.requestDomain, period: e.minimum_years, point: registrationTotal(e.registerPrice, e.renewPrice, e.minimum_years) }));
    const totalFee = domains.reduce((s, d) => s + d.point, 0);
    const r = await c.agent.post('/mypage/domain/create').set(xhr(c)).send({ domains, totalFee, point: totalFee, payment: { type: 'point' }, idempotencyKey: randomUUID() }).expect(200);
    if (!r.body.orderId) throw new Error(`order refused: ${JSON.stringify(r.body)}`);
    const done = await waitForOrder(c, r.body.orderId);
    const bad = done.domains?.filter?.((d: { status: string }) => d.status !== 'done') ?? [];
    if (bad.length) throw new Error(`order not done: ${JSON.stringify(done)}`);
    return names;
  }
}
