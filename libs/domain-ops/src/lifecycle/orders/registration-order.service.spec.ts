import { M } from '@registrar/messages';
import { OrdersErrorCode } from '@registrar/contracts';
import { RegistrationOrderService } from './registration-order.service';

const summary = { tld_name: 'com', tld_name_punycode: 'com', can_proxy: true, can_lock: true, minimum_years: 1, registration_unit: 1 };
const price = { register: 1000, register_normal: 2000, renew: 2000, is_register_campaign: true, is_register_special: false };
const quote = (name: string) => ({ name, punycode: name, tld: 'com', isIdn: false, summary, price });

function newTestService(o: { remaining?: number; spendFailsAt?: number; catalogLeft?: number } = {}) {
  const orders = new Map<string, any>();
  const calls: string[] = [];
  const repo = {
    findByKey: jest.fn(async (_u: number, key: string) => orders.get(key) ?? null),
    create: jest.fn(async (order: any, items: any[]) => {
      const made = { order: { ...order, status: 'charging', error: null }, items: items.map((i, n) => ({ ...i, id: n + 1, orderId: order.id, status: 'queued', spent: false, refunded: false })) };
      orders.set(order.idempotencyKey, made.order);
      return made;
    }),
    items: jest.fn(async (_id: string): Promise<unknown[]> => []),
    markSpentMany: jest.fn(async () => undefined),
    markRefunded: jest.fn(async (id: number) => { calls.push(`refunded:${id}`); }),
    setItem: jest.fn(async () => undefined),
    setOrderStatus: jest.fn(async (_id: string, status: string) => { calls.push(`order:${status}`); }),
    claimStatus: jest.fn(async (_id: string, _from: string, status: string) => { calls.push(`order:${status}`); return true; }),
    find: jest.fn(async (_id: string): Promise<unknown> => null),
    startCharged: jest.fn(async () => { calls.push('order:processing'); return true; }),
    // the status read: find and items in one query
    withItems: jest.fn(async (id: string): Promise<unknown> => {
      const order = await repo.find(id);
      return order ? { order, items: await repo.items(id) } : null;
    }),
  };
  const taken = new Set<string>();
  let spends = 0;
  const ledger = {
    spend: jest.fn(async (_u: number, amount: number, key: string) => {
      if (++spends === o.spendFailsAt) throw { code: OrdersErrorCode.InsufficientPoints, message: 'short' };
      calls.push(`spend:${key}`);
      taken.add(key);
      return { delta: -amount, balanceAfter: 0 };
    }),
    // the ledger's spend of several: each as spend(), stopping at the first refused one
    spendMany: jest.fn(async (u: number, spends: Array<{ amount: number; idempotencyKey: string }>) => {
      const entries: unknown[] = [];
      for (const [index, s] of spends.entries()) {
        try {
          entries.push(await ledger.spend(u, s.amount, s.idempotencyKey));
        } catch (e) {
          return { entries, refused: { index, code: (e as { code: string }).code, message: (e as Error).message } };
        }
      }
      return { entries, refused: null };
    }),
    // the ledger's void: refunds a spend that was taken, once; a key never spent is only voided
    voidCharge: jest.fn(async (_u: number, _a: number, spendKey: string, refundKey: string) => {
      calls.push(`void:${spendKey}`);
      if (!taken.has(spendKey)) return { refunded: false, entry: null };
      calls.push(`refund:${refundKey}`);
      return { refunded: true, entry: { balanceAfter: 0 } };
    }),
    refund: jest.fn(async (_u: number, _a: number, key: string) => { calls.push(`refund:${key}`); }),
    consumeSession: jest.fn(async () => true),
    removeFromCart: jest.fn(async () => undefined),
    balance: jest.fn(async () => 0),
  };
  let left = o.catalogLeft ?? o.remaining ?? 5;
  const catalog = {
    reserve: jest.fn(async (_u: number, key: string) => { calls.push(`reserve:${key}`); return { reserved: left-- > 0 }; }),
    release: jest.fn(async (key: string) => { calls.push(`release:${key}`); return true; }),
  };
  const estimate = {
    price: jest.fn(async (_u: number, names: string[]) => {
      let slots = o.remaining ?? 5;
      return names.map((n) => ({ input: n, quote: n.endsWith('.zz') ? null : quote(n), registerPrice: slots-- > 0 ? 1000 : 2000, isCampaign: slots >= 0 }));
    }),
  };
  const settings = { getOrCreate: jest.fn(async () => ({ domain_create_is_whois_proxy_enabled_flg: 1, whois_proxy_disabled_reg_record_id: null, domain_create_reg_record_id: null })) };
  const prereqs = { find: jest.fn(async () => null) };
  const queue = { enqueueOrder: jest.fn(async () => { calls.push('enqueued'); }) };
  const actionLog = { write: jest.fn(async () => undefined) };
  const sut = new RegistrationOrderService(repo as never, estimate as never, catalog as never, ledger as never, prereqs as never, settings as never, queue as never, actionLog as never);
  return { sut, repo, ledger, catalog, queue, calls };
}

