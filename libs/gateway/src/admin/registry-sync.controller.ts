import { Controller, Get, HttpCode, Inject, Param, ParseIntPipe, Post, Req } from '@nestjs/common';
import { ClientProxy } from '@nestjs/microservices';
import type { Request } from 'express';
import { DOMAIN_OPS_CLIENT, RegistryComparison, RegistrySyncJobState, RegistrySyncPatterns } from '@registrar/contracts';
import { Admin, AuthedRequest, audit, AuditAction, ReadOnlyCall } from '@registrar/identity';
import { adminRpc } from './admin-rpc';

/**
 * The admin domain page's comparison of our record with the registry's, and its one-click resynchronisation: a job on
 * the domain-ops queue, written to the admin audit log (docs/registry-sync.md).
 */
@Controller('admin/api/domains')
@Admin()
export class RegistrySyncController {
  constructor(@Inject(DOMAIN_OPS_CLIENT) private readonly domainOps: ClientProxy) {}

  @Get(':id/registry')
  @ReadOnlyCall()
  async compare(@Req() req: AuthedRequest, @Param('id', ParseIntPipe) id: number) {
    const comparison = await adminRpc<RegistryComparison | null>(this.domainOps, RegistrySyncPatterns.Compare, { id, adminId: req.user!.id }, 30_000);
    return { result: true, comparison };
  }

  @Post(':id/registry/resync')
  @HttpCode(200)
  @AuditAction('domains.registry-resync')
  async resync(@Req() req: AuthedRequest, @Param('id', ParseIntPipe) id: number) {
    const r = await adminRpc<{ jobId: string }>(this.domainOps, RegistrySyncPatterns.Resync, { id, adminId: req.user!.id }, 30_000);
    audit(req as Request, { target: String(id), after: { jobId: r.jobId } });
    return { result: true, jobId: r.jobId };
  }

  @Get(':id/registry/resync/:jobId')
  @ReadOnlyCall()
  async job(@Param('id', ParseIntPipe) _id: number, @Param('jobId') jobId: string) {
    const state = await adminRpc<RegistrySyncJobState>(this.domainOps, RegistrySyncPatterns.JobState, { jobId }, 30_000);
    return { state: state.state, result: state.result, error: state.error };
  }
}
