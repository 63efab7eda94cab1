import { BadRequestException, Body, Controller, createParamDecorator, ExecutionContext, Get, HttpCode, Post, Query, Req, UnauthorizedException } from '@nestjs/common';
import type { Request } from 'express';
import {
  DomainOperationKind, DomainOperationPatterns, IncomingMove, MoveAnswer, OperationAccepted, OperationRpcRequest, OperationStatus, OutgoingMove,
} from '@registrar/contracts';
import { loadConfig } from '@registrar/infra';
import { M } from '@registrar/messages';
import { moveTarget } from '@registrar/rules';
import { Member, UsersRepository } from '@registrar/identity';
import { GatewayConfig } from '../gateway.config';
import { appUrlFor, MemberId } from '../payments/member';
import { DomainOpsClient } from '../purchase/domain-ops.client';
import { OperationStarter } from './operation-starter';

interface SessionUser { id: number | string; email: string; adminRole?: number | null }
/** The signed-in member as the RolesGuard loaded it (id, e-mail, admin role). */
const CurrentUser = createParamDecorator((_d: unknown, ctx: ExecutionContext): SessionUser => {
  const u = ctx.switchToHttp().getRequest<Request & { user?: SessionUser }>().user;
  if (!u) throw new UnauthorizedException();
  return u;
});

export const flag01 = (v: unknown): 0 | 1 | undefined => (v === 1 || v === '1' || v === true ? 1 : v === 0 || v === '0' || v === false ? 0 : undefined);
type Body01 = Record<string, unknown>;
const domainsOf = (body: Body01): unknown[] => (Array.isArray(body?.domains) ? body.domains : []);

/**
 * The operations of the domain list's modals (001 §7; docs/domain-operations.md). Each answers at once: `jobId` and
 * the rows refused up front; the modal polls `GET mypage/domain/operation/status?jobId=` for the per-domain rows.
 */
@Controller('mypage')
export class OperationsController {
  private readonly config = loadConfig(GatewayConfig);

  constructor(private readonly domainOps: DomainOpsClient, private readonly operations: OperationStarter, private readonly users: UsersRepository) {}

  private start(userId: number, kind: DomainOperationKind, body: Body01, extra: Partial<OperationRpcRequest> = {}): Promise<OperationAccepted> {
    return this.operations.start(userId, kind, domainsOf(body), extra);
  }

  /** POST mypage/domain/nameserver/request {domains, formData: [{name, priority, ip?}]} */
  @Post('domain/nameserver/request')
  @Member()
  @HttpCode(200)
  nameServers(@MemberId() userId: number, @Body() body: Body01): Promise<OperationAccepted> {
    return this.start(userId, 'nameserver', body, { formData: Array.isArray(body?.formData) ? (body.formData as OperationRpcRequest['formData']) : [] });
  }

  /** POST mypage/domain/lock/dispatch {domains, is_domain_lock_enabled_flg} */
  @Post('domain/lock/dispatch')
  @Member()
  @HttpCode(200)
  lock(@MemberId() userId: number, @Body() body: Body01): Promise<OperationAccepted> {
    return this.start(userId, 'lock', body, { flag: flag01(body?.is_domain_lock_enabled_flg) });
  }

  /** POST mypage/domain/autoupdate {domains, autoUpdateFlg} -> success, data, errorCode (100: no card) */
  @Post('domain/autoupdate')
  @Member()
  @HttpCode(200)
  async autoUpdate(@MemberId() userId: number, @Body() body: Body01): Promise<OperationAccepted & { success: boolean; data: OperationAccepted['domains'] }> {
    const r = await this.operations.autoUpdate(userId, domainsOf(body), flag01(body?.autoUpdateFlg));
    return { ...r, success: r.result, data: r.domains };
  }

  /** POST mypage/domain/memo {domains: [{id, content}], mode?} -> result, errors, data [{id, error_msg, content}] */
  @Post('domain/memo')
  @Member()
  @HttpCode(200)
  async memo(@MemberId() userId: number, @Body() body: Body01): Promise<OperationAccepted & { data: Array<{ id: number; error_msg: string | null; content: string | null }> }> {
    const mode = body?.mode === 'append' || body?.mode === 'delete' ? body.mode : 'override';
    const r = await this.start(userId, 'memo', body, { memoMode: mode });
    return { ...r, data: r.domains.map((d) => ({ id: d.id, error_msg: d.status === 'error' ? d.message : null, content: d.content ?? null })) };
  }

  /** POST mypage/domain/trash {domains, is_trash_flg} -> result, domains, errorMessage (000 §7; errors kept for the shared client) */
  @Post('domain/trash')
  @Member()
  @HttpCode(200)
  async trash(@MemberId() userId: number, @Body() body: Body01): Promise<OperationAccepted & { errorMessage: string | null }> {
    const r = await this.start(userId, 'trash', body, { flag: flag01(body?.is_trash_flg) });
    return { ...r, errorMessage: r.errors.length ? r.errors.join('\n') : null };
  }

