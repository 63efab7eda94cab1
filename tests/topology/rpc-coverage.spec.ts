/**
 * The topology test's list of request patterns it does not send (rpc-coverage.ts) stays true without running the
 * topology stage: every listed pattern is still handled by some service, is listed once, and has a reason.
 */
import { handledPatterns, NOT_IN_TOPOLOGY } from './rpc-coverage';

describe('the topology coverage list of request patterns', () => {
  const handled = handledPatterns();

  it('finds the handlers of every service', () => {
    expect(handled.size).toBeGreaterThan(100);
    for (const p of ['orders.point.spend', 'market.trade.buy', 'admin.import.domains', 'domain-ops.market.move']) expect(handled.has(p)).toBe(true);
  });

  it('lists only patterns a service handles, each once, each group with a reason', () => {
    const listed = NOT_IN_TOPOLOGY.flatMap((g) => g.patterns);
    expect(listed.filter((p) => !handled.has(p))).toEqual([]);
    expect(listed.filter((p, i) => listed.indexOf(p) !== i)).toEqual([]);
    for (const g of NOT_IN_TOPOLOGY) expect(g.reason.length).toBeGreaterThan(20);
  });
});
