import 'reflect-metadata';
import { loadConfig } from '@registrar/infra';
import { AvailabilityConfig } from '../availability.config';
import { RegistryCheckError, RegistryPort } from '../registry/registry.port';
import { CheckAvailabilityJob } from './check-availability.job';
import { CheckCacheRepository } from './check-cache.repository';

function newTestJob(env: Record<string, string> = {}) {
  const config = loadConfig(AvailabilityConfig, env);
  const taken = new Set(['taken.com', 'taken.jp']);
  const commands: string[][] = [];
  const registry: RegistryPort = {
    check: jest.fn(async (names: string[]) => {
      commands.push(names);
      return names.map((name) => ({ name, available: !taken.has(name), ...(taken.has(name) ? { reason: 'In use' } : {}) }));
    }),
  };
  const store = new Map<string, string>();
  const cache = {
    findUnavailable: jest.fn(async (names: string[]) => new Map(names.filter((n) => store.has(n)).map((n) => [n, store.get(n)!]))),
    rememberUnavailable: jest.fn(async (entries: { name: string; reason?: string }[]) => { for (const e of entries) store.set(e.name, e.reason ?? ''); }),
    forget: jest.fn(),
  } as unknown as CheckCacheRepository;
  return { sut: new CheckAvailabilityJob(registry, cache, config), registry, commands, store };
}

describe(CheckAvailabilityJob.name, () => {
  it('answers every name in order, available or not', async () => {
    const { sut } = newTestJob();
    const r = await sut.handle({ names: ['free.com', 'taken.com', 'free.jp'] });
    expect(r.results).toEqual([
      { name: 'free.com', available: true },
      { name: 'taken.com', available: false, reason: 'In use' },
      { name: 'free.jp', available: true },
    ]);
  });

  it('splits a batch where a registry allows fewer names per command', async () => {
    const { sut, commands } = newTestJob({ AVAILABILITY_CHECK_LIMITS: 'default=25,jp=2' });
    const names = ['a.jp', 'b.jp', 'c.jp', 'a.com', 'b.com', 'd.jp', 'e.jp'];
    await sut.handle({ names });
    // a command holding a .jp name holds at most 2 names
    expect(commands.every((c) => !c.some((n) => n.endsWith('.jp')) || c.length <= 2)).toBe(true);
    expect(commands.flat().sort()).toEqual([...names].sort());
  });

  it('packs names into as few commands as the tightest limit in each allows', () => {
    const { sut } = newTestJob({ AVAILABILITY_CHECK_LIMITS: 'default=25,cctld=20,jp=10' });
    const names = [...Array.from({ length: 2 }, (_, i) => `x${i}.jp`), ...Array.from({ length: 8 }, (_, i) => `x${i}.de`), ...Array.from({ length: 15 }, (_, i) => `x${i}.com`)];
    const commands = sut.commandsFor(names);
    expect(commands.map((c) => c.length)).toEqual([10, 15]);
    expect(commands[0].filter((n) => n.endsWith('.jp'))).toHaveLength(2);
  });

  it('splits a command in halves when the registry answers 2306 (fewer names allowed than configured)', async () => {
    const { sut, registry, commands } = newTestJob();
    const inner = (registry.check as jest.Mock).getMockImplementation()!;
    (registry.check as jest.Mock).mockImplementation(async (names: string[]) => {
      if (names.length > 4) throw new RegistryCheckError('2306 at most 4 names', 2306);
      return inner(names);
    });
    const names = Array.from({ length: 10 }, (_, i) => `n${i}.com`);
    const r = await sut.handle({ names });
    expect(r.results.map((x) => x.name)).toEqual(names);
    expect(commands.every((c) => c.length <= 4)).toBe(true);
  });

  it('remembers only unavailable names and does not ask the registry again for them', async () => {
    const { sut, store, commands } = newTestJob();
    await sut.handle({ names: ['free.com', 'taken.com'] });
    expect([...store.keys()]).toEqual(['taken.com']);
    const again = await sut.handle({ names: ['free.com', 'taken.com'] });
    expect(commands[1]).toEqual(['free.com']);
    expect(again.cached).toBe(1);
    expect(again.results[1]).toEqual({ name: 'taken.com', available: false, reason: 'In use' });
  });

  it('fails the job when the registry fails', async () => {
    const { sut, registry } = newTestJob();
    (registry.check as jest.Mock).mockRejectedValueOnce(new RegistryCheckError('2400 command failed', 2400));
    await expect(sut.handle({ names: ['free.com'] })).rejects.toThrow('2400');
  });

  it('refuses more than 25 names or anything that is not an ASCII domain name', async () => {
    const { sut } = newTestJob();
    await expect(sut.handle({ names: Array.from({ length: 26 }, (_, i) => `n${i}.com`) })).rejects.toThrow(RegistryCheckError);
    await expect(sut.handle({ names: ['日本.jp'] })).rejects.toThrow(RegistryCheckError);
  });
});
