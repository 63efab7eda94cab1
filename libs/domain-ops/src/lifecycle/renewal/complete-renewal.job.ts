import { Injectable } from '@nestjs/common';
import { CompleteRenewalJobData, JobName } from '@registrar/contracts';
import { MailOutbox } from '@registrar/mail';
import { formatDateJst } from '@registrar/rules';
import { RenewalRepository } from './renewal.repository';
import { receiptLink } from '../orders/complete-order.job';

const ENDED = new Set(['done', 'error', 'accepted']);

/**
 * The parent of a renewal's flow: runs once every RenewDomain child has ended, closes the renewal and mails the member
 * (renewal done with the receipt; for auto-renew one mail per domain, done or failed). Each mail once per key. A
 * renewal with an item not ended is left processing for the money reconciler (ADR 0052), which closes it here.
 */
@Injectable()
export class CompleteRenewalJob {
  static readonly jobName = JobName.CompleteRenewal;

  constructor(private readonly repo: RenewalRepository, private readonly mail: MailOutbox) {}

  async handle(data: CompleteRenewalJobData): Promise<{ renewalId: string; statuses: string[] }> {
    const renewal = await this.repo.find(data.renewalId);
    const items = await this.repo.items(data.renewalId);
    if (!renewal) return { renewalId: data.renewalId, statuses: [] };
    // an item left processing (its last attempt could not learn whether the registry renewed it, ADR 0052): the
    // renewal stays processing, unmailed, for the money reconciler, which settles the item and closes it through here
    if (items.some((i) => !ENDED.has(i.status))) return { renewalId: renewal.id, statuses: items.map((i) => `${i.punycode}:${i.status}`) };
    await this.repo.setStatus(renewal.id, 'done');
    const done = items.filter((i) => i.status === 'done');
    const failed = items.filter((i) => i.status === 'error');
    if (renewal.kind === 'auto') {
      // one mail per domain (each once per key), all as one job of the mail worker, sent over one SMTP connection
      // (ADR 0046): 100 jobs per renewal to add, run and finish were most of the auto-renew's Redis work (ADR 0048)
      await this.mail.sendBatch([
        ...done.map((i) => ({ template: 'domain.auto-renew-done' as const, userId: renewal.userId, key: `renewal:${renewal.id}:${i.punycode}:done`,
          params: { name: i.name, years: i.period, amount: i.point, newExpiry: i.newExpiry ? formatDateJst(i.newExpiry) : '' } })),
        ...failed.map((i) => ({ template: 'domain.auto-renew-failed' as const, userId: renewal.userId, key: `renewal:${renewal.id}:${i.punycode}:failed`,
          params: { name: i.name, expiry: i.fromExpiry ? formatDateJst(i.fromExpiry) : '', reason: i.errorMsg ?? '' } })),
      ]);
    } else if (done.length) {
      await this.mail.send({
        template: 'domain.renewal-done', userId: renewal.userId, key: `renewal:${renewal.id}:done`,
        params: {
          items: done.map((i) => ({ name: i.name, years: i.period, amount: i.point })),
          failed: failed.map((i) => ({ name: i.name, reason: i.errorMsg ?? '' })),
          total: done.reduce((s, i) => s + i.point, 0),
          receiptUrl: receiptLink(renewal.paymentSessionId),
        },
      });
    }
    return { renewalId: renewal.id, statuses: items.map((i) => `${i.punycode}:${i.status}`) };
  }
}
