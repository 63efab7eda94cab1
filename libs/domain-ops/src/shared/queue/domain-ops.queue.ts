import type { Provider, Type } from '@nestjs/common';
import type { JobName } from '@registrar/contracts';
import type { JobHandler, JobRoute } from '@registrar/infra';
import { DomainOpsConfig } from '../domain-ops.config';

export type { JobAttempt } from '@registrar/infra';

/**
 * The flow producer of QueueName.DomainOps (registered with BullModule.registerFlowProducer): the lifecycle's order
 * and renewal flows (a parent job with one child per domain).
 */
export const DOMAIN_OPS_FLOWS = 'domain-ops-flows';

/** One job scheduler of QueueName.DomainOps, upserted by id on every replica (removed when `every`/`pattern` is off). */
export type DomainOpsSchedule =
  | { id: string; name: JobName; every: number; startDate?: number; opts: Record<string, unknown> }
  | { id: string; name: JobName; pattern: string; tz: string; opts: Record<string, unknown> };

/**
 * What one feature runs on QueueName.DomainOps: the job names it owns, one handler class per name (each with a static
 * `jobName`), and its schedules. The features share the queue and its one worker per process (shared/queue); the
 * composition (domain-ops.module.ts) hands every feature's part to it, so the worker never imports a feature.
 */
export interface FeatureJobs {
  readonly feature: string;
  readonly names: readonly JobName[];
  readonly handlers: readonly (Type<JobHandler> & { readonly jobName: JobName })[];
  readonly schedules?: (config: DomainOpsConfig) => DomainOpsSchedule[];
}

/** The job names of every feature (the worker checks at boot that each has exactly one handler). */
export const DOMAIN_OPS_JOB_NAME_LIST = Symbol('DOMAIN_OPS_JOB_NAME_LIST');
/** The routes of every feature's handlers. */
export const DOMAIN_OPS_JOB_ROUTES = Symbol('DOMAIN_OPS_JOB_ROUTES');
/** The schedules of every feature: a function, asked again at each upsert (a `startDate` counts from then). */
export const DOMAIN_OPS_SCHEDULE_LIST = Symbol('DOMAIN_OPS_SCHEDULE_LIST');

/** The job names of the given features, in their order. */
export function jobNamesOf(features: readonly FeatureJobs[]): JobName[] {
  return features.flatMap((f) => f.names);
}

/** The providers that hand the features' jobs and schedules to the worker and the schedules (shared/queue). */
export function featureJobProviders(features: readonly FeatureJobs[]): Provider[] {
  const handlers = features.flatMap((f) => f.handlers);
  return [
    ...handlers,
    { provide: DOMAIN_OPS_JOB_NAME_LIST, useValue: jobNamesOf(features) },
    {
      provide: DOMAIN_OPS_JOB_ROUTES,
      useFactory: (...instances: JobHandler[]): JobRoute[] => instances.map((handler, i) => ({ jobName: handlers[i].jobName, handler })),
      inject: handlers,
    },
    {
      provide: DOMAIN_OPS_SCHEDULE_LIST,
      useFactory: (config: DomainOpsConfig) => (): DomainOpsSchedule[] => features.flatMap((f) => f.schedules?.(config) ?? []),
      inject: [DomainOpsConfig],
    },
  ];
}
