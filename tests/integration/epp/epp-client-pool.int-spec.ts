/**
 * The client's pool and registrar log against the running simulator: every command recorded in
 * domain_ops.registrar_log (secrets masked, normalised result, duration), sessions reused and replaced,
 * typed errors for injected faults (2400 answers, dropped connections, latency beyond the timeout, slow handshakes).
 */
import { Pool } from 'pg';
import {
  CreateRegistrarLog1795000000000, EPP_CLIENT, EppClientPool, EppConnectionError, EppError, EppModule, EppTimeoutError, MASK, MemoryRegistrarLogSink,
  PostgresRegistrarLogSink, REGISTRAR_LOG_SINK,
} from '@registrar/epp';
import { openSchema } from '@registrar/db';
import { Test } from '@nestjs/testing';
import { client, frames, freeName, REGISTRAR_A, REGISTRAR_B, simClock, simFaults } from './epp-harness';

let pg: Pool;
let sink: PostgresRegistrarLogSink;
let a: EppClientPool;

beforeAll(async () => {
  // the domain-ops service owns the table; its migration is exported by @registrar/epp
  const ds = await openSchema({ schema: 'domain_ops', entities: [], migrations: [CreateRegistrarLog1795000000000] });
  await ds.destroy();
  pg = new Pool({ connectionString: process.env.DATABASE_URL, max: 2 });
  sink = new PostgresRegistrarLogSink(pg, { flushIntervalMs: 50 });
  a = client(REGISTRAR_A, sink, { poolSize: 4 });
});

afterEach(async () => {
  await simFaults.reset();
});

afterAll(async () => {
  await a?.close();
  await sink?.close();
  await pg?.end();
});

async function logRows(domain: string) {
  await sink.flush();
  const r = await pg.query(`SELECT * FROM domain_ops.registrar_log WHERE domain_name = $1 ORDER BY id`, [domain]);
  return r.rows;
}

