import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { NormalisedDomain } from './domain-name';

/** One domain in a member's cart (as stored; prices and policy come from the catalog when shown). */
export interface CartItem {
  name: string;
  punycode: string;
  tld: string;
  addedAt: string;
}

type Raw = { domain_name: string; punycode: string; tld: string; added_at: Date };
const toDto = (r: Raw): CartItem => ({ name: r.domain_name, punycode: r.punycode, tld: r.tld, addedAt: new Date(r.added_at).toISOString() });

export interface CartTx {
  items(): Promise<CartItem[]>;
  add(d: NormalisedDomain): Promise<void>;
}

/** orders.cart_items: one server-side cart per member (it survives reloads and a second tab). */
@Injectable()
export class CartRepository {
  constructor(@InjectDataSource('orders') private readonly ds: DataSource) {}

  async list(userId: number): Promise<CartItem[]> {
    return this.tx(this.ds.manager, userId).items();
  }

  /** Runs with the member's cart locked (a transaction-scoped advisory lock), so two tabs adding at once cannot pass the maximum. */
  async locked<T>(userId: number, work: (tx: CartTx) => Promise<T>): Promise<T> {
    return this.ds.transaction(async (m) => {
      await m.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`cart:${userId}`]);
      return work(this.tx(m, userId));
    });
  }

  async remove(userId: number, punycodes: string[]): Promise<void> {
    if (punycodes.length) await this.ds.query('DELETE FROM orders.cart_items WHERE user_id = $1 AND punycode = ANY($2::text[])', [userId, punycodes]);
  }

  private tx(m: EntityManager, userId: number): CartTx {
    return {
      async items() {
        const r: Raw[] = await m.query('SELECT domain_name, punycode, tld, added_at FROM orders.cart_items WHERE user_id = $1 ORDER BY added_at, domain_name', [userId]);
        return r.map(toDto);
      },
      async add(d) {
        await m.query('INSERT INTO orders.cart_items (user_id, domain_name, punycode, tld) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING', [userId, d.name, d.punycode, d.tld]);
      },
    };
  }
}
