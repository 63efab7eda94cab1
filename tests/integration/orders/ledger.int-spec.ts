/**
 * The points ledger against the real PostgreSQL, through the orders service's RPC on the real Redis transport:
 * parallel spends racing for the last points never overdraw, the entries always sum to the balance, an idempotency
 * key applies once however many times (and however concurrently) it is replayed, and entries cannot be changed.
 */
import { OrdersErrorCode, OrdersPatterns, PointEntryDto, PointHistoryResult } from '@registrar/contracts';
import { LedgerService } from '../../../libs/orders/src/ledger/ledger.service';
import { newUserId, OrdersHarness, startOrdersHarness } from './orders-harness';

let h: OrdersHarness;
beforeAll(async () => {
  h = await startOrdersHarness();
}, 120_000);
afterAll(async () => {
  await h?.close();
});

const spend = (userId: number, amount: number, idempotencyKey: string) => h.call<PointEntryDto>(OrdersPatterns.PointSpend, { userId, amount, idempotencyKey, reference: 'test' });

async function ledgerOf(userId: number) {
  const { rows: [r] } = await h.db.query(
    `SELECT (SELECT balance FROM orders.point_balances WHERE user_id = $1)::int AS balance,
            (SELECT coalesce(sum(delta), 0) FROM orders.point_entries WHERE user_id = $1)::int AS sum,
            (SELECT count(*) FROM orders.point_entries WHERE user_id = $1)::int AS entries,
            (SELECT min(balance_after) FROM orders.point_entries WHERE user_id = $1)::int AS lowest`,
    [userId],
  );
  return r as { balance: number; sum: number; entries: number; lowest: number };
}

