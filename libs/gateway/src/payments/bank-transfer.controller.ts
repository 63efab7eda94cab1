import { Body, Controller, Get, HttpCode, Param, ParseIntPipe, Post, Query } from '@nestjs/common';
import { BankTransferDto, BankTransferListResult, OrdersPatterns } from '@registrar/contracts';
import { Purchaser } from '../identity/auth/roles.decorator';
import { AdminId, MemberId } from './member';
import { OrdersClient } from './orders.client';
import { BankTransferBody, BankTransferStatusQuery } from './payments.dto';

/** Buying points by bank transfer: the member asks (mypage), an admin confirms the receipt (admin). */
@Controller()
export class BankTransferController {
  constructor(private readonly orders: OrdersClient) {}

  /** POST mypage/point/bank_transfer { amount } -> the pending top-up with its transfer reference. */
  @Post('mypage/point/bank_transfer')
  @Purchaser()
  @HttpCode(200)
  request(@MemberId() userId: number, @Body() body: BankTransferBody): Promise<BankTransferDto> {
    return this.orders.call<BankTransferDto>(OrdersPatterns.BankTransferCreate, { userId, amount: body.amount });
  }

  @Get('mypage/point/bank_transfer')
  /** GET mypage/point/bank_transfer -> the member's top-ups (newest first) and the account to pay into. */
  mine(@MemberId() userId: number): Promise<BankTransferListResult> {
    return this.orders.call(OrdersPatterns.BankTransferList, { userId });
  }

  /** GET admin/point/bank_transfer?status=pending (admins only: the path is under /admin, and AdminId checks the role). */
  @Get('admin/point/bank_transfer')
  list(@AdminId() _adminId: number, @Query() q: BankTransferStatusQuery): Promise<{ topUps: BankTransferDto[] }> {
    return this.orders.call(OrdersPatterns.BankTransferAdminList, { status: q.status });
  }

  /** POST admin/point/bank_transfer/{id}/confirm: the money arrived; the points are credited once. */
  @Post('admin/point/bank_transfer/:id/confirm')
  @HttpCode(200)
  confirm(@AdminId() adminId: number, @Param('id', ParseIntPipe) id: number): Promise<BankTransferDto> {
    return this.orders.call<BankTransferDto>(OrdersPatterns.BankTransferConfirm, { id, adminId });
  }
}
