import { OnWorkerEvent, Processor, WorkerHost } from '@nestjs/bullmq';
import { Logger } from '@nestjs/common';
import { Job, UnrecoverableError } from 'bullmq';
import { JobName, QueueName } from '@registrar/contracts';
import { ProcessWhoisMailJob } from './process-whois-mail.job';

/** The job names of QueueName.WhoisMail; each must have exactly one handler, or the service refuses to start. */
export const WHOIS_MAIL_JOB_NAMES: readonly JobName[] = [JobName.ProcessWhoisMail];

export function assertHandlers(names: readonly string[], handlers: { jobName: string }[]): void {
  for (const name of names) {
    const n = handlers.filter((h) => h.jobName === name).length;
    if (n !== 1) throw new Error(`job ${name} of queue ${QueueName.WhoisMail} has ${n} handlers; exactly one is required`);
  }
  const stray = handlers.filter((h) => !names.includes(h.jobName));
  if (stray.length) throw new Error(`handlers for unknown jobs on ${QueueName.WhoisMail}: ${stray.map((h) => h.jobName).join(', ')}`);
}

/** The worker of QueueName.WhoisMail (@nestjs/bullmq). Concurrency: WHOIS_MAIL_CONCURRENCY. */
@Processor(QueueName.WhoisMail, { concurrency: Number(process.env.WHOIS_MAIL_CONCURRENCY ?? 8) })
export class WhoisMailProcessor extends WorkerHost {
  private readonly logger = new Logger(WhoisMailProcessor.name);
  private readonly handlers: Map<string, { handle(data: any, attempt: { attemptsMade: number; attempts: number }): Promise<unknown> }>;

  constructor(process: ProcessWhoisMailJob) {
    super();
    const list = [{ jobName: ProcessWhoisMailJob.jobName, handler: process }];
    assertHandlers(WHOIS_MAIL_JOB_NAMES, list);
    this.handlers = new Map(list.map((h) => [h.jobName, h.handler]));
  }

  async process(job: Job): Promise<unknown> {
    const handler = this.handlers.get(job.name);
    if (!handler) throw new UnrecoverableError(`no handler for job ${job.name}`);
    return handler.handle(job.data, { attemptsMade: job.attemptsMade, attempts: job.opts.attempts ?? 1 });
  }

  @OnWorkerEvent('failed')
  onFailed(job: Job | undefined, err: Error): void {
    this.logger.warn(`${job?.name} ${job?.id} attempt ${job?.attemptsMade} failed: ${err.message}`);
  }
}
