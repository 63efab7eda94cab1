import { Body, Controller, Get, HttpCode, Param, ParseIntPipe, Post, Query } from '@nestjs/common';
import { BankTransferDto, BankTransferListResult, OrdersPatterns } from '@registrar/contracts';
import { Purchaser, SuperAdmin } from '@registrar/identity';
import { MemberId, SuperAdminId } from './member';
import { OrdersClient } from './orders.client';
import { BankTransferBody, BankTransferStatusQuery } from './payments.dto';

/**
 * Buying points by bank transfer: the member asks (mypage), a super admin confirms the receipt (admin). Confirming
 * credits points (money), so normal admins (role 2) are refused: 002 §6 gives them domain management and the logs only.
 */
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

  /** GET admin/point/bank_transfer?status=pending (super admins only: RolesGuard, and SuperAdminId checks the role again). */
  @Get('admin/point/bank_transfer')
  @SuperAdmin()
  list(@SuperAdminId() _adminId: number, @Query() q: BankTransferStatusQuery): Promise<{ topUps: BankTransferDto[] }> {
    return this.orders.call(OrdersPatterns.BankTransferAdminList, { status: q.status });
  }

  /** POST admin/point/bank_transfer/{id}/confirm: the money arrived; the points are credited once. */
  @Post('admin/point/bank_transfer/:id/confirm')
  @SuperAdmin()
  @HttpCode(200)
  confirm(@SuperAdminId() adminId: number, @Param('id', ParseIntPipe) id: number): Promise<BankTransferDto> {
    return this.orders.call<BankTransferDto>(OrdersPatterns.BankTransferConfirm, { id, adminId });
  }
}
