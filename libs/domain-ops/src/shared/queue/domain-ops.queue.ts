import type { Provider, Type } from '@nestjs/common';
import type { JobName, QueueName } from '@registrar/contracts';
import type { JobHandler, JobRoute } from '@registrar/infra';
import { DomainOpsConfig } from '../domain-ops.config';

export type { JobAttempt } from '@registrar/infra';

/**
 * The flow producer of the lifecycle's order and renewal flows (registered with BullModule.registerFlowProducer; a
 * parent job with one child per domain, both on QueueName.DomainOpsLifecycle).
 */
export const DOMAIN_OPS_FLOWS = 'domain-ops-flows';

/** One job scheduler of a feature's queue, upserted by id on every replica (removed when `every`/`pattern` is off). */
export type DomainOpsSchedule =
  | { id: string; name: JobName; every: number; startDate?: number; opts: Record<string, unknown> }
  | { id: string; name: JobName; pattern: string; tz: string; opts: Record<string, unknown> };

/**
 * What one feature runs on its own queue (ADR 0036): the queue, the job names it owns, one handler class per name
 * (each with a static `jobName`), its worker (a `FeatureProcessor` subclass with `@Processor(queue)`, in the
 * feature's folder) and its schedules. The composition (domain-ops.module.ts) hands every feature's part to the shared
 * plumbing (`featureJobProviders`, `DomainOpsSchedules`, `LegacyQueueDrain`), which never imports a feature.
 */
export interface FeatureJobs {
  readonly feature: string;
  readonly queue: QueueName;
  readonly names: readonly JobName[];
  readonly handlers: readonly (Type<JobHandler> & { readonly jobName: JobName })[];
  readonly processor: Type;
  readonly schedules?: (config: DomainOpsConfig) => DomainOpsSchedule[];
}

/** Every feature's FeatureJobs (the schedules and the drain of the old queue read them). */
export const DOMAIN_OPS_FEATURES = Symbol('DOMAIN_OPS_FEATURES');
/** The routes of every feature's handlers (the drain of the old queue runs any of them). */
export const DOMAIN_OPS_JOB_ROUTES = Symbol('DOMAIN_OPS_JOB_ROUTES');

/** The injection token of one feature queue's routes (its worker injects them). */
export function featureRoutesToken(queue: QueueName): string {
  return `domain-ops routes of ${queue}`;
}

/** The job names of the given features, in their order. */
export function jobNamesOf(features: readonly FeatureJobs[]): JobName[] {
  return features.flatMap((f) => f.names);
}

/** Which feature queue runs a job name (the features' lists; a name of no feature is undefined). */
export function queueOfJob(features: readonly FeatureJobs[], name: string): QueueName | undefined {
  return features.find((f) => (f.names as readonly string[]).includes(name))?.queue;
}

/**
 * The providers of the features' jobs: each feature's handlers, its routes (for its worker) and its worker; and, for
 * the shared schedules and the old queue's drain, the list of features and every route.
 */
export function featureJobProviders(features: readonly FeatureJobs[]): Provider[] {
  const perFeature = features.flatMap((f): Provider[] => [
    ...f.handlers,
    {
      provide: featureRoutesToken(f.queue),
      useFactory: (...instances: JobHandler[]): JobRoute[] => instances.map((handler, i) => ({ jobName: f.handlers[i].jobName, handler })),
      inject: [...f.handlers],
    },
    f.processor,
  ]);
  return [
    ...perFeature,
    { provide: DOMAIN_OPS_FEATURES, useValue: features },
    {
      provide: DOMAIN_OPS_JOB_ROUTES,
      useFactory: (...perQueue: JobRoute[][]): JobRoute[] => perQueue.flat(),
      inject: features.map((f) => featureRoutesToken(f.queue)),
    },
  ];
}
