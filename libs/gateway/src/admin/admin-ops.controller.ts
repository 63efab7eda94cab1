import { Body, Controller, Get, HttpCode, Inject, Param, ParseIntPipe, Post, Query, Req } from '@nestjs/common';
import { ClientProxy } from '@nestjs/microservices';
import type { Request } from 'express';
import {
  ActionLogRow, ADMIN_CLIENT, AdminDomainInfoResult, AdminPaged, AdminPatterns, ApiCommandResult, ConsoleHistoryRow, DomainImportResult, RegistrarLogRow,
} from '@registrar/contracts';
import { M } from '@registrar/messages';
import { parseApiCommand, validateActionLogSearch, validateRegistrarLogSearch } from '@registrar/rules';
import { Admin, AuthedRequest, SuperAdmin, audit, AuditAction, ReadOnlyCall } from '@registrar/identity';
import { adminRpc, fieldErrors } from './admin-rpc';
import { ScalarBody } from '../http/input-guard';

/**
 * The admin screens over the admin service (002 §7; docs/admin.md "Where it runs"): registrar log, action log, command console (super), domain info and
 * domain import (super). Bodies are read loosely (the spec's field names) and validated by the shared rules.
 */
@Controller('admin/api')
@Admin()
export class AdminOpsController {
  constructor(@Inject(ADMIN_CLIENT) private readonly admin: ClientProxy) {}

  @Post('onamae_log')
  @ScalarBody()
  @HttpCode(200)
  @ReadOnlyCall()
  async registrarLog(@Body() body: Record<string, unknown>) {
    const { value, errors } = validateRegistrarLogSearch(body ?? {});
    if (Object.keys(errors).length) throw fieldErrors(errors);
    const page = await adminRpc<AdminPaged<RegistrarLogRow>>(this.admin, AdminPatterns.RegistrarLog, value);
    return { result: true, data: { onamaeResults: page } };
  }

  @Post('action_log')
  @ScalarBody()
  @HttpCode(200)
  @ReadOnlyCall()
  async actionLog(@Body() body: Record<string, unknown>) {
    const { value, errors } = validateActionLogSearch(body ?? {});
    if (errors.length) throw fieldErrors({ message: errors });
    const page = await adminRpc<AdminPaged<ActionLogRow>>(this.admin, AdminPatterns.ActionLog, value);
    return { result: true, actionLogs: page };
  }

  /** Lines of parameter=value (an array of lines, or one text), run as one allow-listed EPP command. */
  @Post('api_command')
  @SuperAdmin()
  @HttpCode(200)
  @AuditAction('api.command')
  async apiCommand(@Req() req: AuthedRequest, @Body() body: { command?: unknown; lines?: unknown }) {
    const raw = body?.command ?? body?.lines;
    const text = Array.isArray(raw) ? raw.map(String).join('\n') : typeof raw === 'string' ? raw : '';
    const { params, errors } = parseApiCommand(text);
    if (errors.length) return { result: null, error: errors.join('\n') };
    const r = await adminRpc<ApiCommandResult>(this.admin, AdminPatterns.ApiCommand, { adminId: req.user!.id, params }, 65_000);
    audit(req as Request, { target: String(params.command), after: { error: r.error } });
    return r;
  }

  /** The command console's history (super): every command run, newest first, 50 a page. */
  @Get('api_command/history')
  @SuperAdmin()
  consoleHistory(@Query('page') page?: string) {
    return adminRpc<AdminPaged<ConsoleHistoryRow>>(this.admin, AdminPatterns.ConsoleHistory, { page: Number(page) || 1 });
  }

  @Post('domains/info')
  @HttpCode(200)
  @ReadOnlyCall()
  async domainInfo(@Req() req: AuthedRequest, @Body() body: { name?: unknown }) {
    const name = typeof body?.name === 'string' ? body.name.trim() : '';
    if (!name) throw fieldErrors({ name: [M.enterDomain] });
    const r = await adminRpc<AdminDomainInfoResult>(this.admin, AdminPatterns.DomainInfo, { name, adminId: req.user!.id }, 30_000);
    return { result: true, info: r.info };
  }

  /**
   * The detail page of one of our domains (any member's): our record and the registry's info; `?registry=0` our record
   * alone, with no registry command (the page's poll while the lock is 設定中).
   */
  @Get('domains/:id')
  async domainById(@Req() req: AuthedRequest, @Param('id', ParseIntPipe) id: number, @Query('registry') registry?: string) {
    const r = await adminRpc<AdminDomainInfoResult>(this.admin, AdminPatterns.DomainById, { id, adminId: req.user!.id, ...(registry === '0' ? { registry: false } : {}) }, 30_000);
    return { result: true, info: r.info };
  }

  /** 002 §7: userId and domainNames (split by newline) -> results, errors. */
  @Post('domains/import')
  @SuperAdmin()
  @HttpCode(200)
  @AuditAction('domains.import')
  async domainImport(@Req() req: AuthedRequest, @Body() body: { userId?: unknown; domainNames?: unknown }) {
    const userId = String(body?.userId ?? '').trim();
    const errors: Record<string, string[]> = {};
    if (!userId) errors.userId = [M.enterAccountId];
    else if (!/^\d{1,15}$/.test(userId)) errors.userId = [M.accountIdDigits];
    const list = Array.isArray(body?.domainNames) ? body.domainNames.map(String) : String(body?.domainNames ?? '').split(/\r?\n/);
    const domainNames = list.map((s) => s.trim()).filter(Boolean);
    if (!domainNames.length) errors.domainNames = [M.enterDomainNames];
    if (Object.keys(errors).length) throw fieldErrors(errors);
    const r = await adminRpc<DomainImportResult>(this.admin, AdminPatterns.DomainImport, { adminId: req.user!.id, userId: Number(userId), domainNames }, 125_000);
    audit(req as Request, { target: userId, after: r });
    return { result: r.errors.length === 0, ...r };
  }
}
