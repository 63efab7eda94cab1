import { Injectable } from '@nestjs/common';
import { OrdersErrorCode } from '@registrar/contracts';
import { OrdersException } from '../../common/orders.exception';
import { OrdersConfig } from '../../orders.config';
import { PaymentProvider, TopUpOutcome, TopUpRequest } from '../payment-provider.port';

/**
 * Wallet adapter (PayPal-style), NOT YET WIRED. The spec's flow: the wallet button is loaded for currency JPY, locale
 * ja_JP, card funding disabled; it creates an order for one item 'points' at the amount; on approval the browser
 * sends the order id as a payment of the wallet type, and the server captures it:
 *
 *   startTopUp({ walletOrderId, amount, reference }) ->
 *     GET  {PAYPAL_API_BASE}/v2/checkout/orders/{walletOrderId}      check: APPROVED, one item 'points', JPY, value == amount
 *     POST {PAYPAL_API_BASE}/v2/checkout/orders/{walletOrderId}/capture  (PayPal-Request-Id: reference, so a retry never captures twice)
 *     -> succeeded with providerRef = capture id, or failed
 *
 * The payment-session service then credits the points exactly as for a card (idempotency key wallet:{capture id}).
 * Until a wallet account (PAYPAL_CLIENT_ID/SECRET) and a local wallet-compatible fake exist, this adapter refuses with
 * PROVIDER_NOT_CONFIGURED, and the web app hides the wallet tab.
 */
@Injectable()
export class WalletPaymentProvider implements PaymentProvider {
  readonly type = 'wallet' as const;

  constructor(private readonly config: OrdersConfig) {}

  get configured(): boolean {
    return !!(this.config.PAYPAL_CLIENT_ID && this.config.PAYPAL_CLIENT_SECRET && this.config.PAYPAL_API_BASE);
  }

  async startTopUp(_req: TopUpRequest): Promise<TopUpOutcome> {
    throw new OrdersException(OrdersErrorCode.ProviderNotConfigured, 'wallet payments are not available yet');
  }

  async topUpStatus(_providerRef: string): Promise<TopUpOutcome> {
    throw new OrdersException(OrdersErrorCode.ProviderNotConfigured, 'wallet payments are not available yet');
  }
}
