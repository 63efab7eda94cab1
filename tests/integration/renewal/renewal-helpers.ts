import { randomUUID } from 'node:crypto';
import { registrationTotal } from '@registrar/rules';
import { Member, PurchaseHarness, waitForOrder, xhr } from '../purchase/purchase-harness';

/** Buys `name` for the member through the purchase flow (as a member does, points granted for it) and answers its domain id. */
export async function buyDomain(p: PurchaseHarness, c: Member, name: string): Promise<number> {
  const est = (await c.agent.get(`/mypage/domain/price/estimate/campaign?domainNames[]=${encodeURIComponent(name)}`).set(xhr(c)).expect(200)).body[0];
  const point = registrationTotal(est.registerPrice, est.renewPrice, est.minimum_years);
  await p.grant(c.userId, point);
  const r = await c.agent.post('/mypage/domain/create').set(xhr(c))
    .send({ domains: [{ name, period: est.minimum_years, point }], totalFee: point, point, payment: { type: 'point' }, idempotencyKey: randomUUID() }).expect(200);
  if (!r.body.result) throw new Error(`purchase of ${name} refused: ${JSON.stringify(r.body.errors)}`);
  const done = await waitForOrder(c, r.body.orderId);
  if (done.domains[0].status !== 'done') throw new Error(`purchase of ${name}: ${JSON.stringify(done.domains[0])}`);
  return done.domains[0].domain_pk_id;
}
