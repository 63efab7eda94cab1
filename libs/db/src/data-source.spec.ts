import { dbPoolIdleMs, schemaDataSourceOptions } from './data-source';

/** ADR 0066: a service pool keeps an idle connection for minutes (pg's own default is 10 s), so a burst of orders finds
 *  the backends, their prepared statements and their generic plans that the last burst made. */
describe('service pool options', () => {
  const saved = process.env.DB_POOL_IDLE_MS;
  afterEach(() => {
    if (saved === undefined) delete process.env.DB_POOL_IDLE_MS;
    else process.env.DB_POOL_IDLE_MS = saved;
  });
  const extra = (o: { idleMs?: number } = {}) =>
    (schemaDataSourceOptions({ schema: 'x', entities: [], migrations: [], url: 'postgres://localhost/x', ...o }) as { extra: Record<string, unknown> }).extra;

  it('keeps idle connections 300 s unless DB_POOL_IDLE_MS says otherwise, without keeping the process alive', () => {
    delete process.env.DB_POOL_IDLE_MS;
    expect(extra()).toMatchObject({ idleTimeoutMillis: 300_000, allowExitOnIdle: true });
    process.env.DB_POOL_IDLE_MS = '0';
    expect(extra().idleTimeoutMillis).toBe(0);
    process.env.DB_POOL_IDLE_MS = '10000';
    expect(extra().idleTimeoutMillis).toBe(10_000);
    for (const bad of ['', 'soon', '-1', '1.5']) {
      process.env.DB_POOL_IDLE_MS = bad;
      expect(dbPoolIdleMs()).toBe(300_000);
    }
  });

  it('takes a pool\'s own idle time (the registry simulator keeps pg\'s 10 s)', () => {
    expect(extra({ idleMs: 10_000 }).idleTimeoutMillis).toBe(10_000);
  });
});
