import { JobName } from '@registrar/contracts';
import type { FeatureJobs } from '../shared/queue/domain-ops.queue';
import { MoneyReconcilerJob } from './reconcile/money-reconciler.job';
import { RegistryResyncJob } from './registry-sync.job';

const MONEY_RECONCILE_SCHEDULER = 'money-reconciler';

/** Registry sync and reconciliation's jobs on QueueName.DomainOps: the admin's resynchronisation, and the money reconciler. */
export const REGISTRY_SYNC_JOBS: FeatureJobs = {
  feature: 'registry-sync',
  names: [JobName.ReconcileMoney, JobName.RegistryResync],
  handlers: [MoneyReconcilerJob, RegistryResyncJob],
  schedules: (config) => {
    // stuck orders and renewals, spends with neither a delivery nor a refund (docs/payments.md); the first pass one
    // interval after boot (after each upsert), once the services it asks (orders) have had time to start
    const every = config.MONEY_RECONCILE_EVERY_S * 1000;
    return [{ id: MONEY_RECONCILE_SCHEDULER, name: JobName.ReconcileMoney, every, startDate: Date.now() + every, opts: { removeOnComplete: 20, removeOnFail: 50 } }];
  },
};
