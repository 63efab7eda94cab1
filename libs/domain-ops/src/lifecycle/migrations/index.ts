import { Renewals1795600000000 } from './1795600000000-renewals';
import { Transfers1797012000000 } from './1797012000000-transfers';
import { TransferSendClaim17974500000000 } from './17974500000000-transfer-send-claim';
import { AutoRenewClaim17975000000000 } from './17975000000000-auto-renew-claim';
import { RegistrationLockState17976000000001 } from './17976000000001-registration-lock-state';
import { RenewalItemsPendingIndex17978000000047 } from './17978000000047-renewal-items-pending-index';
import { RegistrationCreateMark17978200000000 } from './17978200000000-registration-create-mark';

/**
 * The tables of the domain_ops schema the lifecycle owns (only it writes them; any feature may read them; ADR 0036).
 * The registration orders were created by the shared init, before the lifecycle had a folder.
 */
export const LIFECYCLE_TABLES = [
  'registration_orders', 'registration_order_items', 'renewal_orders', 'renewal_order_items', 'transfer_holds', 'transfer_ins', 'transfer_outs', 'poll_messages',
] as const;

/** The lifecycle's migrations. */
export const LIFECYCLE_MIGRATIONS = [Renewals1795600000000, Transfers1797012000000, TransferSendClaim17974500000000, AutoRenewClaim17975000000000, RegistrationLockState17976000000001,
  RenewalItemsPendingIndex17978000000047, RegistrationCreateMark17978200000000];
