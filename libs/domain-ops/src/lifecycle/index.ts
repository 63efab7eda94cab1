/**
 * The domain lifecycle (a feature of domain-ops): registration orders, renewal, transfers in and out, the provisional
 * .co.jp activation, and the daily sweeps (auto-renew, expiry notices). Its public face for the feature above it
 * (registry-sync) and for the composition (domain-ops.module.ts); see ../../README.md.
 */
import type { Provider, Type } from '@nestjs/common';
import { JpActivationRpcController } from './activation/jp-activation.rpc.controller';
import { JpActivationService } from './activation/jp-activation.service';
import { LifecycleRepository } from './expiry/lifecycle.repository';
import { LifecycleQueue } from './lifecycle.queue';
import { LifecycleRpcController } from './lifecycle.rpc.controller';
import { RegistrationOrderRepository } from './orders/registration-order.repository';
import { RegistrationOrderService } from './orders/registration-order.service';
import { RenewalRepository } from './renewal/renewal.repository';
import { RenewalService } from './renewal/renewal.service';
import { TransferRepository } from './transfer/transfer.repository';
import { TransferRpcController } from './transfer/transfer.rpc.controller';
import { TransferService } from './transfer/transfer.service';
import { TransferSettlement } from './transfer/transfer.settlement';

export { LIFECYCLE_JOBS } from './lifecycle.jobs';
export { LIFECYCLE_MIGRATIONS, LIFECYCLE_TABLES } from './migrations';
export { LifecycleQueue, orderJobId, registerJobId } from './lifecycle.queue';
export { itemKeys } from './orders/item-keys';
export { type OrderItem, type RegistrationOrder, RegistrationOrderRepository } from './orders/registration-order.repository';
export { type StuckCursor } from './stuck-page';
export { RegistrationOrderService } from './orders/registration-order.service';
export { RegisterDomainJob } from './orders/register-domain.job';
export { CompleteOrderJob } from './orders/complete-order.job';
export { RenewDomainJob } from './renewal/renew-domain.job';
export { CompleteRenewalJob } from './renewal/complete-renewal.job';
export { renewalKeys } from './renewal/renewal-keys';
export { type Renewal, type RenewalItem, RenewalRepository } from './renewal/renewal.repository';
export { RenewalService } from './renewal/renewal.service';
export { type TransferIn, TransferRepository } from './transfer/transfer.repository';
export { TransferSettlement, transferMoneyKeys } from './transfer/transfer.settlement';

export const LIFECYCLE_PROVIDERS: Provider[] = [
  LifecycleQueue, RegistrationOrderRepository, RegistrationOrderService, RenewalRepository, RenewalService, LifecycleRepository,
  TransferRepository, TransferSettlement, TransferService, JpActivationService,
];
export const LIFECYCLE_CONTROLLERS: Type[] = [LifecycleRpcController, TransferRpcController, JpActivationRpcController];
