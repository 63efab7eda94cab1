import { Processor } from '@nestjs/bullmq';
import { JobName, QueueName } from '@registrar/contracts';
import { JobRouter, WORKER_RESILIENCE } from '@registrar/infra';
import { WhoisMailConfig } from '../whois-mail.config';
import { ProcessWhoisMailJob } from './process-whois-mail.job';

/** The job names of QueueName.WhoisMailBatches and QueueName.WhoisMail; each has exactly one handler, or the service refuses to start. */
export const WHOIS_MAIL_JOB_NAMES: readonly JobName[] = [JobName.ProcessWhoisMail];

/**
 * The worker of QueueName.WhoisMailBatches (docs/jobs.md): every processing job this release queues (a stored batch,
 * a type change). Concurrency: WHOIS_MAIL_CONCURRENCY per replica.
 */
@Processor(QueueName.WhoisMailBatches, WORKER_RESILIENCE)
export class WhoisMailProcessor extends JobRouter {
  constructor(private readonly config: WhoisMailConfig, process: ProcessWhoisMailJob) {
    super(QueueName.WhoisMailBatches, WHOIS_MAIL_JOB_NAMES, [{ jobName: ProcessWhoisMailJob.jobName, handler: process }]);
  }

  protected override concurrency(): number {
    return this.config.WHOIS_MAIL_CONCURRENCY;
  }
}

/**
 * The worker of QueueName.WhoisMail, the queue of releases before the batch jobs (ADR 0044): this release adds nothing
 * there, and runs, with the same handler, the one-mail jobs (`{ emailId }`) an older replica still adds during a
 * rolling upgrade. The batch jobs are on a queue older replicas do not consume, so none of them can land on code
 * that cannot run it.
 */
@Processor(QueueName.WhoisMail, WORKER_RESILIENCE)
export class LegacyWhoisMailProcessor extends JobRouter {
  constructor(private readonly config: WhoisMailConfig, process: ProcessWhoisMailJob) {
    super(QueueName.WhoisMail, WHOIS_MAIL_JOB_NAMES, [{ jobName: ProcessWhoisMailJob.jobName, handler: process }]);
  }

  protected override concurrency(): number {
    return this.config.WHOIS_MAIL_CONCURRENCY;
  }
}
