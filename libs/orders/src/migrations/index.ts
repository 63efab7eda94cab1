import { OrdersInit1763800000000 } from './1763800000000-orders-init';
import { PaymentSessionProvider1763900000000 } from './1763900000000-payment-session-provider';
import { PaymentSessionFingerprint1764000000000 } from './1764000000000-payment-session-fingerprint';
import { CardDefault1797100000000 } from './1797100000000-card-default';
import { ChargeVoids1797300000000 } from './1797300000000-charge-voids';
import { PointChangeFunction1797400000000 } from './1797400000000-point-change-function';
import { PaymentSessionMarket1797500000000 } from './1797500000000-payment-session-market';

/** Every migration of the orders schema, in order. Never edit one that has landed; add a new one. */
export const ORDERS_MIGRATIONS = [OrdersInit1763800000000, PaymentSessionProvider1763900000000, PaymentSessionFingerprint1764000000000, CardDefault1797100000000, ChargeVoids1797300000000, PointChangeFunction1797400000000, PaymentSessionMarket1797500000000];
