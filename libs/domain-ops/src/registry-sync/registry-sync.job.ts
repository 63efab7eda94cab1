import { Injectable } from '@nestjs/common';
import { JobName, RegistryResyncJobData, RegistrySyncResult } from '@registrar/contracts';
import { RegistrySyncService } from './registry-sync.service';

/** JobName.RegistryResync: one domain's resynchronisation with the registry, queued by an admin's click. */
@Injectable()
export class RegistryResyncJob {
  static readonly jobName = JobName.RegistryResync;
  constructor(private readonly sync: RegistrySyncService) {}

  handle(data: RegistryResyncJobData): Promise<RegistrySyncResult> {
    return this.sync.resync(Number(data.domainId), data.adminId ?? null);
  }
}
