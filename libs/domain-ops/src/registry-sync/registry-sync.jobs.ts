import { Inject } from '@nestjs/common';
import { Processor } from '@nestjs/bullmq';
import { JobName, QueueName } from '@registrar/contracts';
import { JobRoute, WORKER_RESILIENCE } from '@registrar/infra';
import { DomainOpsConfig } from '../shared/domain-ops.config';
import { FeatureProcessor } from '../shared/queue/domain-ops.processor';
import { featureRoutesToken, type FeatureJobs } from '../shared/queue/domain-ops.queue';
import { MoneyReconcilerJob } from './reconcile/money-reconciler.job';
import { RegistryResyncJob } from './registry-sync.job';

const MONEY_RECONCILE_SCHEDULER = 'money-reconciler';

/** The worker of QueueName.DomainOpsRegistrySync: the feature's handlers, at the concurrency of every domain-ops worker. */
@Processor(QueueName.DomainOpsRegistrySync, WORKER_RESILIENCE)
export class RegistrySyncProcessor extends FeatureProcessor {
  constructor(config: DomainOpsConfig, @Inject(featureRoutesToken(QueueName.DomainOpsRegistrySync)) routes: JobRoute[]) {
    super(config, REGISTRY_SYNC_JOBS, routes);
  }
}

/**
 * Registry sync and reconciliation's jobs, on their own queue QueueName.DomainOpsRegistrySync: the admin's
 * resynchronisation, and the money reconciler.
 */
export const REGISTRY_SYNC_JOBS: FeatureJobs = {
  queue: QueueName.DomainOpsRegistrySync,
  processor: RegistrySyncProcessor,
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
