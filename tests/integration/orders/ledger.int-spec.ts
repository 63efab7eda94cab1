/**
 * The points ledger against the real PostgreSQL, through the orders service's RPC on the real Redis transport:
 * parallel spends racing for the last points never overdraw, the entries always sum to the balance, an idempotency
 * key applies once however many times (and however concurrently) it is replayed, and entries cannot be changed.
 */
import { OrdersErrorCode, OrdersPatterns, PointEntryDto, PointHistoryResult } from '@registrar/contracts';
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
});
