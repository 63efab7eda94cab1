import { Controller, UseFilters } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  DomainOperationPatterns, IncomingMove, MoveAnswer, OperationAccepted, OperationRpcRequest, OperationStatus, OutgoingMove,
} from '@registrar/contracts';
import { userIdOf } from '../../shared/common/rpc-payload';
import { DomainOpsRpcErrorFilter } from '../../shared/common/rpc-errors.filter';
import { MoveService } from './move.service';
import { OperationService } from './operation.service';

const emailOf = (p: { email?: unknown }): string => String(p?.email ?? '').trim().toLowerCase();

/** The domain operations and moves between members (docs/domain-operations.md) on the request transport (BullMQ command queues). */
@Controller()
@UseFilters(DomainOpsRpcErrorFilter)
export class OperationsRpcController {
  constructor(private readonly ops: OperationService, private readonly moves: MoveService) {}

  @MessagePattern(DomainOperationPatterns.Start)
  start(@Payload() req: OperationRpcRequest): Promise<OperationAccepted> {
    return this.ops.start({ ...req, userId: userIdOf(req) });
  }

  @MessagePattern(DomainOperationPatterns.Status)
  status(@Payload() req: { userId: number; jobId: string }): Promise<OperationStatus> {
    return this.ops.status(userIdOf(req), String(req?.jobId ?? ''));
  }

  @MessagePattern(DomainOperationPatterns.IncomingMoves)
  incoming(@Payload() req: { userId: number; email: string }): Promise<IncomingMove[]> {
    userIdOf(req);
    return this.moves.incoming(emailOf(req));
  }

  @MessagePattern(DomainOperationPatterns.AcceptMoves)
  accept(@Payload() req: { userId: number; email: string; domains: unknown }): Promise<MoveAnswer> {
    return this.moves.accept(userIdOf(req), emailOf(req), req?.domains);
  }

  @MessagePattern(DomainOperationPatterns.OutgoingMoves)
  outgoing(@Payload() req: { userId: number }): Promise<OutgoingMove[]> {
    return this.moves.outgoing(userIdOf(req));
  }

  @MessagePattern(DomainOperationPatterns.CancelMoves)
  cancel(@Payload() req: { userId: number; domains: unknown }): Promise<MoveAnswer> {
    return this.moves.cancel(userIdOf(req), req?.domains);
  }

  @MessagePattern(DomainOperationPatterns.MoveCounts)
  counts(@Payload() req: { userId: number; email?: string }): Promise<{ incoming: number; outgoing: number }> {
    return this.moves.counts(userIdOf(req), emailOf(req) || null);
  }
}
