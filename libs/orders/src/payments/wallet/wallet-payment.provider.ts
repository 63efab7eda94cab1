import { Injectable, Logger } from '@nestjs/common';
import { OrdersErrorCode } from '@registrar/contracts';
import { M } from '@registrar/messages';
import { OrdersException } from '../../common/orders.exception';
import { OrdersConfig } from '../../orders.config';
import { PaymentProvider, TopUpOutcome, TopUpRequest } from '../payment-provider.port';

type PayPalOrder = {
  id: string;
  status: 'CREATED' | 'SAVED' | 'APPROVED' | 'VOIDED' | 'COMPLETED' | 'PAYER_ACTION_REQUIRED';
  purchase_units: { custom_id?: string | null; amount: { currency_code: string; value: string }; payments?: { captures?: { id: string; status: string }[] } }[];
  links?: { rel: string; href: string }[];
};

/**
 * Wallet adapter (PayPal-style REST: OAuth client credentials, Orders v2). The spec's flow: an order for one item
 * 'points' at the amount in JPY; the buyer approves it on the wallet's page; the order id comes back and the server
 * captures it. The session id is the order's custom_id and the capture's PayPal-Request-Id, so a retried capture never
 * takes the money twice; the amount and currency are checked against the session before capturing.
 * PAYPAL_API_BASE points at the wallet (https://api-m.paypal.com, or the local wallet server in development and tests).
 */
@Injectable()
export class WalletPaymentProvider implements PaymentProvider {
  readonly type = 'wallet' as const;
  private readonly logger = new Logger(WalletPaymentProvider.name);
  private token: { value: string; expires: number } | null = null;

  constructor(private readonly config: OrdersConfig) {}

  get configured(): boolean {
    return !!(this.config.PAYPAL_CLIENT_ID && this.config.PAYPAL_CLIENT_SECRET && this.config.PAYPAL_API_BASE);
  }

  /** Creates the order the buyer approves: one item 'points' at the amount, in JPY, paid from a wallet account (no card funding). */
  async createOrder(o: { amount: number; reference: string; returnUrl: string; cancelUrl: string }): Promise<{ orderId: string; approveUrl: string }> {
    const value = String(o.amount);
    const order = await this.request<PayPalOrder>('POST', '/v2/checkout/orders', {
      intent: 'CAPTURE',
      purchase_units: [{
        reference_id: o.reference,
        custom_id: o.reference,
        description: 'ポイント購入',
        amount: { currency_code: 'JPY', value, breakdown: { item_total: { currency_code: 'JPY', value } } },
        items: [{ name: 'points', quantity: '1', unit_amount: { currency_code: 'JPY', value }, category: 'DIGITAL_GOODS' }],
      }],
      // 001 §7 "JPY, locale ja_JP, card funding disabled": the buyer pays from a wallet account (landing page LOGIN, no
      // guest card checkout), in Japanese
      payment_source: { paypal: { experience_context: { locale: 'ja-JP', landing_page: 'LOGIN', shipping_preference: 'NO_SHIPPING', user_action: 'PAY_NOW', return_url: o.returnUrl, cancel_url: o.cancelUrl } } },
    }, `order-${o.reference}`);
    const approveUrl = order.links?.find((l) => l.rel === 'approve' || l.rel === 'payer-action')?.href;
    if (!approveUrl) throw new OrdersException(OrdersErrorCode.PaymentFailed, M.unexpectedError);
    return { orderId: order.id, approveUrl };
  }

  /** Captures an approved order after checking it is the session's, for its amount in JPY. */
  async startTopUp(req: TopUpRequest): Promise<TopUpOutcome> {
    const orderId = req.walletOrderId;
    if (!orderId) return { status: 'failed', providerRef: null, error: M.unexpectedError };
    const order = await this.request<PayPalOrder>('GET', `/v2/checkout/orders/${encodeURIComponent(orderId)}`);
    const unit = order.purchase_units?.[0];
    if (unit?.custom_id !== req.reference || unit.amount.currency_code !== 'JPY' || Number(unit.amount.value) !== req.amount) {
      this.logger.warn(`wallet order ${orderId} does not match session ${req.reference}`);
      return { status: 'failed', providerRef: orderId, error: M.unexpectedError };
    }
    if (order.status === 'COMPLETED') return this.outcome(order);
    if (order.status !== 'APPROVED') return this.outcome(order);
    const captured = await this.request<PayPalOrder>('POST', `/v2/checkout/orders/${encodeURIComponent(orderId)}/capture`, {}, `capture-${req.reference}`);
    return this.outcome(captured);
  }

