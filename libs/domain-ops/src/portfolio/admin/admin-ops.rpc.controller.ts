import { Controller, Inject, Logger, UseFilters } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  ActionLogRow, ADMIN_ORDER_KINDS, AdminDashboardOps, AdminDomainInfoResult, AdminOpsPatterns, AdminOrderDto, AdminOrderKind, AdminPaged, ApiCommandRequest, ApiCommandResult, DomainImportRequest, DomainImportResult,
  DomainOpsErrorCode, RegistrarLogRow,
} from '@registrar/contracts';
import { EPP_CLIENT, EppClientPool, EppError } from '@registrar/epp';
import { fmt, M } from '@registrar/messages';
import { apiCommandNames, ApiCommandParams, readDomainName, validateActionLogSearch, validateRegistrarLogSearch } from '@registrar/rules';
import { DomainOpsException } from '../../shared/common/domain-ops.exception';
import { DomainOpsRpcErrorFilter } from '../../shared/common/rpc-errors.filter';
import { AdminLogsRepository } from './admin-logs.repository';

const MAX_CHECK_NAMES = 25;
const MAX_IMPORT = 100;

function one(p: ApiCommandParams, key: string): string {
  const v = p[key];
  const s = Array.isArray(v) ? v[0] : v;
  if (!s) throw new DomainOpsException(DomainOpsErrorCode.Invalid, fmt(M.adminCommandParam, { name: key }));
  return s;
}

/** The admin back office's calls into domain-ops: the two logs, the command console, domain info and import. */
@Controller()
@UseFilters(DomainOpsRpcErrorFilter)
export class AdminOpsRpcController {
  private readonly logger = new Logger('AdminOps');
  constructor(private readonly logs: AdminLogsRepository, @Inject(EPP_CLIENT) private readonly epp: EppClientPool) {}

  @MessagePattern(AdminOpsPatterns.RegistrarLog)
  registrarLog(@Payload() req: unknown): Promise<AdminPaged<RegistrarLogRow>> {
    const { value, errors } = validateRegistrarLogSearch((req ?? {}) as object);
    if (Object.keys(errors).length) throw new DomainOpsException(DomainOpsErrorCode.Invalid, Object.values(errors)[0]![0]!);
    return this.logs.registrarLog(value);
  }

  /** The admin dashboard's domain figures (issue 26): today's sales and registrations, failures, stuck orders, transfers. */
  @MessagePattern(AdminOpsPatterns.Dashboard)
  dashboard(@Payload() req: { stuckMinutes?: unknown }): Promise<AdminDashboardOps> {
    const m = Math.floor(Number(req?.stuckMinutes));
    return this.logs.dashboard(new Date(), Number.isFinite(m) && m >= 1 && m <= 1440 ? m : 15);
  }

  /** The order a points-ledger entry names (issue 26); null when there is none. */
  @MessagePattern(AdminOpsPatterns.Order)
  order(@Payload() req: { kind?: unknown; id?: unknown }): Promise<AdminOrderDto | null> {
    const kind = ADMIN_ORDER_KINDS.find((k) => k === req?.kind) as AdminOrderKind | undefined;
    const id = typeof req?.id === 'string' || typeof req?.id === 'number' ? String(req.id).slice(0, 40) : '';
    return kind && id ? this.logs.order(kind, id) : Promise.resolve(null);
  }

  @MessagePattern(AdminOpsPatterns.ActionLog)
  actionLog(@Payload() req: unknown): Promise<AdminPaged<ActionLogRow>> {
    const { value, errors } = validateActionLogSearch((req ?? {}) as object);
    if (errors.length) throw new DomainOpsException(DomainOpsErrorCode.Invalid, errors[0]!);
    return this.logs.actionLog(value);
  }

