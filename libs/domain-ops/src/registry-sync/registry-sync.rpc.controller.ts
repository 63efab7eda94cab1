import { Controller, UseFilters } from '@nestjs/common';
import { InjectQueue } from '@nestjs/bullmq';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Job, Queue } from 'bullmq';
import { DomainOpsErrorCode, JobName, QueueName, RegistryComparison, RegistryResyncJobData, RegistrySyncJobState, RegistrySyncPatterns, RegistrySyncResult } from '@registrar/contracts';
import { RS } from '@registrar/messages';
import { DomainOpsException } from '../shared/common/domain-ops.exception';
import { DomainOpsRpcErrorFilter } from '../shared/common/rpc-errors.filter';
import { RegistrySyncService } from './registry-sync.service';

const idOf = (v: unknown): number => {
  const n = Number(v);
  if (!Number.isSafeInteger(n) || n <= 0) throw new DomainOpsException(DomainOpsErrorCode.Invalid, 'id');
  return n;
};

/** The admin domain page's comparison with the registry and its resynchronisation job (docs/registry-sync.md). */
@Controller()
@UseFilters(DomainOpsRpcErrorFilter)
export class RegistrySyncRpcController {
  constructor(
    private readonly sync: RegistrySyncService,
    @InjectQueue(QueueName.DomainOpsRegistrySync) private readonly queue: Queue,
    /** the queue of before ADR 0036: a resynchronisation asked of an older release may still be there */
    @InjectQueue(QueueName.DomainOps) private readonly oldQueue: Queue,
  ) {}

  @MessagePattern(RegistrySyncPatterns.Compare)
  async compare(@Payload() req: { id: unknown; adminId?: number }): Promise<RegistryComparison | null> {
    try {
      return await this.sync.compare(idOf(req?.id), Number(req?.adminId) || null);
    } catch (e) {
      if (e instanceof DomainOpsException) throw e;
      throw new DomainOpsException(DomainOpsErrorCode.Internal, RS.checkFailed);
    }
  }

  @MessagePattern(RegistrySyncPatterns.Resync)
  async resync(@Payload() req: { id: unknown; adminId?: number }): Promise<{ jobId: string }> {
    const id = idOf(req?.id);
    if (!(await this.sync.row(id))) throw new DomainOpsException(DomainOpsErrorCode.NotFound, RS.checkFailed);
    const job = await this.queue.add(JobName.RegistryResync, { domainId: id, adminId: Number(req?.adminId) || null } satisfies RegistryResyncJobData, {
      attempts: 1, removeOnComplete: { age: 3600 }, removeOnFail: { age: 24 * 3600 },
    });
    return { jobId: String(job.id) };
  }

  @MessagePattern(RegistrySyncPatterns.JobState)
  async jobState(@Payload() req: { jobId: unknown }): Promise<RegistrySyncJobState> {
    const jobId = String(req?.jobId ?? '');
    const ofName = (j: Job | undefined) => (j?.name === JobName.RegistryResync ? j : undefined);
    const job = /^\d{1,18}$/.test(jobId) ? ofName(await this.queue.getJob(jobId)) ?? ofName(await this.oldQueue.getJob(jobId)) : undefined;
    if (!job) return { state: 'unknown', result: null, error: null };
    const state = await job.getState();
    if (state === 'completed') return { state, result: job.returnvalue as RegistrySyncResult, error: null };
    if (state === 'failed') return { state, result: null, error: RS.resyncFailed };
    return { state: state === 'active' ? 'active' : 'waiting', result: null, error: null };
  }
}
