import { Controller, Get, Query } from '@nestjs/common';
import { OrdersPatterns, PointBalanceResult, PointHistoryResult } from '@registrar/contracts';
import { Member } from '../identity/auth/roles.decorator';
import { MemberId } from './member';
import { OrdersClient } from './orders.client';
import { PageQuery } from './payments.dto';

/** The member's points (RP). */
@Controller()
export class PointsController {
  constructor(private readonly orders: OrdersClient) {}

  /** GET user/point -> { data: { point } } (002 spec; the header hides the point on failure). Not under /mypage, so declared member-only. */
  @Get('user/point')
  @Member()
  async point(@MemberId() userId: number): Promise<{ data: { point: number } }> {
    const r = await this.orders.call<PointBalanceResult>(OrdersPatterns.PointBalance, { userId });
    return { data: { point: r.point } };
  }

  /** GET mypage/point/history?page -> the ledger entries, newest first. */
  @Get('mypage/point/history')
  history(@MemberId() userId: number, @Query() q: PageQuery): Promise<PointHistoryResult> {
    return this.orders.call<PointHistoryResult>(OrdersPatterns.PointHistory, { userId, page: q.page ?? 1 });
  }
}
