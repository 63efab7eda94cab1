import type { SystemClock } from '@registrar/infra';
import { RegistryPolicy } from '../policy/registry-policy';
import type { DomainRow, RegistryRepository } from '../persistence/registry.repository';
import type { DomainService } from '../domain/domain.service';
import { LifecycleService } from './lifecycle.service';

const NOW = new Date('2027-06-01T00:00:00Z');
const day = (n: number) => new Date(NOW.getTime() + n * 86_400_000);

function domain(over: Partial<DomainRow>): DomainRow {
  return {
    name: 'example.com', roid: '1-SIM', tld: 'com', clId: 'rakko', crId: 'rakko', crDate: day(-400), upId: null, upDate: null, exDate: day(100), trDate: null,
    authInfo: 'x', registrant: null, contacts: [], ns: [], statuses: [], secdns: null, addGraceUntil: null, renewGraceUntil: null, autoRenewGraceUntil: null,
    transferGraceUntil: null, rgpState: null, rgpUntil: null, redemptionUntil: null, deletedAt: null, deleteTrid: null, transfer: null, provisionalUntil: null,
    orgKey: null, ...over,
  };
}

function newTestService(due: { transfers?: DomainRow[]; expiries?: DomainRow[]; rgp?: DomainRow[] }) {
  const repo = {
    transaction: jest.fn(async (fn: (q: unknown) => Promise<unknown>) => fn({})),
    dueTransfers: jest.fn(async () => due.transfers ?? []),
    dueExpiries: jest.fn(async () => due.expiries ?? []),
    dueRgp: jest.fn(async () => due.rgp ?? []),
    updateDomain: jest.fn(async () => undefined),
    deleteDomain: jest.fn(async () => undefined),
    deleteHost: jest.fn(async () => undefined),
    hostsUnder: jest.fn(async () => ['ns1.example.com']),
    enqueuePoll: jest.fn(async () => undefined),
  };
  const domains = { completeTransfer: jest.fn(async (_q: unknown, d: DomainRow, _p: unknown, status: string, at: Date) => ({ ...d.transfer!, status, acDate: at.toISOString() })) };
  const sut = new LifecycleService(repo as unknown as RegistryRepository, new RegistryPolicy(), domains as unknown as DomainService, { now: () => NOW } as SystemClock);
  return { sut, repo, domains };
}

describe(LifecycleService.name, () => {
  it('approves a transfer nobody answered at its approval date and tells both registrars', async () => {
    const d = domain({ transfer: { status: 'pending', reID: 'other', reDate: day(-5).toISOString(), acID: 'rakko', acDate: day(0).toISOString(), periodYears: 1 } });
    const { sut, repo, domains } = newTestService({ transfers: [d] });
    expect((await sut.sweep()).transfersApproved).toBe(1);
    expect(domains.completeTransfer).toHaveBeenCalledWith({}, d, expect.objectContaining({ group: 'gtld' }), 'serverApproved', day(0));
    expect(repo.enqueuePoll.mock.calls.map((c: unknown[]) => c[1])).toEqual(['other', 'rakko']);
  });

  it('auto-renews an expired gTLD domain by one year with the auto-renew grace period, and a poll message', async () => {
    const { sut, repo } = newTestService({ expiries: [domain({ exDate: day(-1) })] });
    expect((await sut.sweep()).autoRenewed).toBe(1);
    expect(repo.updateDomain).toHaveBeenCalledWith({}, 'example.com', { exDate: new Date('2028-05-31T00:00:00Z'), autoRenewGraceUntil: day(44) });
    expect(repo.enqueuePoll).toHaveBeenCalledWith({}, 'rakko', day(-1), 'Domain example.com auto-renewed.', { kind: 'renewal', name: 'example.com', exDate: '2028-05-31T00:00:00.000Z' });
  });

  it('puts an expired .jp domain into its redemption period instead of renewing it', async () => {
    const { sut, repo } = newTestService({ expiries: [domain({ name: 'example.jp', tld: 'jp', exDate: day(-1) })] });
    expect((await sut.sweep()).expiredToRedemption).toBe(1);
    expect(repo.updateDomain).toHaveBeenCalledWith({}, 'example.jp', expect.objectContaining({ rgpState: 'redemptionPeriod', rgpUntil: day(29) }));
  });

  it('releases a provisional co.jp that was not completed', async () => {
    const { sut, repo } = newTestService({ expiries: [domain({ name: 'example.co.jp', tld: 'co.jp', exDate: day(-1), provisionalUntil: day(-1) })] });
    expect((await sut.sweep()).provisionalExpired).toBe(1);
    expect(repo.deleteDomain).toHaveBeenCalledWith({}, 'example.co.jp');
  });

  it('moves redemption to pendingDelete, then purges with a panData poll message', async () => {
    const redemption = domain({ rgpState: 'redemptionPeriod', rgpUntil: day(0), redemptionUntil: day(0) });
    const { sut, repo } = newTestService({ rgp: [redemption] });
    expect((await sut.sweep()).toPendingDelete).toBe(1);
    expect(repo.updateDomain).toHaveBeenCalledWith({}, 'example.com', { rgpState: 'pendingDelete', rgpUntil: day(5) });

    const pendingDelete = domain({ rgpState: 'pendingDelete', rgpUntil: day(0), deleteTrid: { clTRID: 'C-1', svTRID: 'S-1' } });
    const t = newTestService({ rgp: [pendingDelete] });
    expect((await t.sut.sweep()).purged).toBe(1);
    expect(t.repo.deleteHost).toHaveBeenCalledWith({}, 'ns1.example.com');
    expect(t.repo.enqueuePoll).toHaveBeenCalledWith({}, 'rakko', day(0), 'Domain example.com was purged.', expect.objectContaining({ kind: 'pendingAction', paResult: true, paTRID: { clTRID: 'C-1', svTRID: 'S-1' } }));
  });

  it('sends a restore request without its report back to the redemption period', async () => {
    const { sut, repo } = newTestService({ rgp: [domain({ rgpState: 'pendingRestore', rgpUntil: day(0), redemptionUntil: day(10) })] });
    await sut.sweep();
    expect(repo.updateDomain).toHaveBeenCalledWith({}, 'example.com', { rgpState: 'redemptionPeriod', rgpUntil: day(10) });
  });
});
