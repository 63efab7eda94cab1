import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, Min } from 'class-validator';
import { BaseConfig, Deployed } from '@registrar/infra';

/**
 * Configuration of the orders service. With real keys (sk_live_/sk_test_ from the Stripe dashboard) the card adapter
 * talks to api.stripe.com; in the local runtime and the tests the same SDK code is pointed at the local
 * Stripe-compatible server with STRIPE_API_HOST/PORT/PROTOCOL.
 */
export class OrdersConfig extends BaseConfig {
  @Deployed()
  @IsString()
  STRIPE_SECRET_KEY = 'sk_test_local';

  @Deployed()
  @IsString()
  STRIPE_WEBHOOK_SECRET = 'whsec_local';

  /** empty: Stripe's own host */
  @IsOptional()
  @IsString()
  STRIPE_API_HOST = '';

  @IsOptional()
  @IsString()
  STRIPE_API_PORT = '';

  @IsOptional()
  @IsIn(['', 'http', 'https'])
  STRIPE_API_PROTOCOL: '' | 'http' | 'https' = '';

  /** Seconds of clock skew a webhook signature may have. */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  STRIPE_WEBHOOK_TOLERANCE_S = 300;

  /** The largest cart (the spec leaves the value to us). */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(1000)
  CART_MAX_SIZE = 100;

  /** How often waiting payment sessions are reconciled with their provider (0: never). */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  ORDERS_RECONCILE_EVERY_S = 300;

  /** A session is reconciled once it has waited this long for its provider. */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  ORDERS_RECONCILE_AFTER_S = 600;

  /** Wallet (PayPal-style) credentials; the adapter refuses to run without them. */
  @IsOptional()
  @IsString()
  PAYPAL_CLIENT_ID = '';

  @IsOptional()
  @IsString()
  PAYPAL_CLIENT_SECRET = '';

  @IsOptional()
  @IsString()
  PAYPAL_API_BASE = '';

  /**
   * The account members pay bank-transfer top-ups into, as shown on the ラッコポイント page (bank, branch, type,
   * number, holder). Empty: the page asks the member to contact support for it.
   */
  @IsOptional()
  @IsString()
  BANK_TRANSFER_ACCOUNT = '';
}
