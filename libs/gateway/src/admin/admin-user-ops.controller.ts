import { Body, Controller, Get, HttpCode, HttpException, HttpStatus, Inject, Param, ParseIntPipe, Post, Query, Req } from '@nestjs/common';
import { ClientProxy } from '@nestjs/microservices';
import type { Request } from 'express';
import { Type } from 'class-transformer';
import { IsInt, IsNotEmpty, IsOptional, IsString, Matches, MaxLength, Min, NotEquals } from 'class-validator';
import {
  ADMIN_ORDER_KINDS, AdminOpsPatterns, AdminOrderDto, DOMAIN_OPS_CLIENT, DomainOpsPatterns, ORDERS_CLIENT, OrdersPatterns, OwnedDomainDto, PointBalanceResult, PointEntryDto, PointHistoryResult,
} from '@registrar/contracts';
import { AuthedRequest, SuperAdmin, audit, AuditAction, UsersRepository, IdentityErrorCode, IdentityException } from '@registrar/identity';
import { M } from '@registrar/messages';
import { adminRpc } from './admin-rpc';

class PointsQuery {
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) page?: number;
}

export class PointAdjustDto {
  /** signed RP: positive credits, negative debits (never zero) */
  @Type(() => Number) @IsInt({ message: '整数で入力してください' }) @NotEquals(0, { message: '0以外の数を入力してください' }) amount!: number;
  @IsString() @IsNotEmpty({ message: '理由を入力してください' }) @MaxLength(200) reason!: string;
  /** made once per form by the browser: a resent request never applies twice */
  @IsString() @Matches(/^[\w-]{8,64}$/) requestKey!: string;
}

/** The admin user page's data from the other services: points (through the ledger) and domains. Super admins only (002 §6, issue 23). */
@Controller('admin/api/users/:id')
@SuperAdmin()
export class AdminUserOpsController {
  constructor(
    @Inject(ORDERS_CLIENT) private readonly orders: ClientProxy,
    @Inject(DOMAIN_OPS_CLIENT) private readonly domainOps: ClientProxy,
    private readonly users: UsersRepository,
  ) {}

  @Get('points')
  async points(@Param('id', ParseIntPipe) id: number, @Query() q: PointsQuery) {
    const [balance, history] = await Promise.all([
      adminRpc<PointBalanceResult>(this.orders, OrdersPatterns.PointBalance, { userId: id }),
      adminRpc<PointHistoryResult>(this.orders, OrdersPatterns.PointHistory, { userId: id, page: q.page ?? 1, perPage: 20 }),
    ]);
    return { result: true, point: balance.point, history };
  }

  @Get('domains')
  async domains(@Param('id', ParseIntPipe) id: number) {
    return { result: true, domains: await adminRpc<OwnedDomainDto[]>(this.domainOps, DomainOpsPatterns.OwnedDomains, { userId: id }) };
  }

  /** A manual adjustment, written to the points ledger with the reason and the admin (super only). */
  @Post('points/adjust')
  @SuperAdmin()
  @HttpCode(200)
  @AuditAction('user.points.adjust')
  async adjust(@Req() req: AuthedRequest, @Param('id', ParseIntPipe) id: number, @Body() dto: PointAdjustDto) {
    if (!(await this.users.findById(id))) throw new IdentityException(IdentityErrorCode.NotFound);
    const before = (await adminRpc<PointBalanceResult>(this.orders, OrdersPatterns.PointBalance, { userId: id })).point;
    const change = {
      userId: id, amount: Math.abs(dto.amount), idempotencyKey: `admin-adjust:${req.user!.id}:${dto.requestKey}`,
      reference: `admin ${req.user!.id}: ${dto.reason.trim()}`, kind: 'adjust' as const,
    };
    const entry = await adminRpc<PointEntryDto>(this.orders, dto.amount > 0 ? OrdersPatterns.PointGrant : OrdersPatterns.PointSpend, change);
    audit(req as Request, { target: id, before: { point: before }, after: { point: entry.balanceAfter, delta: entry.delta, reason: dto.reason.trim() } });
    return { result: true, point: entry.balanceAfter, entry };
  }
}

/**
 * GET /admin/api/orders/{kind}/{id} (super admins, like the points they explain): the order a points-ledger entry
 * names (`order:{uuid}`, `renewal:{uuid}`, `transfer:{id}`), with its items; 404 ドメイン情報がありません-style when none.
 */
@Controller('admin/api/orders')
@SuperAdmin()
export class AdminOrdersController {
  constructor(@Inject(DOMAIN_OPS_CLIENT) private readonly domainOps: ClientProxy) {}

  @Get(':kind/:id')
  async order(@Param('kind') kind: string, @Param('id') id: string) {
    if (!(ADMIN_ORDER_KINDS as readonly string[]).includes(kind) || !/^[\w-]{1,40}$/.test(id)) throw new HttpException({ result: false, message: M.adminOrderNotFound }, HttpStatus.NOT_FOUND);
    const order = await adminRpc<AdminOrderDto | null>(this.domainOps, AdminOpsPatterns.Order, { kind, id });
    if (!order) throw new HttpException({ result: false, message: M.adminOrderNotFound }, HttpStatus.NOT_FOUND);
    return { result: true, order };
  }
}