  /** One allow-listed, read-only EPP command through the pool; the registrar log records it with the admin's id. */
  @MessagePattern(AdminOpsPatterns.ApiCommand)
  async apiCommand(@Payload() req: ApiCommandRequest): Promise<ApiCommandResult> {
    const p = req?.params ?? {};
    const ctx = { userId: Number(req?.adminId) || null };
    const names = () => {
      const n = apiCommandNames(p);
      if (!n.length) throw new DomainOpsException(DomainOpsErrorCode.Invalid, fmt(M.adminCommandParam, { name: 'domainname' }));
      if (n.length > MAX_CHECK_NAMES) throw new DomainOpsException(DomainOpsErrorCode.Invalid, `${MAX_CHECK_NAMES}件までにしてください`);
      return n;
    };
    const name = () => names()[0]!;
    try {
      let out: unknown;
      switch (p.command) {
        case 'check': out = await this.epp.check(names(), ctx); break;
        case 'info': out = await this.epp.info(name(), {}, ctx); break;
        case 'transfer_query': out = await this.epp.transfer('query', name(), {}, ctx); break;
        case 'host_info': out = await this.epp.hostInfo(one(p, 'name'), ctx); break;
        case 'host_check': out = await this.epp.hostCheck([p.name ?? []].flat(), ctx); break;
        case 'contact_info': out = await this.epp.contactInfo(one(p, 'id'), undefined, ctx); break;
        case 'contact_check': out = await this.epp.contactCheck([p.id ?? []].flat(), ctx); break;
        default: throw new DomainOpsException(DomainOpsErrorCode.Invalid, M.adminCommandNotAllowed);
      }
      const masked = JSON.parse(JSON.stringify(out ?? null, (k, v) => (k === 'authInfo' && v ? '***' : v)));
      return { result: JSON.stringify(masked, null, 2), error: null };
    } catch (e) {
      if (e instanceof DomainOpsException) throw e;
      if (e instanceof EppError) return { result: null, error: `${e.code} ${e.registryMessage}${e.reason ? ` (${e.reason})` : ''}` };
      this.logger.error({ err: e }, 'api command failed');
      return { result: null, error: (e as Error)?.message ?? M.unexpectedError };
    }
  }

  /** The registry's info and our record of a name (any member's). */
  @MessagePattern(AdminOpsPatterns.DomainInfo)
  async domainInfo(@Payload() req: { name: string; adminId?: number }): Promise<AdminDomainInfoResult> {
    const d = readDomainName(String(req?.name ?? ''));
    if (!d) throw new DomainOpsException(DomainOpsErrorCode.Invalid, M.enterDomain);
    const ours = await this.logs.domainByPunycode(d.punycode);
    let registry: unknown = null;
    try {
      const info = await this.epp.info(d.punycode, {}, { userId: Number(req?.adminId) || null, domainPkid: ours ? Number(ours.id) : null });
      registry = { ...info, authInfo: info.authInfo ? '***' : undefined };
    } catch (e) {
      if (!(e instanceof EppError)) throw e;
      registry = null;
    }
    return { info: registry || ours ? { registry, ours } : null };
  }

  /**
   * Our row by its id (the registrar log's domain_pkid), with the registry's info of its name; with `registry: false`
   * our row alone, no registry command (the detail page's poll of the lock while it is 設定中).
   */
  @MessagePattern(AdminOpsPatterns.DomainById)
  async domainById(@Payload() req: { id: number; adminId?: number; registry?: boolean }): Promise<AdminDomainInfoResult> {
    const ours = await this.logs.domainById(Number(req?.id) || 0);
    if (!ours) return { info: null };
    if (req?.registry === false) return { info: { registry: null, ours } };
    return this.domainInfo({ name: String(ours.punycode), adminId: req.adminId });
  }

  /** Names verified at the registry (it exists and we are its sponsor) join the member's list. */
  @MessagePattern(AdminOpsPatterns.DomainImport)
  async domainImport(@Payload() req: DomainImportRequest): Promise<DomainImportResult> {
    const userId = Number(req?.userId);
    if (!Number.isSafeInteger(userId) || userId <= 0) throw new DomainOpsException(DomainOpsErrorCode.Invalid, M.accountIdDigits);
    const names = [...new Set((req?.domainNames ?? []).map((n) => String(n).trim()).filter(Boolean))].slice(0, MAX_IMPORT);
    if (!names.length) throw new DomainOpsException(DomainOpsErrorCode.Invalid, M.enterDomainNames);
    const results: string[] = [];
    const errors: string[] = [];
    for (const raw of names) {
      const d = readDomainName(raw);
      if (!d) { errors.push(`${raw}：ドメイン名が正しくありません`); continue; }
      try {
        const info = await this.epp.info(d.punycode, {}, { userId: Number(req.adminId) || null });
        if (info.clID !== this.epp.options.clientId) { errors.push(`${d.name}：当社が管理していないドメインです（${info.clID}）`); continue; }
        const id = await this.logs.importDomain({
          userId, name: d.name, punycode: d.punycode, tld: d.tld, registryDomainId: info.roid, dueDate: info.exDate ?? null,
          lock: info.statuses.includes('clientTransferProhibited'), nameServers: info.ns,
        });
        if (id === null) errors.push(`${d.name}：すでに登録されています`);
        else results.push(`${d.name}：ラッコID ${userId} にインポートしました`);
      } catch (e) {
        if (EppError.is(e)) errors.push(`${d.name}：レジストリに存在しません（${e.code}）`);
        else throw e;
      }
    }
    return { results, errors };
  }
}