describe('registrar log', () => {
  it('records every command with user, domain, masked parameters, the response, the result and the time taken', async () => {
    const name = await freeName(a, 'com', 'log');
    await a.create({ name, authInfo: 'Very-Secret-Code' }, { userId: 42, domainPkid: 7 });
    await expect(a.create({ name, authInfo: 'Very-Secret-Code' }, { userId: 42 })).rejects.toMatchObject({ code: 2302 });
    await a.info(name, {}, { userId: 42, domainPkid: 7 });
    await simClock.advanceDays(61);
    const b = client(REGISTRAR_B, sink);
    await b.transfer('request', name, { authInfo: 'Very-Secret-Code' }, { userId: 99 });
    await b.close();

    const rows = await logRows(name);
    expect(rows.map((r) => [r.action_type, r.result_code, r.result, r.spec_result_code])).toEqual([
      ['domain:create', 1000, 'success', 10000],
      ['domain:create', 2302, 'failed', 20000],
      ['domain:info', 1000, 'success', 10000],
      ['domain:transfer:request', 1001, 'pending', 10001],
    ]);
    expect(rows[0]).toMatchObject({ user_id: '42', domain_pkid: '7', domain_name: name });
    expect(rows[0].success_parameter).toMatchObject({ name, authInfo: MASK });
    expect(rows[0].onamae_response).toMatchObject({ code: 1000 });
    expect(rows[2].onamae_response.resData.infData.authInfo).toBe(MASK);
    expect(rows[3].success_parameter.authInfo).toBe(MASK);
    expect(JSON.stringify(rows)).not.toContain('Very-Secret-Code');
    for (const r of rows) {
      expect(r.duration_ms).toBeGreaterThanOrEqual(0);
      expect(r.cl_trid).toMatch(/^rakko|^other-re/);
    }
  });

  it('records a burst of checks without slowing them down: one row per command, written in batches', async () => {
    const before = sink.written;
    const names = Array.from({ length: 200 }, (_, i) => `burst-${i}.com`);
    await Promise.all(Array.from({ length: 8 }, (_, i) => a.check(names.slice(i * 25, i * 25 + 25))));
    await sink.flush();
    expect(sink.written - before).toBe(8);
    const r = await pg.query(`SELECT count(*)::int AS n FROM domain_ops.registrar_log WHERE action_type = 'domain:check' AND domain_name LIKE 'burst-%'`);
    expect(r.rows[0].n).toBe(8);
  });

  it('writes every buffered entry exactly as recorded, in INSERTs of one array per column, more rows than one batch', async () => {
    const small = new PostgresRegistrarLogSink(pg, { flushIntervalMs: 60_000, batchSize: 7 });
    const tag = `cols-${Date.now().toString(36)}`;
    // quotes, backslashes, braces and commas are what an array literal must escape; Japanese and nulls must survive;
    // U+001E is the separator the JSON columns travel with (JSON.stringify escapes it inside a value), with other
    // control characters
    const odd = `"{a,b}" \\ 'q' 日本語 \x1e|\n|\t|\u001f`;
    const at = new Date('2026-11-27T01:02:03.456Z');
    for (let i = 0; i < 23; i++) {
      // one entry JSON cannot hold (a BigInt): counted as dropped, never thrown at the command, the others written
      if (i === 11) small.record({ userId: null, domainPkid: null, domainName: `${tag}-bad.com`, actionType: 'domain:info', resultCode: 1000, result: 'success', specResultCode: 10000, params: { n: BigInt(1) }, response: {}, durationMs: 0, clTRID: `${tag}-bad`, svTRID: null, createdAt: at });
      small.record({
        userId: i % 2 ? 42 : null, domainPkid: i % 3 ? null : 7, domainName: `${tag}-${i}.com`, actionType: 'domain:info', resultCode: i % 2 ? 1000 : 2303,
        result: i % 2 ? 'success' : 'failed', specResultCode: i % 2 ? 10000 : 20000, params: { name: `${tag}-${i}.com`, note: odd, list: [odd, null] },
        response: { code: 1000, msg: odd, resData: { infData: { name: `${tag}-${i}.com` } } }, durationMs: i, clTRID: `${tag}-${i}`, svTRID: i % 2 ? `SV-${i}` : null, createdAt: at,
      });
    }
    await small.close();
    expect(small.written).toBe(23);
    expect(small.dropped).toBe(1);
    const r = await pg.query(`SELECT * FROM domain_ops.registrar_log WHERE cl_trid LIKE $1 ORDER BY duration_ms`, [`${tag}-%`]);
    expect(r.rows).toHaveLength(23);
    for (const [i, row] of r.rows.entries()) {
      expect(row).toMatchObject({
        user_id: i % 2 ? '42' : null, domain_pkid: i % 3 ? null : '7', domain_name: `${tag}-${i}.com`, action_type: 'domain:info', result_code: i % 2 ? 1000 : 2303,
        result: i % 2 ? 'success' : 'failed', spec_result_code: i % 2 ? 10000 : 20000, duration_ms: i, cl_trid: `${tag}-${i}`, sv_trid: i % 2 ? `SV-${i}` : null,
      });
      expect(row.success_parameter).toEqual({ name: `${tag}-${i}.com`, note: odd, list: [odd, null] });
      expect(row.onamae_response).toEqual({ code: 1000, msg: odd, resData: { infData: { name: `${tag}-${i}.com` } } });
      expect(row.created_at.toISOString()).toBe(at.toISOString());
    }
  });
});

