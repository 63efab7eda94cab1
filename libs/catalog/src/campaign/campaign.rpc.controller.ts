import { Controller } from '@nestjs/common';
import { MessagePattern, Payload, RpcException } from '@nestjs/microservices';
import { CampaignRemainingResult, CampaignReserveResult, CatalogPatterns, MemberPricingResult } from '@registrar/contracts';
import { PriceGroupService } from '../price-groups/price-group.service';
import { CampaignService } from './campaign.service';

function userIdOf(v: unknown): number {
  const n = Number(v);
  if (!Number.isSafeInteger(n) || n <= 0) throw new RpcException({ code: 'INVALID', message: 'userId must be a positive integer' });
  return n;
}
function keyOf(v: unknown): string {
  if (typeof v !== 'string' || !v.trim() || v.length > 300) throw new RpcException({ code: 'INVALID', message: 'key (1-300 characters) is required' });
  return v;
}

/** The campaign counters on the request transport (BullMQ command queues) (asked by domain-ops when quoting and ordering). */
@Controller()
export class CampaignRpcController {
  constructor(private readonly campaign: CampaignService, private readonly groups: PriceGroupService) {}

  /** A quote's two questions in one request (docs/purchase.md): the member's price group and the slots left. */
  @MessagePattern(CatalogPatterns.MemberPricing)
  async memberPricing(@Payload() req: { userId: number }): Promise<MemberPricingResult> {
    const userId = userIdOf(req?.userId);
    const [group, campaign] = await Promise.all([this.groups.ofUser(userId), this.campaign.remaining(userId)]);
    return { userId, group: group.group, campaign };
  }

  @MessagePattern(CatalogPatterns.CampaignRemaining)
  remaining(@Payload() req: { userId: number }): Promise<CampaignRemainingResult> {
    return this.campaign.remaining(userIdOf(req?.userId));
  }

  @MessagePattern(CatalogPatterns.CampaignReserve)
  reserve(@Payload() req: { userId: number; key: string }): Promise<CampaignReserveResult> {
    return this.campaign.reserve(userIdOf(req?.userId), keyOf(req?.key));
  }

  @MessagePattern(CatalogPatterns.CampaignRelease)
  async release(@Payload() req: { key: string }): Promise<{ released: boolean }> {
    return { released: await this.campaign.release(keyOf(req?.key)) };
  }
}