  /** POST mypage/domain/authcodeRequest/getAuthcode {domains} -> result, data [{id, error_msg}], errors; the codes come once with the status */
  @Post('domain/authcodeRequest/getAuthcode')
  @Member()
  @HttpCode(200)
  async authcode(@MemberId() userId: number, @Body() body: Body01): Promise<OperationAccepted & { data: Array<{ id: number; error_msg: string | null }> }> {
    const r = await this.start(userId, 'authcode', body);
    return { ...r, data: r.domains.map((d) => ({ id: d.id, error_msg: d.status === 'error' ? d.message : null })) };
  }

  /** POST mypage/domain/move/user {domains, userId, requestEmail, autoUpdate} -> result, domains, err_msg */
  @Post('domain/move/user')
  @Member()
  @HttpCode(200)
  async move(@CurrentUser() me: SessionUser, @Body() body: Body01, @Req() req: Request): Promise<OperationAccepted & { err_msg: string | null }> {
    const userId = Number(me.id);
    const target = moveTarget(String(body?.userId ?? '').trim() || String(body?.requestEmail ?? '').trim());
    const fail = (m: string) => ({ result: false, errors: [m], domains: [], err_msg: m });
    if ('error' in target) return fail(target.error);
    // auto-renew after a move: only admins choose; for everyone else it is off (001 §4, §5)
    const isAdmin = me.adminRole === 1 || me.adminRole === 2;
    const autoUpdate = isAdmin ? flag01(body?.autoUpdate) === 1 : false;
    let toUserId: number | null = null;
    let toEmail: string | null = null;
    if ('userId' in target) {
      if (target.userId === userId) return fail(M.moveToSelf);
      const u = await this.users.findById(target.userId);
      if (!u || u.disabledAt) return fail(M.moveUserNotFound);
      toUserId = u.id;
    } else {
      if (target.email === me.email.toLowerCase()) return fail(M.moveToSelf);
      toEmail = target.email;
    }
    const acceptUrl = `${appUrlFor(req, this.config.APP_URL)}/mypage/localTransferIn`;
    const r = await this.start(userId, 'move', body, { move: { toUserId, toEmail, autoUpdate, fromAccount: `ラッコID ${userId}`, acceptUrl } });
    return { ...r, err_msg: r.result ? null : r.errors[0] ?? null };
  }

  /** GET mypage/domain/operation/status?jobId= -> OperationStatus (the owner only) */
  @Get('domain/operation/status')
  @Member()
  status(@MemberId() userId: number, @Query('jobId') jobId: string): Promise<OperationStatus> {
    if (typeof jobId !== 'string' || !/^[0-9a-f-]{36}$/i.test(jobId)) throw new BadRequestException({ message: 'jobId is required', errors: ['jobId is required'] });
    return this.operations.status(userId, jobId);
  }

  /** GET mypage/localTransferIn (XHR) -> { domains: IncomingMove[] } */
  @Get('localTransferIn')
  @Member()
  async incoming(@CurrentUser() me: SessionUser): Promise<{ domains: IncomingMove[] }> {
    return { domains: await this.domainOps.call<IncomingMove[]>(DomainOperationPatterns.IncomingMoves as never, { userId: Number(me.id), email: me.email }) };
  }

  /** POST mypage/localTransferIn/accept {domains: move request ids} -> result, domainResults, errorMessage */
  @Post('localTransferIn/accept')
  @Member()
  @HttpCode(200)
  accept(@CurrentUser() me: SessionUser, @Body() body: Body01): Promise<MoveAnswer> {
    return this.domainOps.call<MoveAnswer>(DomainOperationPatterns.AcceptMoves as never, { userId: Number(me.id), email: me.email, domains: body?.domains });
  }

  /** GET mypage/localTransferOut (XHR) -> { domains: OutgoingMove[] } */
  @Get('localTransferOut')
  @Member()
  async outgoing(@MemberId() userId: number): Promise<{ domains: OutgoingMove[] }> {
    return { domains: await this.domainOps.call<OutgoingMove[]>(DomainOperationPatterns.OutgoingMoves as never, { userId }) };
  }

  /** POST mypage/localTransferOut/cancel {domains: move request ids} -> result, domainResults, errorMessage */
  @Post('localTransferOut/cancel')
  @Member()
  @HttpCode(200)
  cancel(@MemberId() userId: number, @Body() body: Body01): Promise<MoveAnswer> {
    return this.domainOps.call<MoveAnswer>(DomainOperationPatterns.CancelMoves as never, { userId, domains: body?.domains });
  }
}
