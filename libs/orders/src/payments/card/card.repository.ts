import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

export interface CardRow {
  id: number;
  userId: number;
  paymentMethodId: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  createdAt: Date;
}
type Raw = { id: string; user_id: string; payment_method_id: string; brand: string; last4: string; exp_month: number; exp_year: number; created_at: Date };
const toCard = (r: Raw): CardRow => ({ id: Number(r.id), userId: Number(r.user_id), paymentMethodId: r.payment_method_id, brand: r.brand, last4: r.last4, expMonth: r.exp_month, expYear: r.exp_year, createdAt: new Date(r.created_at) });

/** Stripe customers and saved cards of members (orders.stripe_customers, orders.cards). No card numbers are stored, only brand, last 4 and expiry. */
@Injectable()
export class CardRepository {
  constructor(@InjectDataSource('orders') private readonly ds: DataSource) {}

  async customerOf(userId: number): Promise<string | null> {
    const r = await this.ds.query('SELECT customer_id FROM orders.stripe_customers WHERE user_id = $1', [userId]);
    return r[0]?.customer_id ?? null;
  }

  async userOfCustomer(customerId: string): Promise<number | null> {
    const r = await this.ds.query('SELECT user_id FROM orders.stripe_customers WHERE customer_id = $1', [customerId]);
    return r.length ? Number(r[0].user_id) : null;
  }

  /** Records the member's customer; when another request recorded one first, that one wins and is returned. */
  async saveCustomer(userId: number, customerId: string): Promise<string> {
    await this.ds.query('INSERT INTO orders.stripe_customers (user_id, customer_id) VALUES ($1, $2) ON CONFLICT (user_id) DO NOTHING', [userId, customerId]);
    return (await this.customerOf(userId))!;
  }

  async list(userId: number): Promise<CardRow[]> {
    const r: Raw[] = await this.ds.query('SELECT * FROM orders.cards WHERE user_id = $1 AND deleted_at IS NULL ORDER BY COALESCE(default_at, created_at) DESC, id DESC', [userId]);
    return r.map(toCard);
  }

  async findByPaymentMethod(paymentMethodId: string): Promise<CardRow | null> {
    const r: Raw[] = await this.ds.query('SELECT * FROM orders.cards WHERE payment_method_id = $1 AND deleted_at IS NULL', [paymentMethodId]);
    return r.length ? toCard(r[0]) : null;
  }

  /** Removes the member's card from the list (kept for the records of past payments). */
  async remove(userId: number, paymentMethodId: string): Promise<boolean> {
    const r = await this.ds.query('UPDATE orders.cards SET deleted_at = now() WHERE user_id = $1 AND payment_method_id = $2 AND deleted_at IS NULL RETURNING id', [userId, paymentMethodId]);
    return r.length > 0;
  }

  /** Makes the card the member's default: first in the list, preselected, and the one charged while the member is away. */
  async makeDefault(userId: number, paymentMethodId: string): Promise<boolean> {
    const r = await this.ds.query('UPDATE orders.cards SET default_at = clock_timestamp() WHERE user_id = $1 AND payment_method_id = $2 AND deleted_at IS NULL RETURNING id', [userId, paymentMethodId]);
    return r.length > 0;
  }

  async save(c: Omit<CardRow, 'id' | 'createdAt'>): Promise<CardRow> {
    await this.ds.query(
      `INSERT INTO orders.cards (user_id, payment_method_id, brand, last4, exp_month, exp_year) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (payment_method_id) DO NOTHING`,
      [c.userId, c.paymentMethodId, c.brand, c.last4, c.expMonth, c.expYear],
    );
    return (await this.findByPaymentMethod(c.paymentMethodId))!;
  }
}
