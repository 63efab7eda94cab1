import { Inject, Injectable } from '@nestjs/common';
import { JobName } from '@registrar/contracts';
import { Clock, CLOCK } from '@registrar/infra';
import { MailOutbox } from '@registrar/mail';
import { formatDateJst } from '@registrar/rules';
import { LifecycleRepository } from './lifecycle.repository';

/** Expiry notices go this many Tokyo days before a domain's expiry. */
export const EXPIRY_NOTICE_DAYS = [30, 15, 7, 1] as const;

/**
 * Daily (EXPIRY_NOTICE_CRON, Asia/Tokyo): one mail per member, expiry day and notice day listing the domains that expire
 * in 30, 15, 7 or 1 days (never trashed ones). The mail key `expiry:{member}:{expiry day}:{days}` makes a rerun on
 * the same day send nothing twice.
 */
@Injectable()
export class ExpiryNoticeSweepJob {
  static readonly jobName = JobName.ExpiryNoticeSweep;

  constructor(private readonly lifecycle: LifecycleRepository, private readonly mail: MailOutbox, @Inject(CLOCK) private readonly clock: Clock) {}

  async handle(): Promise<{ today: string; domains: number; mails: number }> {
    const today = formatDateJst(this.clock.now());
    const due = await this.lifecycle.expiringIn(today, [...EXPIRY_NOTICE_DAYS]);
    const groups = new Map<string, { userId: number; dueDay: string; daysLeft: number; names: string[] }>();
    for (const d of due) {
      const k = `${d.userId}:${d.dueDay}:${d.daysLeft}`;
      const g = groups.get(k) ?? { userId: d.userId, dueDay: d.dueDay, daysLeft: d.daysLeft, names: [] };
      g.names.push(d.name);
      groups.set(k, g);
    }
    for (const [k, g] of groups) {
      await this.mail.send({ template: 'domain.expiry-notice', userId: g.userId, key: `expiry:${k}`, params: { daysLeft: g.daysLeft, expiry: g.dueDay, names: g.names } });
    }
    return { today, domains: due.length, mails: groups.size };
  }
}
