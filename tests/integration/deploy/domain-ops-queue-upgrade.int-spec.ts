/**
 * The upgrade to a queue per domain-ops feature (ADR 0036), with real Redis and PostgreSQL: what an older release left
 * on the one queue `domain-ops` (a bulk operation's flow, a waiting job, a delayed one, a job scheduler) is run once by
 * the new release, by name and in place; the old scheduler is gone and re-created on the feature's queue; the drain
 * pauses when the old queue is empty, and runs again when an old replica (a rolling upgrade) adds one more job.
 */
import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { INestMicroservice } from '@nestjs/common';
import { FlowProducer, Queue, QueueEvents } from 'bullmq';
import { Client } from 'pg';
import { JobName, QueueName } from '@registrar/contracts';
import { DomainOpsServiceModule, LegacyQueueDrain } from '@registrar/domain-ops';
import { redisOptions, startService } from '@registrar/infra';
import { waitFor } from '../scheduled-jobs';

jest.setTimeout(120_000);

describe('domain-ops upgrade: the old shared queue drained into the features', () => {
  const o = redisOptions(process.env.REDIS_URL!);
  const connection = { host: o.host, port: o.port, password: o.password, db: o.db, maxRetriesPerRequest: null };
  const userId = 900_000 + Math.floor(Math.random() * 90_000);
  const tag = Date.now().toString(36);
  const runId = randomUUID();
  let db: Client;
  let svc: INestMicroservice | undefined;
  let old: Queue;
  let events: QueueEvents;
  const completed = new Map<string, number>();
  const failed: string[] = [];
  const domainIds: number[] = [];

  beforeAll(async () => {
    process.env.NODE_ENV = 'test';
    process.env.LEGACY_DRAIN_CHECK_S = '1';
    db = new Client({ connectionString: process.env.DATABASE_URL });
    await db.connect();
    // the schema as the service migrates it (a database the older release used)
    svc = await startService('domain-ops', DomainOpsServiceModule, process.env.REDIS_URL);
    await svc.close();
    svc = undefined;

    old = new Queue(QueueName.DomainOps, { connection });
    events = new QueueEvents(QueueName.DomainOps, { connection });
    events.on('completed', ({ jobId }) => completed.set(jobId, (completed.get(jobId) ?? 0) + 1));
    events.on('failed', ({ jobId, failedReason }) => failed.push(`${jobId}: ${failedReason}`));
    await events.waitUntilReady();

    // a member's memo run over two domains, accepted by the older release: its flow is on the old queue
    for (const n of ['a', 'b']) {
      const name = `upgrade-${tag}-${n}.com`;
      const r = await db.query(`INSERT INTO domain_ops.domains (user_id, name, idn, punycode, tld, status) VALUES ($1, $2, $2, $2, 'com', 'active') RETURNING id`, [userId, name]);
      domainIds.push(Number(r.rows[0].id));
    }
    await db.query(`INSERT INTO domain_ops.operation_runs (id, user_id, kind, params, total) VALUES ($1, $2, 'memo', '{}', 2)`, [runId, userId]);
    for (const [i, id] of domainIds.entries()) {
      await db.query(`INSERT INTO domain_ops.operation_items (run_id, domain_id, position, name, idn, status, params) VALUES ($1, $2, $3, 'x', 'x', 'queued', $4)`,
        [runId, id, i, JSON.stringify({ content: `メモ ${i}` })]);
    }
    const flows = new FlowProducer({ connection });
    await flows.add({
      name: JobName.CompleteOperation, queueName: QueueName.DomainOps, data: { runId }, opts: { jobId: `op-${runId}` },
      children: domainIds.map((domainId) => ({ name: JobName.DomainOperation, queueName: QueueName.DomainOps, data: { runId, domainId }, opts: { jobId: `op-${runId}-${domainId}` } })),
    });
    await flows.close();
    // a sweep waiting, another delayed (a retry's backoff), and the old release's job scheduler
    await old.add(JobName.ExpireMoveRequests, {}, { jobId: `old-sweep-${tag}` });
    await old.add(JobName.WhoisPendingSweep, {}, { jobId: `old-delayed-${tag}`, delay: 1_500 });
    await old.upsertJobScheduler('whois-pending-sweep', { every: 3_600_000, startDate: Date.now() + 3_600_000 }, { name: JobName.WhoisPendingSweep, data: {}, opts: {} });
    expect((await old.getJobSchedulers()).map((s) => s.key)).toContain('whois-pending-sweep');

    svc = await startService('domain-ops', DomainOpsServiceModule, process.env.REDIS_URL);
  });

  afterAll(async () => {
    delete process.env.LEGACY_DRAIN_CHECK_S;
    await svc?.close();
    await events?.close();
    await old?.close();
    await db?.query('DELETE FROM domain_ops.operation_runs WHERE id = $1', [runId]);
    await db?.query('DELETE FROM domain_ops.domains WHERE user_id = $1', [userId]);
    await db?.end();
  });

  it('runs every job an older release left, once, with the feature’s handler', async () => {
    const ids = [`op-${runId}`, ...domainIds.map((d) => `op-${runId}-${d}`), `old-sweep-${tag}`, `old-delayed-${tag}`];
    await waitFor('the old queue’s jobs completed', async () => ids.every((id) => completed.has(id)), 60_000);
    expect(failed).toEqual([]);
    for (const id of ids) expect([id, completed.get(id)]).toEqual([id, 1]);
    // the flow's children ran the memo operation, then its parent closed the run
    expect((await db.query('SELECT memo FROM domain_ops.domains WHERE id = ANY($1) ORDER BY id', [domainIds])).rows.map((r) => r.memo)).toEqual(['メモ 0', 'メモ 1']);
    expect((await db.query('SELECT status FROM domain_ops.operation_items WHERE run_id = $1', [runId])).rows.map((r) => r.status)).toEqual(['success', 'success']);
    expect((await db.query('SELECT finished_at FROM domain_ops.operation_runs WHERE id = $1', [runId])).rows[0].finished_at).not.toBeNull();
    expect((await old.getJob(`old-sweep-${tag}`))?.returnvalue).toEqual({ expired: 0 });
  });

  it('moves the job schedulers from the old queue to the features’ own', async () => {
    expect(await old.getJobSchedulers()).toEqual([]);
    const whois = new Queue(QueueName.DomainOpsWhois, { connection });
    const lifecycle = new Queue(QueueName.DomainOpsLifecycle, { connection });
    try {
      expect((await whois.getJobSchedulers()).map((s) => s.key)).toContain('whois-pending-sweep');
      expect((await lifecycle.getJobSchedulers()).map((s) => s.key)).toEqual(expect.arrayContaining(['auto-renew', 'expiry-notices', 'provisional-deadline']));
    } finally {
      await whois.close();
      await lifecycle.close();
    }
  });

  it('pauses the drain once the old queue is empty, and runs again what an old replica adds', async () => {
    const drain = svc!.get(LegacyQueueDrain);
    await waitFor('the drain paused', async () => drain.worker.isPaused(), 30_000);
    const left = await old.getJobCounts('active', 'waiting', 'delayed', 'prioritized', 'waiting-children');
    expect(Object.values(left).reduce((a, b) => a + b, 0)).toBe(0);
    // a replica of the older release, still up during a rolling upgrade, accepts one more sweep
    await old.add(JobName.ExpireMoveRequests, {}, { jobId: `late-${tag}` });
    await waitFor('the late job completed', async () => completed.has(`late-${tag}`), 30_000);
    expect(completed.get(`late-${tag}`)).toBe(1);
    await waitFor('the drain paused again', async () => drain.worker.isPaused(), 30_000);
  });
});
