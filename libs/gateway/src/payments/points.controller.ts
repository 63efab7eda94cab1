import { Controller, Get, Query } from '@nestjs/common';
import { IsIn, IsString, Length } from 'class-validator';
import { OrdersPatterns, PointBalanceResult, PointHistoryResult, StatementResult, StatementRowDto } from '@registrar/contracts';
import { Member } from '@registrar/identity';
import { MemberId } from './member';
import { OrdersClient } from './orders.client';
import { PageQuery } from './payments.dto';

export class ReceiptQuery {
  @IsIn(['payment', 'bank']) kind!: 'payment' | 'bank';
  @IsString() @Length(1, 64) id!: string;
}

/** The member's points (RP) and the 利用明細 (charges with receipts). */
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

  /** GET mypage/account_statement?page -> the charges paid (card, wallet, bank transfer), newest first. */
  @Get('mypage/account_statement')
  statement(@MemberId() userId: number, @Query() q: PageQuery): Promise<StatementResult> {
    return this.orders.call<StatementResult>(OrdersPatterns.Statement, { userId, page: q.page ?? 1 });
  }

  /** GET mypage/account_statement/receipt?kind&id -> one charge of the member's, for its receipt. */
  @Get('mypage/account_statement/receipt')
  receipt(@MemberId() userId: number, @Query() q: ReceiptQuery): Promise<StatementRowDto> {
    return this.orders.call<StatementRowDto>(OrdersPatterns.StatementReceipt, { userId, kind: q.kind, id: q.id });
  }
}
