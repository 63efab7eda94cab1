import 'reflect-metadata';
import { JobName, QueueName } from '@registrar/contracts';
import { WORKER_RESILIENCE } from '@registrar/infra';
import { DOMAIN_OPS_JOB_NAMES, DOMAIN_OPS_QUEUES, domainOpsQueueOf } from './domain-ops.module';
import { LIFECYCLE_JOBS } from './lifecycle';
import { PORTFOLIO_JOBS } from './portfolio';
import { REGISTRY_SYNC_JOBS } from './registry-sync';
import type { DomainOpsConfig } from './shared/domain-ops.config';
import { FeatureProcessor } from './shared/queue/domain-ops.processor';
import { WHOIS_JOBS } from './whois';

const FEATURES = [WHOIS_JOBS, PORTFOLIO_JOBS, LIFECYCLE_JOBS, REGISTRY_SYNC_JOBS];

describe('domain-ops jobs composed of the features, each on its own queue (ADR 0035, ADR 0036)', () => {
  it('runs the sixteen job names of before the split and the two of the checkout (ADR 0041), each owned by exactly one feature', () => {
    expect([...DOMAIN_OPS_JOB_NAMES].sort()).toEqual([
      JobName.RegistrationFollowUp, JobName.ProxyReserveRefill,
      JobName.RegisterDomain, JobName.CompleteOrder, JobName.WhoisChange, JobName.WhoisPendingSweep, JobName.RenewDomain, JobName.CompleteRenewal,
      JobName.DomainOperation, JobName.CompleteOperation, JobName.ExpireMoveRequests, JobName.AutoRenewSweep, JobName.ExpiryNoticeSweep,
      JobName.ProvisionalDeadlineSweep, JobName.DrainPollMessages, JobName.ExpireTransfers, JobName.ReconcileMoney, JobName.RegistryResync,
    ].sort());
    expect(new Set(DOMAIN_OPS_JOB_NAMES).size).toBe(DOMAIN_OPS_JOB_NAMES.length);
  });

  it('gives each feature one handler per job name it owns', () => {
    for (const f of FEATURES) expect(f.handlers.map((h) => h.jobName).sort()).toEqual([...f.names].sort());
  });

  it('gives each feature its own queue, none of them the old shared one', () => {
    expect(FEATURES.map((f) => [f.feature, f.queue])).toEqual([
      ['whois', QueueName.DomainOpsWhois], ['portfolio', QueueName.DomainOpsPortfolio],
      ['lifecycle', QueueName.DomainOpsLifecycle], ['registry-sync', QueueName.DomainOpsRegistrySync],
    ]);
    expect(DOMAIN_OPS_QUEUES).toEqual(FEATURES.map((f) => f.queue));
    expect(DOMAIN_OPS_QUEUES).not.toContain(QueueName.DomainOps);
    // a flow's parent and its children live on one feature's queue
    expect([domainOpsQueueOf(JobName.CompleteOrder), domainOpsQueueOf(JobName.RegisterDomain)]).toEqual([QueueName.DomainOpsLifecycle, QueueName.DomainOpsLifecycle]);
    expect([domainOpsQueueOf(JobName.CompleteRenewal), domainOpsQueueOf(JobName.RenewDomain)]).toEqual([QueueName.DomainOpsLifecycle, QueueName.DomainOpsLifecycle]);
    expect([domainOpsQueueOf(JobName.CompleteOperation), domainOpsQueueOf(JobName.DomainOperation)]).toEqual([QueueName.DomainOpsPortfolio, QueueName.DomainOpsPortfolio]);
    expect(() => domainOpsQueueOf(JobName.SendMail)).toThrow('send-mail is no domain-ops job');
  });

  it('gives each feature a worker on its own queue, with the lock and stall settings of every worker', () => {
    for (const f of FEATURES) {
      expect([f.feature, Reflect.getMetadata('bullmq:processor_metadata', f.processor)?.name]).toEqual([f.feature, f.queue]);
      expect([f.feature, Reflect.getMetadata('bullmq:worker_metadata', f.processor)]).toEqual([f.feature, expect.objectContaining(WORKER_RESILIENCE)]);
    }
  });

  it('refuses to start a feature worker whose @Processor queue is not the feature\'s', async () => {
    const config = { REGISTER_CONCURRENCY: 8, OPERATION_CONCURRENCY: 32 } as DomainOpsConfig;
    const routes = WHOIS_JOBS.names.map((jobName) => ({ jobName, handler: { handle: async () => null } }));
    class Misplaced extends FeatureProcessor {
      constructor() {
        super(config, WHOIS_JOBS, routes);
      }
    }
    const w = new Misplaced();
    (w as unknown as { _worker: unknown })._worker = { name: QueueName.DomainOpsLifecycle, opts: WORKER_RESILIENCE };
    await expect(w.onApplicationBootstrap()).rejects.toThrow('Misplaced works domain-ops-lifecycle, but its feature\'s jobs are on domain-ops-whois');
  });

  it('keeps the schedules (ids, jobs, timing) of before the split', () => {
    const config = {
      WHOIS_SWEEP_EVERY_S: 60, PROXY_RESERVE_SIZE: 100, PROXY_RESERVE_EVERY_S: 30, MOVE_SWEEP_EVERY_S: 300, POLL_EVERY_S: 30, TRANSFER_SWEEP_EVERY_S: 3600, MONEY_RECONCILE_EVERY_S: 600,
      AUTO_RENEW_CRON: '0 3 * * *', EXPIRY_NOTICE_CRON: '0 9 * * *', PROVISIONAL_DEADLINE_CRON: '',
    } as DomainOpsConfig;
    const before = Date.now();
    const all = FEATURES.flatMap((f) => f.schedules?.(config) ?? []);
    expect(all.map((s) => [s.id, s.name, 'every' in s ? s.every : `${s.pattern} ${s.tz}`])).toEqual([
      ['whois-pending-sweep', JobName.WhoisPendingSweep, 60_000],
      // the reserve of proxy contacts (ADR 0041), and its clean-up of another mail domain's contacts (ADR 0045)
      ['proxy-reserve-refill', JobName.ProxyReserveRefill, 30_000],
      ['expire-move-requests', JobName.ExpireMoveRequests, 300_000],
      ['poll-messages', JobName.DrainPollMessages, 30_000],
      ['expire-transfers', JobName.ExpireTransfers, 3_600_000],
      // the registrations' follow-ups a lost run missed (ADR 0041)
      ['registration-follow-ups', JobName.RegistrationFollowUp, 10_000],
      ['auto-renew', JobName.AutoRenewSweep, '0 3 * * * Asia/Tokyo'],
      ['expiry-notices', JobName.ExpiryNoticeSweep, '0 9 * * * Asia/Tokyo'],
      // an empty pattern removes the scheduler
      ['provisional-deadline', JobName.ProvisionalDeadlineSweep, ' Asia/Tokyo'],
      ['money-reconciler', JobName.ReconcileMoney, 600_000],
    ]);
    // the reconciler's first pass one interval after the upsert, counted at each upsert
    const money = all.find((s) => s.id === 'money-reconciler') as { startDate: number };
    expect(money.startDate).toBeGreaterThanOrEqual(before + 600_000);
    // with the reserve off, the run stays scheduled: it still deletes the reserve contacts of another mail domain
    const off = FEATURES.flatMap((f) => f.schedules?.({ ...config, PROXY_RESERVE_SIZE: 0 } as DomainOpsConfig) ?? []);
    expect(off.find((s) => s.id === 'proxy-reserve-refill')).toMatchObject({ name: JobName.ProxyReserveRefill, every: 30_000 });
  });
});