describe('EppClientPool', () => {
  it('opens sessions on demand up to its size and reuses them', async () => {
    const p = client(REGISTRAR_A, undefined, { poolSize: 3 });
    await Promise.all(Array.from({ length: 12 }, (_, i) => p.check([`reuse-${i}.net`])));
    expect(p.size).toBe(3);
    await p.check(['reuse-again.net']);
    expect(p.size).toBe(3);
    await p.close();
  });

  it('hands a session to the waiting command before parsing and logging the answer it just got, one command in flight per session', async () => {
    // what happened, in order: frames written and read (onFrame) and registrar-log records (made after the parse)
    const events: string[] = [];
    const sink = { record: (e: { domainName: string | null }) => events.push(`log ${e.domainName}`), flush: async () => undefined, close: async () => undefined };
    const p = client(REGISTRAR_A, sink, { poolSize: 1, onFrame: (direction, xml) => {
      frames.push({ direction, xml }); // still validated against the XSDs with the others
      const name = /<domain:name[^>]*>([^<]+)</.exec(xml)?.[1];
      if (name) events.push(`${direction} ${name}`);
    } });
    await p.warmUp();
    const tag = `handoff-${Date.now().toString(36)}`;
    const names = [0, 1, 2].map((i) => `${tag}-${i}.com`);
    const results = await Promise.all(names.map((n) => p.check([n])));
    expect(results.map((r) => r[0]!.name)).toEqual(names);
    // the next command goes out as soon as the previous answer is in, before that answer is logged (so parsed) …
    for (const i of [0, 1]) {
      expect(events.indexOf(`out ${names[i + 1]}`)).toBeGreaterThan(events.indexOf(`in ${names[i]}`));
      expect(events.indexOf(`out ${names[i + 1]}`)).toBeLessThan(events.indexOf(`log ${names[i]}`));
    }
    // … and never before it (one session: out, in, out, in, …)
    const wire = events.filter((e) => !e.startsWith('log '));
    expect(wire).toEqual(names.flatMap((n) => [`out ${n}`, `in ${n}`]));
    await p.close();
  });

  it('keeps idle sessions alive with <hello> (the simulator answers with its greeting)', async () => {
    const p = client(REGISTRAR_A, undefined, { poolSize: 1, keepAliveMs: 1_000 });
    await p.check(['keepalive.com']);
    const from = frames.length;
    await new Promise((r) => setTimeout(r, 1_800));
    const sent = frames.slice(from);
    expect(sent.some((f) => f.direction === 'out' && f.xml.includes('<hello/>'))).toBe(true);
    expect(sent.some((f) => f.direction === 'in' && f.xml.includes('<greeting>'))).toBe(true);
    expect(await p.check(['keepalive-after.com'])).toHaveLength(1);
    await p.close();
  });

  it('throws a typed EppError with the code when the registry answers 2400', async () => {
    await simFaults.set({ failShare: 1 });
    const err = await a.check(['fault-2400.com']).catch((e) => e);
    expect(err).toBeInstanceOf(EppError);
    expect(err.code).toBe(2400);
  });

  it('replaces a dropped session: a check is retried once, a create reports the lost connection', async () => {
    const name = await freeName(a, 'com', 'drop');
    await simFaults.set({ dropShare: 1 });
    const err = await a.create({ name, authInfo: 'Dropped-Code-1' }).catch((e) => e);
    expect(err).toBeInstanceOf(EppConnectionError);
    await simFaults.reset();
    expect((await a.check([`${name}`]))[0].name).toBe(name);
  });

  it('gives up after the command timeout with EppTimeoutError and works again afterwards', async () => {
    const p = client(REGISTRAR_A, undefined, { poolSize: 1, commandTimeoutMs: 300 });
    await p.check(['before-timeout.com']);
    await simFaults.set({ latencyMs: 800 });
    await expect(p.check(['slow.com'])).rejects.toBeInstanceOf(EppTimeoutError);
    await simFaults.reset();
    expect(await p.check(['after-timeout.com'])).toHaveLength(1);
    await p.close();
  });

  it('fails the connect when the TLS handshake is slower than the connect timeout', async () => {
    await simFaults.set({ handshakeDelayMs: 1_000 });
    const p = client(REGISTRAR_A, undefined, { poolSize: 1, connectTimeoutMs: 300 });
    await expect(p.check(['slow-handshake.com'])).rejects.toBeInstanceOf(EppConnectionError);
    await p.close();
  });
});

describe(EppModule.name, () => {
  it('provides the pool configured from the environment, with the sink a service gives it, and closes it at shutdown', async () => {
    const sinkMem = new MemoryRegistrarLogSink();
    const moduleRef = await Test.createTestingModule({
      imports: [EppModule.forRoot({ sinkProvider: { provide: REGISTRAR_LOG_SINK, useValue: sinkMem } })],
    }).compile();
    const app = moduleRef.createNestApplication();
    app.enableShutdownHooks();
    await app.init();
    const epp = app.get<EppClientPool>(EPP_CLIENT);
    expect(epp.options.port).toBe(Number(process.env.EPP_PORT));
    expect((await epp.check(['nest-module.com']))[0].name).toBe('nest-module.com');
    expect(sinkMem.entries.map((e) => e.actionType)).toEqual(['domain:check']);
    await app.close();
    await expect(epp.check(['after-close.com'])).rejects.toBeInstanceOf(EppConnectionError);
  });
});