const row = (name: string, point = 1000) => ({ name, period: 1, point });
const req = (domains: ReturnType<typeof row>[], key = 'k1') => ({ userId: 7, domains, totalFee: domains.reduce((s, d) => s + d.point, 0), point: 0, payment: { type: 'point' as const }, idempotencyKey: key });

describe(RegistrationOrderService.name, () => {
  it('takes a campaign slot and the points per item, then starts the items\' jobs', async () => {
    const { sut, calls } = newTestService();
    const r = await sut.create(req([row('a.com'), row('b.com')]));
    expect(r.result).toBe(true);
    expect(calls).toEqual([
      `reserve:order:${r.orderId}:a.com:campaign`, `reserve:order:${r.orderId}:b.com:campaign`,
      `spend:order:${r.orderId}:a.com:spend`, `spend:order:${r.orderId}:b.com:spend`, 'order:processing', 'enqueued',
    ]);
  });

  it('asks the campaign slots and the payment session at once, and the ledger only after both', async () => {
    const { sut, catalog, ledger } = newTestService();
    let answer!: () => void;
    catalog.reserve.mockImplementationOnce(() => new Promise((res) => { answer = () => res({ reserved: true }); }));
    const submitting = sut.create({ ...req([row('a.com')]), payment: { type: 'card' as const, sessionId: 's1' } } as never);
    for (let i = 0; i < 20 && !ledger.consumeSession.mock.calls.length; i++) await Promise.resolve();
    expect(catalog.reserve).toHaveBeenCalledTimes(1);
    expect(ledger.consumeSession).toHaveBeenCalledTimes(1);
    expect(ledger.spendMany).not.toHaveBeenCalled();
    answer();
    expect((await submitting).result).toBe(true);
    expect(ledger.spendMany).toHaveBeenCalledTimes(1);
  });

  it('takes no points when another tab took the last campaign slot meanwhile, and releases every slot it asked for', async () => {
    const { sut, calls, queue, ledger } = newTestService({ catalogLeft: 1 });
    const r = await sut.create(req([row('a.com'), row('b.com')]));
    expect(r).toMatchObject({ result: false, errors: ['b.comの価格が変更されました。もう一度お試しください'] });
    expect(ledger.spendMany).not.toHaveBeenCalled();
    expect(calls).toEqual(expect.arrayContaining([`release:order:${r.orderId}:a.com:campaign`, `release:order:${r.orderId}:b.com:campaign`, 'order:failed']));
    expect(calls.filter((c) => c.startsWith('refund:'))).toHaveLength(0);
    expect(queue.enqueueOrder).not.toHaveBeenCalled();
  });

  it('answers a retried submit with the order it made, charging nothing more', async () => {
    const { sut, ledger } = newTestService();
    const first = await sut.create(req([row('a.com')]));
    const again = await sut.create(req([row('a.com')]));
    expect(again.orderId).toBe(first.orderId);
    expect(ledger.spend).toHaveBeenCalledTimes(1);
  });

  it('refuses more than 20 domains, unknown prices and a price that is not the member’s', async () => {
    const { sut, repo } = newTestService({ remaining: 0 });
    expect((await sut.create(req(Array.from({ length: 21 }, (_, i) => row(`d${i}.com`))))).errors).toEqual(['一度にご購入いただけるドメインは20件までです']);
    expect((await sut.create(req([row('x.zz')]))).errors).toEqual(['x.zzの価格取得に失敗しました']);
    expect((await sut.create(req([row('a.com', 1000)]))).errors).toEqual(['a.comの価格が変更されました。もう一度お試しください']);
    expect(repo.create).not.toHaveBeenCalled();
  });

  it('gives back what it took when the points run out', async () => {
    const { sut, calls, queue } = newTestService({ spendFailsAt: 2 });
    const r = await sut.create(req([row('a.com'), row('b.com')]));
    expect(r).toMatchObject({ result: false, errors: [M.pointsInsufficient] });
    expect(calls).toEqual(expect.arrayContaining([
      `refund:order:${r.orderId}:a.com:refund`, `release:order:${r.orderId}:a.com:campaign`, `release:order:${r.orderId}:b.com:campaign`, 'order:failed',
    ]));
    expect(calls.filter((c) => c.startsWith('refund:'))).toHaveLength(1);
    // the order is failed before any charge is voided: a charge still on its way is refused when it arrives
    expect(calls.indexOf('order:failed')).toBeLessThan(calls.indexOf(`void:order:${r.orderId}:b.com:spend`));
    expect(queue.enqueueOrder).not.toHaveBeenCalled();
  });

  it('does not start an order the money reconciler gave up while it was charging', async () => {
    const { sut, repo, queue } = newTestService();
    repo.startCharged.mockImplementation(async () => false);
    repo.find.mockImplementation(async () => ({ id: 'x', userId: 7, status: 'failed', error: M.purchaseAbandoned }) as never);
    const r = await sut.create(req([row('a.com')]));
    expect(r).toMatchObject({ result: false, errors: [M.purchaseAbandoned] });
    expect(queue.enqueueOrder).not.toHaveBeenCalled();
  });
  it('status while the order runs answers the balance its last charge left without asking the ledger; once done it asks the ledger', async () => {
    const { sut, repo, ledger } = newTestService();
    ledger.balance.mockResolvedValue(4200);
    const order = { id: 'o1', userId: 7, status: 'processing', error: null };
    repo.find.mockResolvedValue(order as never);
    const item = (id: number, status: string, spentBalanceAfter: number | null) => ({ id, orderId: 'o1', name: `d${id}.com`, punycode: `d${id}.com`, position: id, point: 1000, status, spent: true, refunded: false, spentBalanceAfter });
    repo.items.mockResolvedValue([item(1, 'done', 3000), item(2, 'processing', 2000)] as never);
    const running = await sut.status(7, 'o1');
    expect(running).toMatchObject({ done: false, balance: 2000, pointsCharged: 2000 });
    expect(ledger.balance).not.toHaveBeenCalled();
    // an item charged before the balance was kept with it: the ledger is asked
    repo.items.mockResolvedValue([item(1, 'done', null), item(2, 'processing', 2000)] as never);
    expect((await sut.status(7, 'o1')).balance).toBe(4200);
    // done (refunds may have come back): the ledger's balance
    ledger.balance.mockClear();
    repo.items.mockResolvedValue([item(1, 'done', 3000), item(2, 'error', 2000)] as never);
    expect(await sut.status(7, 'o1')).toMatchObject({ done: true, balance: 4200 });
    expect(ledger.balance).toHaveBeenCalledTimes(1);
  });
});