  async topUpStatus(providerRef: string): Promise<TopUpOutcome> {
    return this.outcome(await this.request<PayPalOrder>('GET', `/v2/checkout/orders/${encodeURIComponent(providerRef)}`));
  }

  private outcome(order: PayPalOrder): TopUpOutcome {
    switch (order.status) {
      case 'COMPLETED': {
        const unit = order.purchase_units?.[0];
        const capture = unit?.payments?.captures?.[0];
        return capture && capture.status !== 'COMPLETED' && capture.status !== 'PENDING'
          ? { status: 'failed', providerRef: order.id, error: M.unexpectedError }
          : { status: 'succeeded', providerRef: order.id, paid: { provider: 'wallet', reference: unit?.custom_id ?? null, amount: Number(unit?.amount?.value), currency: String(unit?.amount?.currency_code ?? '').toLowerCase() } };
      }
      case 'APPROVED':
        return { status: 'pending', providerRef: order.id };
      case 'CREATED':
      case 'SAVED':
      case 'PAYER_ACTION_REQUIRED': {
        const href = order.links?.find((l) => l.rel === 'approve' || l.rel === 'payer-action')?.href;
        return href ? { status: 'requires_action', providerRef: order.id, redirectUrl: href } : { status: 'pending', providerRef: order.id };
      }
      default:
        return { status: 'failed', providerRef: order.id, error: M.unexpectedError };
    }
  }

  private async accessToken(): Promise<string> {
    if (this.token && this.token.expires > Date.now() + 60_000) return this.token.value;
    const basic = Buffer.from(`${this.config.PAYPAL_CLIENT_ID}:${this.config.PAYPAL_CLIENT_SECRET}`).toString('base64');
    const r = await fetch(`${this.base}/v1/oauth2/token`, { method: 'POST', headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' }, body: 'grant_type=client_credentials', signal: AbortSignal.timeout(20_000) });
    if (!r.ok) {
      this.logger.error(`wallet authentication failed: HTTP ${r.status}`);
      throw new OrdersException(OrdersErrorCode.PaymentFailed, M.unexpectedError);
    }
    const j = (await r.json()) as { access_token: string; expires_in: number };
    this.token = { value: j.access_token, expires: Date.now() + j.expires_in * 1000 };
    return j.access_token;
  }

  private get base(): string {
    if (!this.configured) throw new OrdersException(OrdersErrorCode.ProviderNotConfigured, M.unexpectedError);
    return this.config.PAYPAL_API_BASE.replace(/\/$/, '');
  }

  private async request<T>(method: 'GET' | 'POST', path: string, body?: unknown, requestId?: string): Promise<T> {
    const headers: Record<string, string> = { authorization: `Bearer ${await this.accessToken()}`, 'content-type': 'application/json', prefer: 'return=representation' };
    if (requestId) headers['paypal-request-id'] = requestId;
    const r = await fetch(`${this.base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal: AbortSignal.timeout(30_000) });
    const text = await r.text();
    if (!r.ok) {
      let issue = '';
      try { issue = JSON.parse(text)?.details?.[0]?.issue ?? JSON.parse(text)?.name ?? ''; } catch { /* not JSON */ }
      this.logger.warn(`wallet ${method} ${path.replace(/[A-Z0-9]{10,}/g, '…')}: HTTP ${r.status} ${issue}`);
      if (r.status === 404) throw new OrdersException(OrdersErrorCode.NotFound, M.unexpectedError);
      throw new OrdersException(OrdersErrorCode.PaymentFailed, M.unexpectedError, { issue });
    }
    return JSON.parse(text) as T;
  }
}
