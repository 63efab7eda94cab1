import { createHash } from 'node:crypto';
import { schedStat, ServiceStats } from './service-stats';

describe('ServiceStats (the benchmarks\' baseline)', () => {
  it('counts the commands and the CPU the process spent since the last reset, and starts again at reset', () => {
    const stats = new ServiceStats();
    stats.record('domain:check', 1500);
    stats.record('domain:check', 500);
    stats.record('domain:info', 1000);
    // some work on this thread, so there is CPU time to see
    let h = '';
    for (let i = 0; i < 2000; i++) h = createHash('sha256').update(h + i).digest('hex');
    const u = stats.usage();
    expect(u.commands).toBe(3);
    expect(stats.snapshot()['domain:check']).toMatchObject({ count: 2, meanMs: 1, maxMs: 1.5 });
    expect(u.cpuMs).toBeGreaterThan(0);
    expect(u.wallMs).toBeGreaterThan(0);
    expect(u.eventLoopUtilization).toBeGreaterThanOrEqual(0);
    expect(u.eventLoopUtilization).toBeLessThanOrEqual(1);
    if (process.platform === 'linux') expect(u.mainThreadRunShare).toBeGreaterThan(0);
    stats.reset();
    expect(stats.usage().commands).toBe(0);
    expect(stats.snapshot()).toEqual({});
  });

  it('reads the main thread\'s run and wait time where /proc has it, zeros elsewhere', () => {
    const s = schedStat();
    if (process.platform === 'linux') expect(s.runNs).toBeGreaterThan(0);
    expect(s.waitNs).toBeGreaterThanOrEqual(0);
  });
});
