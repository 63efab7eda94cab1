import { Processor } from '@nestjs/bullmq';
import { JobName, QueueName } from '@registrar/contracts';
import { JobRouter, WORKER_RESILIENCE } from '@registrar/infra';
import { WhoisMailConfig } from '../whois-mail.config';
import { ProcessWhoisMailJob } from './process-whois-mail.job';

/** The job names of QueueName.WhoisMail; each has exactly one handler, or the service refuses to start. */
export const WHOIS_MAIL_JOB_NAMES: readonly JobName[] = [JobName.ProcessWhoisMail];

/** The worker of QueueName.WhoisMail (docs/jobs.md). Concurrency: WHOIS_MAIL_CONCURRENCY per replica. */
@Processor(QueueName.WhoisMail, WORKER_RESILIENCE)
export class WhoisMailProcessor extends JobRouter {
  constructor(private readonly config: WhoisMailConfig, process: ProcessWhoisMailJob) {
    super(QueueName.WhoisMail, WHOIS_MAIL_JOB_NAMES, [{ jobName: ProcessWhoisMailJob.jobName, handler: process }]);
  }

  protected override concurrency(): number {
    return this.config.WHOIS_MAIL_CONCURRENCY;
  }
}