describe('points ledger', () => {
  it('60 parallel spends racing for the last points: exactly the affordable ones pass, the balance never goes negative, the entries sum to the balance', async () => {
    const user = newUserId();
    await h.grant(user, 1000);
    const results = await Promise.allSettled(Array.from({ length: 60 }, (_, i) => spend(user, 30, `race-${user}-${i}`)));
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(ok).toHaveLength(33); // 33 x 30 = 990 <= 1000 < 34 x 30
    expect(refused).toHaveLength(27);
    for (const r of refused) expect(r.reason).toMatchObject({ code: OrdersErrorCode.InsufficientPoints });
    const l = await ledgerOf(user);
    expect(l).toEqual({ balance: 10, sum: 10, entries: 34, lowest: 10 });
    expect(await h.balance(user)).toBe(10);
  }, 60_000);

  it('a key replayed 20 times at once applies once and every caller gets the first result', async () => {
    const user = newUserId();
    await h.grant(user, 500);
    const results = await Promise.all(Array.from({ length: 20 }, () => spend(user, 120, `same-key-${user}`)));
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
    expect(results.filter((r) => !r.replayed).length).toBeLessThanOrEqual(1);
    expect(await ledgerOf(user)).toMatchObject({ balance: 380, sum: 380, entries: 2 });
    // a later replay too
    expect(await spend(user, 120, `same-key-${user}`)).toMatchObject({ id: results[0].id, balanceAfter: 380, replayed: true });
  }, 60_000);

  it('refuses a different change under a used key, and a spend beyond the balance', async () => {
    const user = newUserId();
    await h.grant(user, 100);
    await spend(user, 40, `k-${user}`);
    await expect(spend(user, 41, `k-${user}`)).rejects.toMatchObject({ code: OrdersErrorCode.IdempotencyConflict });
    await expect(spend(user, 61, `k2-${user}`)).rejects.toMatchObject({ code: OrdersErrorCode.InsufficientPoints, details: { balance: 60, requested: 61 } });
    expect(await h.balance(user)).toBe(60);
  });

  it('refunds into the same ledger and pages the history newest first', async () => {
    const user = newUserId();
    await h.grant(user, 300);
    await spend(user, 300, `buy-${user}`);
    const refund = await h.call<PointEntryDto>(OrdersPatterns.PointRefund, { userId: user, amount: 300, idempotencyKey: `refund-${user}`, reference: 'domain:failed.com' });
    expect(refund).toMatchObject({ kind: 'refund', delta: 300, balanceAfter: 300, reference: 'domain:failed.com' });
    const page = await h.call<PointHistoryResult>(OrdersPatterns.PointHistory, { userId: user, page: 1, perPage: 2 });
    expect(page).toMatchObject({ total: 3, current_page: 1, last_page: 2 });
    expect(page.data.map((e) => e.kind)).toEqual(['refund', 'spend']);
  });

  it('rejects a malformed payload at the RPC boundary', async () => {
    await expect(h.call(OrdersPatterns.PointSpend, { userId: 1, amount: -5, idempotencyKey: 'x' })).rejects.toMatchObject({ code: OrdersErrorCode.InvalidAmount });
    await expect(h.call(OrdersPatterns.PointSpend, { userId: 1, amount: 5 })).rejects.toMatchObject({ code: OrdersErrorCode.InvalidAmount });
  });

  it('entries are append-only: the database refuses to change or delete one', async () => {
    const user = newUserId();
    await h.grant(user, 10);
    await expect(h.db.query('UPDATE orders.point_entries SET delta = 1000 WHERE user_id = $1', [user])).rejects.toThrow(/append-only/);
    await expect(h.db.query('DELETE FROM orders.point_entries WHERE user_id = $1', [user])).rejects.toThrow(/append-only/);
    await expect(h.db.query('UPDATE orders.point_balances SET balance = -1 WHERE user_id = $1', [user])).rejects.toThrow(/check/);
  });

  describe('group commit: spends that arrive together are written in one transaction (ADR 0042)', () => {
    const outcome = (p: Promise<PointEntryDto>) => p.then((e) => ({ ok: e.balanceAfter }), (e: { code?: string; message?: string }) => ({ code: e.code, message: e.message }));
    /** how many transactions wrote the entries under these keys (an entry's xmin is the transaction that inserted it) */
    const transactions = async (keyPrefix: string) => (await h.db.query(`SELECT count(DISTINCT xmin::text)::int AS n FROM orders.point_entries WHERE idempotency_key LIKE $1`, [`${keyPrefix}%`])).rows[0].n as number;

    it('each spend of a group is checked alone: a short balance, a voided key and a passed deadline are refused alone with their message', async () => {
      const ledger = h.orders.get(LedgerService, { strict: false });
      const [rich, poor, other] = [newUserId(), newUserId(), newUserId()];
      await h.grant(rich, 100);
      await h.grant(poor, 25);
      await h.grant(other, 50);
      await ledger.voidCharge({ userId: other, amount: 10, spendKey: `grp-void-${other}`, refundKey: `grp-void-${other}:refund` });
      // all at once: the first few go alone, the rest are gathered while they are written and go as one group
      const results = await Promise.all([
        ...Array.from({ length: 10 }, (_, i) => outcome(ledger.spend(rich, 10, `grp-${rich}-${i}`))),
        ...Array.from({ length: 5 }, (_, i) => outcome(ledger.spend(poor, 10, `grp-${poor}-${i}`))),
        outcome(ledger.spend(other, 10, `grp-void-${other}`)),
        outcome(ledger.spend(other, 10, `grp-late-${other}`, null, Date.now() - 1)),
        outcome(ledger.spend(other, 10, `grp-${other}-ok`)),
        // the same key twice in one group: one entry, the second answered as its replay
        outcome(ledger.spend(other, 5, `grp-${other}-twice`)),
        outcome(ledger.spend(other, 5, `grp-${other}-twice`)),
      ]);
      // the first ones, written alone side by side, take the member's lock in any order; each balance once
      expect(results.slice(0, 10).map((r) => (r as { ok: number }).ok).sort((a, b) => b - a)).toEqual(Array.from({ length: 10 }, (_, i) => 90 - i * 10));
      // in a group, one member's spends are taken in the order they came
      expect(results.slice(10, 15)).toEqual([
        { ok: 15 },
        { ok: 5 },
        ...Array.from({ length: 3 }, () => ({ code: OrdersErrorCode.InsufficientPoints, message: 'ポイントが不足しています（残高 5RP、必要 10RP）' })),
      ]);
      expect(results.slice(15)).toEqual([
        { code: OrdersErrorCode.ChargeVoided, message: '購入が取り消されたため、10ポイントの引き落としは行いませんでした' },
        { code: OrdersErrorCode.ChargeExpired, message: '受付期限を過ぎたため、10ポイントの引き落としは行いませんでした' },
        { ok: 40 },
        { ok: 35 },
        { ok: 35 },
      ]);
      expect(await ledgerOf(rich)).toEqual({ balance: 0, sum: 0, entries: 11, lowest: 0 });
      expect(await ledgerOf(poor)).toEqual({ balance: 5, sum: 5, entries: 3, lowest: 5 });
      expect(await ledgerOf(other)).toEqual({ balance: 35, sum: 35, entries: 3, lowest: 35 });
      // fewer transactions than entries: spends were committed together
      expect(await transactions('grp-')).toBeLessThan(10 + 2 + 2);
    }, 60_000);

    it('a spend whose write fails fails alone: the others of its group are written again one by one and pass', async () => {
      const ledger = h.orders.get(LedgerService, { strict: false });
      const user = newUserId();
      await h.grant(user, 100);
      await h.db.query(`CREATE FUNCTION orders.test_boom() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN IF NEW.idempotency_key LIKE 'boom-%' THEN RAISE EXCEPTION 'boom'; END IF; RETURN NEW; END $$`);
      await h.db.query('CREATE TRIGGER test_boom BEFORE INSERT ON orders.point_entries FOR EACH ROW EXECUTE FUNCTION orders.test_boom()');
      try {
        const results = await Promise.all(Array.from({ length: 12 }, (_, i) => outcome(ledger.spend(user, 5, i === 8 ? `boom-${user}` : `one-${user}-${i}`))));
        expect(results[8]).toMatchObject({ message: expect.stringContaining('boom') });
        expect(results.filter((r) => 'ok' in r)).toHaveLength(11);
        expect(await ledgerOf(user)).toEqual({ balance: 45, sum: 45, entries: 12, lowest: 45 });
      } finally {
        await h.db.query('DROP TRIGGER test_boom ON orders.point_entries');
        await h.db.query('DROP FUNCTION orders.test_boom()');
      }
    }, 60_000);
  });
});
