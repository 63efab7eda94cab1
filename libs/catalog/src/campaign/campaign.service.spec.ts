import { CampaignRepository } from './campaign.repository';
import { CampaignService } from './campaign.service';

/** An in-memory stand-in for the repository (the real one is exercised against PostgreSQL by the purchase integration tests). */
function fakeRepo() {
  const counters = new Map<string, number>();
  const reservations = new Map<string, { month: string; userId: number; released: boolean }>();
  const k = (u: number, m: string) => `${u}|${m}`;
  return {
    counters,
    used: async (u: number, m: string) => counters.get(k(u, m)) ?? 0,
    reserve: async (u: number, m: string, key: string, limit: number) => {
      const used = counters.get(k(u, m)) ?? 0;
      const r = reservations.get(key);
      if (r) return { reserved: !r.released, used };
      if (used >= limit) return { reserved: false, used };
      reservations.set(key, { month: m, userId: u, released: false });
      counters.set(k(u, m), used + 1);
      return { reserved: true, used: used + 1 };
    },
    release: async (key: string) => {
      const r = reservations.get(key);
      if (!r || r.released) return false;
      r.released = true;
      counters.set(k(r.userId, r.month), (counters.get(k(r.userId, r.month)) ?? 1) - 1);
      return true;
    },
    purgeBefore: async (m: string) => {
      let n = 0;
      for (const key of [...counters.keys()]) if (key.split('|')[1] < m) { counters.delete(key); n++; }
      return n;
    },
  };
}

describe(CampaignService.name, () => {
  let now: Date;
  let sut: CampaignService;
  let repo: ReturnType<typeof fakeRepo>;

  beforeEach(() => {
    now = new Date('2026-11-30T14:59:59Z'); // 23:59:59 on 30 November in Tokyo
    repo = fakeRepo();
    sut = new CampaignService(repo as unknown as CampaignRepository, { now: () => now });
  });

  it('gives 5 campaign registrations per member per month, once per key', async () => {
    for (let i = 0; i < 5; i++) expect((await sut.reserve(1, `k${i}`)).reserved).toBe(true);
    expect((await sut.reserve(1, 'k0')).reserved).toBe(true); // the same key again takes nothing more
    expect((await sut.reserve(1, 'k5')).reserved).toBe(false);
    expect(await sut.remaining(1)).toMatchObject({ month: '2026-11', used: 5, remaining: 0 });
    expect((await sut.remaining(2)).remaining).toBe(5);
  });

  it('gives a slot back when its item is refunded, once', async () => {
    for (let i = 0; i < 5; i++) await sut.reserve(1, `k${i}`);
    expect(await sut.release('k2')).toBe(true);
    expect(await sut.release('k2')).toBe(false);
    expect((await sut.remaining(1)).remaining).toBe(1);
    expect((await sut.reserve(1, 'k9')).reserved).toBe(true);
  });

  it('starts afresh on the 1st at 0:00 Asia/Tokyo, and the reset job drops past months', async () => {
    for (let i = 0; i < 5; i++) await sut.reserve(1, `k${i}`);
    now = new Date('2026-11-30T15:00:00Z'); // 0:00 on 1 December in Tokyo
    expect(await sut.remaining(1)).toMatchObject({ month: '2026-12', used: 0, remaining: 5 });
    expect((await sut.reserve(1, 'dec-1')).reserved).toBe(true);
    expect(await sut.purgeOldMonths()).toBe(1);
    expect([...repo.counters.keys()]).toEqual(['1|2026-12']);
  });
});
