import { Injectable } from '@nestjs/common';
import { CompleteOrderJobData, JobName } from '@registrar/contracts';
import { MailOutbox } from '@registrar/mail';
import { receiptPath } from '@registrar/rules';
import { RegistrationOrderRepository } from './registration-order.repository';

/**
 * The receipt of the card or wallet charge that paid an order's or a renewal's shortfall, as an absolute link for a
 * mail: none when points alone paid (no money was charged) or when APP_URL (the site's public address, set in every
 * deployment) is missing, since a relative link in a mail leads nowhere.
 */
export function receiptLink(paymentSessionId: string | null): string | undefined {
  const appUrl = (process.env.APP_URL ?? '').replace(/\/+$/, '');
  return appUrl && paymentSessionId ? `${appUrl}${receiptPath('payment', paymentSessionId)}` : undefined;
}

/** The order number members see (mail, statements): the order id's first 12 hex digits. */
export const orderNumber = (orderId: string) => `R${orderId.replace(/-/g, '').slice(0, 12).toUpperCase()}`;

/**
 * The parent of an order's flow: runs once every RegisterDomain child has ended, closes the order and mails the member
 * the result with the order number and the receipt (once per order, however often this job is retried).
 */
@Injectable()
export class CompleteOrderJob {
  static readonly jobName = JobName.CompleteOrder;

  constructor(private readonly orders: RegistrationOrderRepository, private readonly mail: MailOutbox) {}

  async handle(data: CompleteOrderJobData): Promise<{ orderId: string; statuses: string[] }> {
    const items = await this.orders.items(data.orderId);
    const order = await this.orders.find(data.orderId);
    await this.orders.setOrderStatus(data.orderId, 'done');
    const ok = items.filter((i) => i.status === 'done' || i.status === 'accepted');
    if (order && ok.length) {
      await this.mail.send({
        template: 'domain.registration-done',
        userId: order.userId,
        key: `order:${order.id}:done`,
        params: {
          orderNumber: orderNumber(order.id),
          items: ok.map((i) => ({ name: i.name, years: i.period, amount: i.point })),
          failed: items.filter((i) => i.status === 'error').map((i) => ({ name: i.name, reason: i.errorMsg ?? '' })),
          total: ok.reduce((s, i) => s + i.point, 0),
          receiptUrl: receiptLink(order.paymentSessionId),
        },
      });
    }
    return { orderId: data.orderId, statuses: items.map((i) => `${i.punycode}:${i.status}`) };
  }
}
