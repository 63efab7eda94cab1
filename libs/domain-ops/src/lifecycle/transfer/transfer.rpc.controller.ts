import { Controller, UseFilters } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  DomainOpsErrorCode, DomainOpsPatterns, TransferCheckResult, TransferCheckRpcRequest, TransferHoldDto, TransferInDto, TransferOutAnswer, TransferOutDto,
  TransferRequestResult, TransferRequestRpc,
} from '@registrar/contracts';
import { DomainOpsException } from '../../shared/common/domain-ops.exception';
import { userIdOf } from '../../shared/common/rpc-payload';
import { DomainOpsRpcErrorFilter } from '../../shared/common/rpc-errors.filter';
import { TransferService } from './transfer.service';


/** Transfer-in and transfer-out (docs/transfers.md) on the request transport (BullMQ command queues). */
@Controller()
@UseFilters(DomainOpsRpcErrorFilter)
export class TransferRpcController {
  constructor(private readonly transfers: TransferService) {}

  @MessagePattern(DomainOpsPatterns.TransferTlds)
  tlds(): Promise<string[]> {
    return this.transfers.tlds();
  }

  @MessagePattern(DomainOpsPatterns.TransferCheck)
  check(@Payload() req: TransferCheckRpcRequest): Promise<TransferCheckResult> {
    return this.transfers.check(userIdOf(req), String(req?.domainNames ?? '').slice(0, 100_000));
  }

  @MessagePattern(DomainOpsPatterns.TransferHold)
  async hold(@Payload() req: { userId: number; holdId: string }): Promise<TransferHoldDto> {
    const h = await this.transfers.hold(userIdOf(req), String(req?.holdId ?? ''));
    if (!h) throw new DomainOpsException(DomainOpsErrorCode.NotFound, 'no such transfer list');
    return h;
  }

  @MessagePattern(DomainOpsPatterns.TransferHoldSave)
  saveHold(@Payload() req: { userId: number; holdId: string; transfers: unknown }): Promise<{ result: boolean }> {
    return this.transfers.saveHold(userIdOf(req), String(req?.holdId ?? ''), req?.transfers);
  }

  @MessagePattern(DomainOpsPatterns.TransferRequest)
  request(@Payload() req: TransferRequestRpc): Promise<TransferRequestResult> {
    return this.transfers.request({ ...req, userId: userIdOf(req) });
  }

  @MessagePattern(DomainOpsPatterns.TransferInList)
  list(@Payload() req: { userId: number }): Promise<TransferInDto[]> {
    return this.transfers.list(userIdOf(req));
  }

  @MessagePattern(DomainOpsPatterns.TransferOutList)
  outs(@Payload() req: { userId: number }): Promise<TransferOutDto[]> {
    return this.transfers.outs(userIdOf(req));
  }

  @MessagePattern(DomainOpsPatterns.TransferOutAnswer)
  answer(@Payload() req: { userId: number; ids: unknown; approve: unknown }): Promise<TransferOutAnswer> {
    return this.transfers.answerOuts(userIdOf(req), req?.ids, req?.approve === true);
  }
}
