import { Inject, Injectable } from '@nestjs/common';
import { CampaignRemainingResult, CampaignReserveResult } from '@registrar/contracts';
import { Clock, CLOCK } from '@registrar/infra';
import { CAMPAIGN_MONTHLY_LIMIT, tokyoMonthKey } from '@registrar/rules';
import { CampaignRepository } from './campaign.repository';

/**
 * Campaign prices apply to 5 registrations per person per month (000 spec §9). The month is the Tokyo month of the
 * injectable clock, so the count starts afresh on the 1st at 0:00 Asia/Tokyo without any job; the scheduled reset
 * only purges old months.
 */
@Injectable()
export class CampaignService {
  constructor(private readonly repo: CampaignRepository, @Inject(CLOCK) private readonly clock: Clock) {}

  month(): string {
    return tokyoMonthKey(this.clock.now());
  }

  async remaining(userId: number): Promise<CampaignRemainingResult> {
    const month = this.month();
    const used = await this.repo.used(userId, month);
    return { userId, month, used, limit: CAMPAIGN_MONTHLY_LIMIT, remaining: Math.max(0, CAMPAIGN_MONTHLY_LIMIT - used) };
  }

  async reserve(userId: number, key: string): Promise<CampaignReserveResult> {
    const month = this.month();
    const r = await this.repo.reserve(userId, month, key, CAMPAIGN_MONTHLY_LIMIT);
    return { reserved: r.reserved, month, used: r.used, limit: CAMPAIGN_MONTHLY_LIMIT };
  }

  release(key: string): Promise<boolean> {
    return this.repo.release(key);
  }

  purgeOldMonths(): Promise<number> {
    return this.repo.purgeBefore(this.month());
  }
}
