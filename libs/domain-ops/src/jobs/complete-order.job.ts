import { Injectable } from '@nestjs/common';
import { CompleteOrderJobData, JobName } from '@registrar/contracts';
import { RegistrationOrderRepository } from '../orders/registration-order.repository';

/** The parent of an order's flow: runs once every RegisterDomain child has ended, and closes the order. */
@Injectable()
export class CompleteOrderJob {
  static readonly jobName = JobName.CompleteOrder;

  constructor(private readonly orders: RegistrationOrderRepository) {}

  async handle(data: CompleteOrderJobData): Promise<{ orderId: string; statuses: string[] }> {
    const items = await this.orders.items(data.orderId);
    await this.orders.setOrderStatus(data.orderId, 'done');
    return { orderId: data.orderId, statuses: items.map((i) => `${i.punycode}:${i.status}`) };
  }
}
