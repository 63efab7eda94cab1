import { Injectable } from '@nestjs/common';
import { CompleteOperationJobData, JobName } from '@registrar/contracts';
import { OperationRepository } from './operation.repository';

/** The parent of an operation run's flow: runs once every DomainOperation child has ended, and closes the run. */
@Injectable()
export class CompleteOperationJob {
  static readonly jobName = JobName.CompleteOperation;

  constructor(private readonly ops: OperationRepository) {}

  async handle(data: CompleteOperationJobData): Promise<{ runId: string; done: number }> {
    await this.ops.finishRun(data.runId);
    return { runId: data.runId, done: await this.ops.ended(data.runId) };
  }
}
