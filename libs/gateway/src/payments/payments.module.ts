import { Module } from '@nestjs/common';
import { loadConfig, rpcClientModule } from '@registrar/infra';
import { ORDERS_CLIENT } from '@registrar/contracts';
import { CartController } from '../cart/cart.controller';
import { GatewayConfig } from '../gateway.config';
import { BankTransferController } from './bank-transfer.controller';
import { CardsController } from './cards.controller';
import { OrdersClient } from './orders.client';
import { PaymentSessionsController } from './payment-sessions.controller';
import { PointsController } from './points.controller';
import { StripeWebhookController } from './stripe-webhook.controller';

/** The gateway's side of the orders service: points, cards, payment sessions, the Stripe webhook, bank transfer, the cart. */
@Module({
  imports: [rpcClientModule(ORDERS_CLIENT)],
  controllers: [PointsController, CardsController, PaymentSessionsController, StripeWebhookController, BankTransferController, CartController],
  providers: [OrdersClient, { provide: GatewayConfig, useFactory: () => loadConfig(GatewayConfig) }],
})
export class PaymentsModule {}
