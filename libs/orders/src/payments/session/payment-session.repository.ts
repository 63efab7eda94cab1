import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { PaymentPurpose, PaymentSessionDomain, PaymentSessionStatus } from '@registrar/contracts';

export type SessionProvider = 'card' | 'wallet';

export interface PaymentSession {
  id: string;
  userId: number;
  provider: SessionProvider;
  /** the wallet's order id (card sessions keep their PaymentIntent in paymentIntentId) */
  providerRef: string | null;
  purpose: PaymentPurpose;
  domains: PaymentSessionDomain[];
  total: number;
  pointsUsed: number;
  amount: number;
  surplusPoints: number;
  paymentMethodId: string | null;
  paymentIntentId: string | null;
  status: PaymentSessionStatus;
  error: string | null;
  redirectUrl: string | null;
  resultRenewDomains: unknown[] | null;
  withAutoUpdate: boolean | null;
  allUpdateDuration: number | null;
}

export type NewPaymentSession = Omit<PaymentSession, 'paymentIntentId' | 'providerRef' | 'error'>;

type Raw = Record<string, any>;
const toSession = (r: Raw): PaymentSession => ({
  id: r.id,
  userId: Number(r.user_id),
  provider: r.provider,
  providerRef: r.provider_ref,
  purpose: r.purpose,
  domains: r.domains,
  total: Number(r.total),
  pointsUsed: Number(r.points_used),
  amount: Number(r.amount),
  surplusPoints: Number(r.surplus_points),
  paymentMethodId: r.payment_method_id,
  paymentIntentId: r.payment_intent_id,
  status: r.status,
  error: r.error,
  redirectUrl: r.redirect_url,
  resultRenewDomains: r.result_renew_domains,
  withAutoUpdate: r.with_auto_update,
  allUpdateDuration: r.all_update_duration,
});

/** orders.payment_sessions: what a card payment is for (domains, amount) and how far it got. */
@Injectable()
export class PaymentSessionRepository {
  constructor(@InjectDataSource('orders') private readonly ds: DataSource) {}

