import { OrdersErrorCode } from '@registrar/contracts';
import { OrdersException } from '../common/orders.exception';
import { ChangeOutcome, LedgerRepository, LedgerTx } from './ledger.repository';
import { LedgerService } from './ledger.service';
import { PointEntry } from './point-entry';

/** The repository replaced by a map; the real one (row lock, unique key) is covered by tests/integration/orders. */
function newTestService() {
  const entries: PointEntry[] = [];
  const balances = new Map<number, number>();
  const byKey = (k: string) => entries.find((e) => e.idempotencyKey === k) ?? null;
  const voided = new Set<string>();
  const tx: LedgerTx = {
    voidKey: async (_u, k) => { voided.add(k); },
    findByKey: async (k) => byKey(k),
    lockBalance: async (u) => balances.get(u) ?? 0,
    append: async (e) => {
      const entry = { ...e, id: entries.length + 1, createdAt: new Date() };
      entries.push(entry);
      balances.set(e.userId, e.balanceAfter);
      return entry;
    },
  };
  // orders.apply_point_change as the map sees it (the function itself, its lock and key, run in tests/integration/orders)
  const applyChange = jest.fn(async (c: { userId: number; delta: number; kind: PointEntry['kind']; reference: string | null; idempotencyKey: string; deadline: number | null }): Promise<ChangeOutcome> => {
    const first = byKey(c.idempotencyKey);
    if (first) return { outcome: 'replay', entry: first };
    const balance = balances.get(c.userId) ?? 0;
    if (c.kind === 'spend' && voided.has(c.idempotencyKey)) return { outcome: 'voided', balance };
    if (c.kind === 'spend' && c.deadline != null && Date.now() > c.deadline) return { outcome: 'expired', balance };
    if (balance + c.delta < 0) return { outcome: 'insufficient', balance };
    const entry = await tx.append({ userId: c.userId, delta: c.delta, balanceAfter: balance + c.delta, kind: c.kind, reference: c.reference, idempotencyKey: c.idempotencyKey });
    return { outcome: 'applied', entry: entry! };
  });
  // a group: the same, one after the other, in the order given (the real one is one statement; tests/integration/orders)
  const applyChanges = jest.fn(async (cs: Parameters<typeof applyChange>[0][]): Promise<ChangeOutcome[]> => {
    const out: ChangeOutcome[] = [];
    for (const c of cs) out.push(await applyChange(c));
    return out;
  });
  const repo = {
    applyChange,
    applyChanges,
    inTransaction: jest.fn(async (work: (t: LedgerTx) => Promise<unknown>) => work(tx)),
    findByKey: jest.fn(async (k: string) => byKey(k)),
    balance: jest.fn(async (u: number) => balances.get(u) ?? 0),
    history: jest.fn(async (u: number, offset: number, limit: number) => {
      const mine = entries.filter((e) => e.userId === u).reverse();
      return { entries: mine.slice(offset, offset + limit), total: mine.length };
    }),
  };
  return { sut: new LedgerService(repo as unknown as LedgerRepository), repo, entries };
}

