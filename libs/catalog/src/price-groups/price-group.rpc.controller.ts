import { Controller } from '@nestjs/common';
import { MessagePattern, Payload, RpcException } from '@nestjs/microservices';
import { CustomPriceChangeResult, CustomPriceUserDto, PriceGroupDto, PriceGroupPatterns, UserPriceGroupResult } from '@registrar/contracts';
import { PriceGroupService } from './price-group.service';

function idOf(v: unknown, what: string): number {
  const n = Number(v);
  if (!Number.isSafeInteger(n) || n <= 0) throw new RpcException({ code: 'INVALID', message: `${what} must be a positive integer` });
  return n;
}
const optionalId = (v: unknown): number | null => (v === undefined || v === null || v === '' ? null : idOf(v, 'adminId'));

/** Price groups and members' custom prices on the request transport (BullMQ command queues) (the gateway's admin screen, domain-ops' quotes). */
@Controller()
export class PriceGroupRpcController {
  constructor(private readonly groups: PriceGroupService) {}

  @MessagePattern(PriceGroupPatterns.UserPriceGroup)
  ofUser(@Payload() req: { userId: number }): Promise<UserPriceGroupResult> {
    return this.groups.ofUser(idOf(req?.userId, 'userId'));
  }

  @MessagePattern(PriceGroupPatterns.List)
  list(): Promise<PriceGroupDto[]> {
    return this.groups.groups();
  }

  @MessagePattern(PriceGroupPatterns.Search)
  search(@Payload() req: { userId?: unknown }): Promise<CustomPriceUserDto[]> {
    return this.groups.search(req?.userId === undefined || req?.userId === null || req?.userId === '' ? null : idOf(req.userId, 'userId'));
  }

  @MessagePattern(PriceGroupPatterns.Register)
  register(@Payload() req: { userId: number; priceGroup: number; adminId?: number }): Promise<CustomPriceChangeResult> {
    return this.groups.register(idOf(req?.userId, 'userId'), idOf(req?.priceGroup, 'priceGroup'), optionalId(req?.adminId));
  }

  @MessagePattern(PriceGroupPatterns.Remove)
  remove(@Payload() req: { userId: number }): Promise<CustomPriceChangeResult> {
    return this.groups.remove(idOf(req?.userId, 'userId'));
  }
}
