import { Controller, UseFilters } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  ActionLogRow, AdminDomainInfoResult, AdminOpsPatterns, AdminPaged, AdminPatterns, ApiCommandRequest, ApiCommandResult, ConsoleHistoryRow,
  DomainImportRequest, DomainImportResult, RegistrarLogRow, StatsResult,
} from '@registrar/contracts';
import { AdminRpcErrorFilter } from './admin-rpc-errors.filter';
import { AdminRepository } from './admin.repository';
import { DomainOpsPort } from './domain-ops.port';

/**
 * The admin service's calls (the gateway's admin controllers check roles and validate the screens' input first).
 * Statistics, logs and domain info come from domain-ops, which owns the domains and the logs; every command-console
 * run and every import run is also kept here, in the admin schema.
 */
@Controller()
@UseFilters(AdminRpcErrorFilter)
export class AdminRpcController {
  constructor(private readonly domainOps: DomainOpsPort, private readonly repo: AdminRepository) {}

  @MessagePattern(AdminPatterns.DomainStats)
  stats(@Payload() req: unknown): Promise<StatsResult> {
    return this.domainOps.stats<StatsResult>(req ?? {});
  }

  @MessagePattern(AdminPatterns.RegistrarLog)
  registrarLog(@Payload() req: unknown): Promise<AdminPaged<RegistrarLogRow>> {
    return this.domainOps.call(AdminOpsPatterns.RegistrarLog, req ?? {}, 15_000);
  }

  @MessagePattern(AdminPatterns.ActionLog)
  actionLog(@Payload() req: unknown): Promise<AdminPaged<ActionLogRow>> {
    return this.domainOps.call(AdminOpsPatterns.ActionLog, req ?? {}, 15_000);
  }

  /** One allow-listed, read-only EPP command (run by domain-ops' EPP client, in its registrar log), kept in the history. */
  @MessagePattern(AdminPatterns.ApiCommand)
  async apiCommand(@Payload() req: ApiCommandRequest): Promise<ApiCommandResult> {
    const r = await this.domainOps.call<ApiCommandResult>(AdminOpsPatterns.ApiCommand, req, 55_000);
    await this.repo.recordCommand(Number(req?.adminId) || null, String(req?.params?.command ?? ''), (req?.params ?? {}) as Record<string, unknown>, r.error);
    return r;
  }

  @MessagePattern(AdminPatterns.ConsoleHistory)
  consoleHistory(@Payload() req: { page?: number }): Promise<AdminPaged<ConsoleHistoryRow>> {
    return this.repo.consoleHistory(Number(req?.page) || 1);
  }

  @MessagePattern(AdminPatterns.DomainInfo)
  domainInfo(@Payload() req: { name: string; adminId?: number }): Promise<AdminDomainInfoResult> {
    return this.domainOps.call(AdminOpsPatterns.DomainInfo, req, 25_000);
  }

  @MessagePattern(AdminPatterns.DomainById)
  domainById(@Payload() req: { id: number; adminId?: number; registry?: boolean }): Promise<AdminDomainInfoResult> {
    return this.domainOps.call(AdminOpsPatterns.DomainById, req, 25_000);
  }

  /** An import run: domain-ops verifies each name at the registry and records the domains; the run is kept here. */
  @MessagePattern(AdminPatterns.DomainImport)
  async domainImport(@Payload() req: DomainImportRequest): Promise<DomainImportResult> {
    const r = await this.domainOps.call<DomainImportResult>(AdminOpsPatterns.DomainImport, req, 110_000);
    await this.repo.recordImport(Number(req?.adminId) || null, Number(req?.userId), (req?.domainNames ?? []).map(String), r);
    return r;
  }
}