describe(LedgerService.name, () => {
  it('spends several in order, each its own entry, and stops at the first refused one', async () => {
    const { sut, entries } = newTestService();
    await sut.grant(1, 1000, 'g1');
    const r = await sut.spendMany(1, [{ amount: 400, idempotencyKey: 'a' }, { amount: 500, idempotencyKey: 'b' }, { amount: 200, idempotencyKey: 'c' }, { amount: 50, idempotencyKey: 'd' }]);
    expect(r.entries.map((e) => [e.delta, e.balanceAfter])).toEqual([[-400, 600], [-500, 100]]);
    expect(r.refused).toMatchObject({ index: 2, code: OrdersErrorCode.InsufficientPoints });
    // 'd' would have fit: nothing after the refused one is taken
    expect(entries.map((e) => e.idempotencyKey)).toEqual(['g1', 'a', 'b']);
    // replayed: the same entries, nothing taken twice
    const again = await sut.spendMany(1, [{ amount: 400, idempotencyKey: 'a' }, { amount: 500, idempotencyKey: 'b' }]);
    expect(again.refused).toBeNull();
    expect(again.entries.map((e) => e.balanceAfter)).toEqual([600, 100]);
    expect(await sut.balance(1)).toBe(100);
  });

  it('credits and spends, recording the balance after each entry', async () => {
    const { sut } = newTestService();
    await sut.grant(1, 1000, 'g1');
    const spent = await sut.spend(1, 300, 's1', 'order:1');
    expect(spent).toMatchObject({ delta: -300, balanceAfter: 700, kind: 'spend', reference: 'order:1' });
    expect(await sut.balance(1)).toBe(700);
  });

  it('refuses to spend more than the balance with a typed error and records nothing', async () => {
    const { sut, entries } = newTestService();
    await sut.grant(1, 100, 'g1');
    await expect(sut.spend(1, 101, 's1')).rejects.toMatchObject({ code: OrdersErrorCode.InsufficientPoints, details: { balance: 100, requested: 101 } });
    expect(entries).toHaveLength(1);
    expect(await sut.balance(1)).toBe(100);
  });

  it('replaying an idempotency key returns the first result and applies nothing', async () => {
    const { sut, repo } = newTestService();
    await sut.grant(1, 500, 'g1');
    const first = await sut.spend(1, 200, 'spend-1');
    const again = await sut.spend(1, 200, 'spend-1');
    expect(again).toEqual({ ...first, replayed: true });
    expect(await sut.balance(1)).toBe(300);
    expect(repo.applyChange).toHaveBeenCalledTimes(3); // one call per change, the replay included (one round trip each)
    expect(repo.inTransaction).not.toHaveBeenCalled();
  });

  it('refuses a different change under a key already used', async () => {
    const { sut } = newTestService();
    await sut.grant(1, 500, 'k');
    await expect(sut.grant(1, 501, 'k')).rejects.toMatchObject({ code: OrdersErrorCode.IdempotencyConflict });
    await expect(sut.spend(1, 500, 'k')).rejects.toMatchObject({ code: OrdersErrorCode.IdempotencyConflict });
    await expect(sut.grant(2, 500, 'k')).rejects.toMatchObject({ code: OrdersErrorCode.IdempotencyConflict });
  });

  it.each([0, -5, 1.5, Number.NaN])('refuses the amount %p', async (amount) => {
    const { sut } = newTestService();
    await expect(sut.spend(1, amount, 'x')).rejects.toBeInstanceOf(OrdersException);
    await expect(sut.refund(1, amount, 'y')).rejects.toMatchObject({ code: OrdersErrorCode.InvalidAmount });
  });

  it('requires an idempotency key', async () => {
    const { sut } = newTestService();
    await expect(sut.grant(1, 10, '  ')).rejects.toMatchObject({ code: OrdersErrorCode.IdempotencyConflict });
  });

  it('refunds as a credit of kind refund', async () => {
    const { sut } = newTestService();
    await sut.grant(1, 1000, 'g');
    await sut.spend(1, 1000, 's');
    expect(await sut.refund(1, 1000, 'r', 'domain:example.com')).toMatchObject({ delta: 1000, balanceAfter: 1000, kind: 'refund' });
  });

  it('pages the history newest first', async () => {
    const { sut } = newTestService();
    for (let i = 1; i <= 5; i++) await sut.grant(1, i, `g${i}`);
    const page = await sut.history(1, 2, 2);
    expect(page).toMatchObject({ total: 5, current_page: 2, last_page: 3 });
    expect(page.data.map((e) => e.delta)).toEqual([3, 2]);
  });

  it('refuses a spend whose key its purchase voided, and a spend past its deadline', async () => {
    const { sut } = newTestService();
    await sut.grant(1, 1000, 'g');
    expect(await sut.voidCharge({ userId: 1, amount: 500, spendKey: 'order:o:a:spend', refundKey: 'order:o:a:refund' })).toEqual({ refunded: false, entry: null });
    await expect(sut.spend(1, 500, 'order:o:a:spend')).rejects.toMatchObject({ code: OrdersErrorCode.ChargeVoided });
    await expect(sut.spend(1, 500, 'order:o:b:spend', null, Date.now() - 1)).rejects.toMatchObject({ code: OrdersErrorCode.ChargeExpired });
    expect(await sut.balance(1)).toBe(1000);
  });

  it('voiding a spend already taken refunds it once', async () => {
    const { sut } = newTestService();
    await sut.grant(1, 1000, 'g');
    await sut.spend(1, 400, 'order:o:a:spend');
    const req = { userId: 1, amount: 400, spendKey: 'order:o:a:spend', refundKey: 'order:o:a:refund' };
    expect(await sut.voidCharge(req)).toMatchObject({ refunded: true, entry: { delta: 400, balanceAfter: 1000, kind: 'refund' } });
    expect(await sut.voidCharge(req)).toMatchObject({ refunded: true, entry: { replayed: true } });
    expect(await sut.balance(1)).toBe(1000);
  });

  it('writes the spends that come while a group is being written as one group, sorted by member, each answered its own outcome', async () => {
    const { sut, repo } = newTestService();
    await sut.grant(1, 20, 'g1');
    await sut.grant(2, 100, 'g2');
    const spends = [
      ...[1, 2, 3, 4].map((i) => sut.spend(2, 10, `early-${i}`)),
      // member 2, member 1 (short at its third), member 2
      sut.spend(2, 5, 'b1'),
      ...[1, 2, 3].map((i) => sut.spend(1, 10, `a${i}`)),
      sut.spend(2, 5, 'b2'),
    ].map((p) => p.then((e) => e.balanceAfter, (e: { code: string }) => e.code));
    expect(await Promise.all(spends)).toEqual([90, 80, 70, 60, 55, 10, 0, OrdersErrorCode.InsufficientPoints, 50]);
    // the first alone, then one group of the eight gathered meanwhile, member 1's first, each member's in order
    expect(repo.applyChanges).toHaveBeenCalledTimes(1);
    expect(repo.applyChanges.mock.calls[0][0].map((c) => c.idempotencyKey)).toEqual(['a1', 'a2', 'a3', 'early-2', 'early-3', 'early-4', 'b1', 'b2']);
  });
});