  /**
   * Inserts the session unless the member started the same payment (same fingerprint) within `windowSeconds` and it is
   * still open or paid: then that session is returned and nothing is inserted. Serialised per member, so a double
   * click or two tabs submitting at once start one payment.
   */
  async insertUnlessRecent(s: NewPaymentSession, fingerprint: string, windowSeconds: number): Promise<PaymentSession | null> {
    return this.ds.transaction(async (m) => {
      await m.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`payment-session:${s.userId}`]);
      const recent = await this.recentWith(m, s.userId, fingerprint, windowSeconds);
      if (recent) return recent;
      await this.insertWith(m, s, fingerprint);
      return null;
    });
  }

  /** The newest session of this fingerprint made within windowSeconds and not failed or used (what insertUnlessRecent answers with), or null. */
  findRecent(userId: number, fingerprint: string, windowSeconds: number): Promise<PaymentSession | null> {
    return this.recentWith(this.ds.manager, userId, fingerprint, windowSeconds);
  }

  private async recentWith(m: EntityManager, userId: number, fingerprint: string, windowSeconds: number): Promise<PaymentSession | null> {
    const recent = await m.query(
      `SELECT * FROM orders.payment_sessions WHERE user_id = $1 AND fingerprint = $2 AND status IN ('created', 'requires_action', 'paid')
       AND created_at > now() - make_interval(secs => $3) ORDER BY created_at DESC LIMIT 1`,
      [userId, fingerprint, windowSeconds],
    );
    return recent.length ? toSession(recent[0]) : null;
  }

  async insert(s: NewPaymentSession): Promise<void> {
    await this.insertWith(this.ds.manager, s, null);
  }

  private async insertWith(m: EntityManager, s: NewPaymentSession, fingerprint: string | null): Promise<void> {
    await m.query(
      `INSERT INTO orders.payment_sessions (id, user_id, provider, purpose, domains, total, points_used, amount, surplus_points, payment_method_id, status, redirect_url, result_renew_domains, with_auto_update, all_update_duration, fingerprint)
       VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7, $8, $9, $10, $11, $12, $13::jsonb, $14, $15, $16)`,
      [s.id, s.userId, s.provider, s.purpose, JSON.stringify(s.domains), s.total, s.pointsUsed, s.amount, s.surplusPoints, s.paymentMethodId, s.status, s.redirectUrl, s.resultRenewDomains ? JSON.stringify(s.resultRenewDomains) : null, s.withAutoUpdate, s.allUpdateDuration, fingerprint],
    );
  }

  async find(id: string): Promise<PaymentSession | null> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
    const r = await this.ds.query('SELECT * FROM orders.payment_sessions WHERE id = $1', [id]);
    return r.length ? toSession(r[0]) : null;
  }

  /** The session recorded under this fingerprint, whatever its state (off-session charges keyed by the caller). */
  async findByFingerprint(userId: number, fingerprint: string): Promise<PaymentSession | null> {
    const r = await this.ds.query('SELECT * FROM orders.payment_sessions WHERE user_id = $1 AND fingerprint = $2 ORDER BY created_at LIMIT 1', [userId, fingerprint]);
    return r.length ? toSession(r[0]) : null;
  }

  /** Inserts the session unless one with this fingerprint exists (serialised per member); the existing one, or null. */
  async insertOnce(s: NewPaymentSession, fingerprint: string): Promise<PaymentSession | null> {
    return this.ds.transaction(async (m) => {
      await m.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`payment-session:${s.userId}`]);
      const r = await m.query('SELECT * FROM orders.payment_sessions WHERE user_id = $1 AND fingerprint = $2 LIMIT 1', [s.userId, fingerprint]);
      if (r.length) return toSession(r[0]);
      await this.insertWith(m, s, fingerprint);
      return null;
    });
  }

  /** Sessions waiting for their provider for longer than olderThanS (and not older than youngerThanS), oldest first. */
  async findWaiting(olderThanS: number, youngerThanS: number, limit: number): Promise<PaymentSession[]> {
    const r = await this.ds.query(
      `SELECT * FROM orders.payment_sessions WHERE status IN ('created', 'requires_action')
       AND (payment_intent_id IS NOT NULL OR provider_ref IS NOT NULL)
       AND updated_at <= now() - make_interval(secs => $1) AND created_at > now() - make_interval(secs => $2)
       ORDER BY created_at LIMIT $3`,
      [olderThanS, youngerThanS, limit],
    );
    return r.map(toSession);
  }

  async findByPaymentIntent(paymentIntentId: string): Promise<PaymentSession | null> {
    const r = await this.ds.query('SELECT * FROM orders.payment_sessions WHERE payment_intent_id = $1', [paymentIntentId]);
    return r.length ? toSession(r[0]) : null;
  }

  /** Records the provider's reference (PaymentIntent for cards, order id for the wallet) and the state, unless already paid. */
  async setOutcome(id: string, provider: SessionProvider, ref: string | null, status: PaymentSessionStatus, error: string | null = null): Promise<void> {
    const column = provider === 'card' ? 'payment_intent_id' : 'provider_ref';
    await this.ds.query(
      `UPDATE orders.payment_sessions SET ${column} = coalesce($2, ${column}), status = $3, error = $4, updated_at = now()
       WHERE id = $1 AND status NOT IN ('paid', 'used')`,
      [id, ref, status, error],
    );
  }

  /** created/requires_action/failed -> paid, once. */
  async markPaid(id: string): Promise<void> {
    await this.ds.query(`UPDATE orders.payment_sessions SET status = 'paid', error = NULL, updated_at = now() WHERE id = $1 AND status IN ('created', 'requires_action', 'failed')`, [id]);
  }

  /** paid -> used, once: true for the caller that consumed it. */
  async markUsed(id: string, userId: number): Promise<boolean> {
    const r = await this.ds.query(`UPDATE orders.payment_sessions SET status = 'used', updated_at = now() WHERE id = $1 AND user_id = $2 AND status = 'paid' RETURNING id`, [id, userId]);
    // an UPDATE through DataSource.query answers [rows, affectedCount]
    return (r as [unknown[], number])[1] > 0;
  }
}
