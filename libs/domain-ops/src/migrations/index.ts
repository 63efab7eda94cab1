import { CreateRegistrarLog1795000000000 } from '@registrar/epp';
import { DomainOpsInit1795500000000 } from './1795500000000-domain-ops-init';
import { WhoisProxyAndContacts1795533242933 } from './1795533242933-whois-proxy-and-contacts';
import { ApiSettingsAndJpContacts1795534000000 } from './1795534000000-api-settings-and-jp-contacts';
import { DomainList1795610000000 } from './1795610000000-domain-list';
import { DomainListDueKey1795620000000 } from './1795620000000-domain-list-due-key';
import { DomainOperations1795535500000 } from './1795535500000-domain-operations';
import { Renewals1795600000000 } from './1795600000000-renewals';
import { ContractStats1797000000100 } from './1797000000100-contract-stats';
import { Transfers1797012000000 } from './1797012000000-transfers';
import { DomainListVersions17970265000001 } from './17970265000001-domain-list-versions';
import { MarketHold17973000000000 } from './17973000000000-market-hold';
import { ExpiredTabIndex17974000000000 } from './17974000000000-expired-tab-index';
import { TransferSendClaim17974500000000 } from './17974500000000-transfer-send-claim';
import { AutoRenewClaim17975000000000 } from './17975000000000-auto-renew-claim';

/**
 * Every migration of the domain_ops schema, in order. Never edit one that has landed; add a new one. TypeORM runs
 * them in timestamp order, so a new one's timestamp must be above the last one's (the init is 1795500000000).
 */
export const DOMAIN_OPS_MIGRATIONS = [CreateRegistrarLog1795000000000, DomainOpsInit1795500000000, WhoisProxyAndContacts1795533242933, ApiSettingsAndJpContacts1795534000000, DomainOperations1795535500000, Renewals1795600000000, DomainList1795610000000, DomainListDueKey1795620000000, ContractStats1797000000100, Transfers1797012000000, DomainListVersions17970265000001, MarketHold17973000000000, ExpiredTabIndex17974000000000, TransferSendClaim17974500000000, AutoRenewClaim17975000000000];
