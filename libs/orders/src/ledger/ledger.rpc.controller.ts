import { Controller, UseFilters, UsePipes, ValidationPipe } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { OpenSpendDto, OrdersPatterns, PointBalanceResult, PointEntryDto, PointHistoryResult, PointSpendManyResult, PointVoidResult } from '@registrar/contracts';
import { OrdersRpcErrorFilter } from '../common/rpc-errors.filter';
import { LedgerService } from './ledger.service';
import { IdempotencyKeyDto, OpenSpendsDto, PointChangeDto, PointHistoryDto, PointSpendManyDto, PointVoidDto, UserIdDto } from './point-change.dto';

export const rpcValidation = new ValidationPipe({ whitelist: true, forbidNonWhitelisted: true, transform: true });

@Controller()
@UseFilters(OrdersRpcErrorFilter)
@UsePipes(rpcValidation)
export class LedgerRpcController {
  constructor(private readonly ledger: LedgerService) {}

  @MessagePattern(OrdersPatterns.PointBalance)
  async balance(@Payload() req: UserIdDto): Promise<PointBalanceResult> {
    return { userId: req.userId, point: await this.ledger.balance(req.userId) };
  }

  @MessagePattern(OrdersPatterns.PointHistory)
  history(@Payload() req: PointHistoryDto): Promise<PointHistoryResult> {
    return this.ledger.history(req.userId, req.page, req.perPage);
  }

  @MessagePattern(OrdersPatterns.PointSpend)
  spend(@Payload() req: PointChangeDto): Promise<PointEntryDto> {
    return this.ledger.spend(req.userId, req.amount, req.idempotencyKey, req.reference, req.deadline);
  }

  @MessagePattern(OrdersPatterns.PointSpendMany)
  spendMany(@Payload() req: PointSpendManyDto): Promise<PointSpendManyResult> {
    return this.ledger.spendMany(req.userId, req.spends, req.deadline);
  }

  @MessagePattern(OrdersPatterns.PointRefund)
  refund(@Payload() req: PointChangeDto): Promise<PointEntryDto> {
    return this.ledger.refund(req.userId, req.amount, req.idempotencyKey, req.reference);
  }

  @MessagePattern(OrdersPatterns.PointVoid)
  voidCharge(@Payload() req: PointVoidDto): Promise<PointVoidResult> {
    return this.ledger.voidCharge(req);
  }

  @MessagePattern(OrdersPatterns.PointOpenSpends)
  openSpends(@Payload() req: OpenSpendsDto): Promise<OpenSpendDto[]> {
    return this.ledger.openSpends(req.keyPrefix, req.olderThanS, req.withinDays, req.limit);
  }

  @MessagePattern(OrdersPatterns.PointEntryByKey)
  async byKey(@Payload() req: IdempotencyKeyDto): Promise<{ entry: PointEntryDto | null }> {
    return { entry: await this.ledger.byKey(req.idempotencyKey) };
  }

  @MessagePattern(OrdersPatterns.PointGrant)
  grant(@Payload() req: PointChangeDto): Promise<PointEntryDto> {
    return this.ledger.grant(req.userId, req.amount, req.idempotencyKey, req.reference, req.kind ?? 'grant');
  }
}
