import { Injectable } from '@nestjs/common';
import { CompleteOrderJobData, JobName } from '@registrar/contracts';
import { MailOutbox } from '@registrar/mail';
import { receiptPath } from '@registrar/rules';
import { ItemEnd, OrderItem, RegistrationOrder, RegistrationOrderRepository } from './registration-order.repository';

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

const ENDED = new Set(['error', 'accepted', 'done']);

/**
 * Closes an order once every item has ended: mails the member the result with the order number and the receipt (once
 * per order: the mail's key), then marks the order done. An order has no parent job (ADR 0047): the RegisterDomain job
 * of each item calls this after its item ended, so the last one to end closes it. Each call reads the items afresh
 * after its own item was committed, so of two items ending at once at least the later one sees both ended; both may,
 * and the mail's key and the status change (only from 'processing') keep it single. The mail goes before the status, so
 * a death between them leaves the order processing, and the item's retry or the money reconciler closes it again.
 *
 * It is also the handler of the CompleteOrder job, the parent of the flow an older release started for each order.
 */
@Injectable()
export class CompleteOrderJob {
  static readonly jobName = JobName.CompleteOrder;

  constructor(private readonly orders: RegistrationOrderRepository, private readonly mail: MailOutbox) {}

  async handle(data: CompleteOrderJobData): Promise<{ orderId: string; statuses: string[] }> {
    const r = await this.completeIfEnded(data.orderId);
    return { orderId: data.orderId, statuses: r.items.map((i) => `${i.punycode}:${i.status}`) };
  }

  /** Closes the order if it is processing and each of its items has ended; `closed` when this call closed it. */
  async completeIfEnded(orderId: string): Promise<{ closed: boolean; items: OrderItem[] }> {
    const found = await this.orders.withItems(orderId);
    if (!found) return { closed: false, items: [] };
    return { closed: await this.close(found.order, found.items), items: found.items };
  }

  /**
   * Closes the order if it is processing and each of these items, all of its items as they are now, has ended (the
   * last item's job of a one-item order knows them without reading them back); true when this call closed it. With
   * `ending`, the item's end is written here too: with the order's close in one statement, or alone when the order is
   * not to be closed.
   */
  async close(order: RegistrationOrder, items: OrderItem[], ending?: { itemId: number; end: ItemEnd }): Promise<boolean> {
    if (order.status !== 'processing' || !items.every((i) => ENDED.has(i.status))) {
      if (ending) await this.orders.setItem(ending.itemId, ending.end);
      return false;
    }
    const ok = items.filter((i) => i.status === 'done' || i.status === 'accepted');
    if (ok.length) {
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
    // `ending`: the last item's own end, written with the order's close (after the mail, so a death before it leaves
    // the item to its job's retry, which finds the domain recorded and closes the order again)
    if (ending) return this.orders.endItemAndClose(ending.itemId, order.id, ending.end);
    return this.orders.claimStatus(order.id, 'processing', 'done');
  }
}
