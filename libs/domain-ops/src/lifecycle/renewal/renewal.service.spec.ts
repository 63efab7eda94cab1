/** RenewalService.status: the rows and `finished` come from one read of the items. */
import type { Renewal, RenewalItem, RenewalRepository } from './renewal.repository';
import { RenewalService } from './renewal.service';

const renewal: Renewal = {
  id: 'r1', userId: 7, idempotencyKey: 'k', kind: 'manual', total: 1000, paymentType: 'point', paymentSessionId: null, withAutoUpdate: false,
  status: 'processing' as Renewal['status'], error: null, createdAt: new Date('2026-11-27T00:00:00Z'),
};
const item = (status: RenewalItem['status']): RenewalItem => ({
  id: 1, renewalId: 'r1', position: 0, domainId: 3, name: 'a.com', punycode: 'a.com', period: 1, point: 1000, restore: false, fromExpiry: null,
  newExpiry: status === 'done' ? new Date('2027-11-27T00:00:00Z') : null, status, errorMsg: null, spent: true, spentBalanceAfter: 0, refunded: false,
});

describe('RenewalService.status', () => {
  it('never answers a finished job whose row is still running, when the item finishes between reads', async () => {
    // each read sees the item one step further: processing, then done
    const reads = [item('processing'), item('done')];
    let n = 0;
    const repo = {
      find: async () => renewal,
      items: async () => [reads[Math.min(n++, reads.length - 1)]!],
    } as unknown as RenewalRepository;
    const service = new RenewalService(repo, {} as never, {} as never, {} as never, {} as never, {} as never);
    const s = (await service.status(7, 'r1'))!;
    const running = s.data[0]!.code === 1;
    expect(s.finished && running).toBe(false);
  });
});
