import { Logger, Module } from '@nestjs/common';
import { BullModule } from '@nestjs/bullmq';
import { bullRootModule, loadConfig, rpcClientModule } from '@registrar/infra';
import { AVAILABILITY_CLIENT, CATALOG_CLIENT, QueueName } from '@registrar/contracts';
import { schemaTypeOrmModule } from '@registrar/db';
import { CartRepository } from './cart/cart.repository';
import { CartRpcController } from './cart/cart.rpc.controller';
import { CartService } from './cart/cart.service';
import { AvailabilityClaimCheck, CART_CLAIM_CHECK } from './cart/claim-check.port';
import { CatalogRpcTlds, TLD_CATALOG } from './cart/tld-catalog.port';
import { LedgerRepository } from './ledger/ledger.repository';
import { LedgerRpcController } from './ledger/ledger.rpc.controller';
import { LedgerService } from './ledger/ledger.service';
import { ORDERS_JOB_DEFAULTS, OrdersProcessor, OrdersSchedules } from './jobs/orders.queue';
import { ORDERS_MIGRATIONS } from './migrations';
import { StatementService } from './statement/statement.service';
import { OrdersConfig } from './orders.config';
import { BankTransferRepository } from './payments/bank-transfer/bank-transfer.repository';
import { BankTransferService } from './payments/bank-transfer/bank-transfer.service';
import { CardPaymentProvider } from './payments/card/card-payment.provider';
import { CardRepository } from './payments/card/card.repository';
import { CardService } from './payments/card/card.service';
import { createStripe, STRIPE } from './payments/card/stripe.client';
import { PAYMENT_PROVIDERS } from './payments/payment-provider.port';
import { PaymentsRpcController } from './payments/payments.rpc.controller';
import { PaymentSessionRepository } from './payments/session/payment-session.repository';
import { PaymentSessionService } from './payments/session/payment-session.service';
import { ReconcilePaymentsJob } from './payments/session/reconcile-payments.job';
import { WalletPaymentProvider } from './payments/wallet/wallet-payment.provider';
import { WebhookRepository } from './payments/webhooks/webhook.repository';
import { StripeWebhookService } from './payments/webhooks/stripe-webhook.service';

export const ordersConfig = () => {
  const c = loadConfig(OrdersConfig);
  if (c.NODE_ENV === 'production' && !c.STRIPE_API_HOST && (c.STRIPE_SECRET_KEY === 'sk_test_local' || c.STRIPE_WEBHOOK_SECRET === 'whsec_local')) {
    // not fatal (a demo deployment may not take cards), but loud: card payments and webhooks cannot work like this
    new Logger('orders').error('STRIPE_SECRET_KEY / STRIPE_WEBHOOK_SECRET are not configured: card payments will fail (docs/payments.md)');
  }
  return c;
};

/** The orders service: carts, the points ledger (RP), cards and payment sessions, bank-transfer top-ups. */
@Module({
  imports: [schemaTypeOrmModule({ schema: 'orders', entities: [], migrations: ORDERS_MIGRATIONS }), rpcClientModule(CATALOG_CLIENT), rpcClientModule(AVAILABILITY_CLIENT),
    bullRootModule(),
    BullModule.registerQueue({ name: QueueName.Orders, defaultJobOptions: ORDERS_JOB_DEFAULTS }),
  ],
  controllers: [LedgerRpcController, PaymentsRpcController, CartRpcController],
  providers: [
    { provide: OrdersConfig, useFactory: ordersConfig },
    { provide: STRIPE, useFactory: createStripe, inject: [OrdersConfig] },
    LedgerRepository,
    LedgerService,
    CardRepository,
    CardService,
    StatementService,
    CardPaymentProvider,
    WalletPaymentProvider,
    BankTransferRepository,
    BankTransferService,
    { provide: PAYMENT_PROVIDERS, useFactory: (card: CardPaymentProvider, wallet: WalletPaymentProvider, bank: BankTransferService) => [card, wallet, bank], inject: [CardPaymentProvider, WalletPaymentProvider, BankTransferService] },
    PaymentSessionRepository,
    PaymentSessionService,
    ReconcilePaymentsJob,
    OrdersProcessor,
    OrdersSchedules,
    WebhookRepository,
    StripeWebhookService,
    CartRepository,
    CartService,
    { provide: CART_CLAIM_CHECK, useClass: AvailabilityClaimCheck },
    { provide: TLD_CATALOG, useClass: CatalogRpcTlds },
  ],
  exports: [LedgerService, PaymentSessionService, CartService],
})
export class OrdersServiceModule {}
