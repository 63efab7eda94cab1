import { ApiSettingsAndJpContacts1795534000000 } from './1795534000000-api-settings-and-jp-contacts';
import { DomainOperations1795535500000 } from './1795535500000-domain-operations';
import { DomainList1795610000000 } from './1795610000000-domain-list';
import { DomainListDueKey1795620000000 } from './1795620000000-domain-list-due-key';
import { ContractStats1797000000100 } from './1797000000100-contract-stats';
import { DomainListVersions17970265000001 } from './17970265000001-domain-list-versions';
import { MarketHold17973000000000 } from './17973000000000-market-hold';
import { ExpiredTabIndex17974000000000 } from './17974000000000-expired-tab-index';
import { OperationItemsFillfactor17977100000000 } from './17977100000000-operation-items-fillfactor';
import { DomainListVersionsSkipEmpty17978100000000 } from './17978100000000-domain-list-versions-skip-empty';
import { NameServersUpdatedAt17979000000000 } from './17979000000000-name-servers-updated-at';

/**
 * The tables of the domain_ops schema the portfolio owns (only it writes them; any feature may read them; ADR 0036).
 * `default_settings` and `prereqs` were created by the shared init, before the portfolio had a folder.
 */
export const PORTFOLIO_TABLES = [
  'default_settings', 'prereqs', 'api_settings', 'operation_runs', 'operation_items', 'move_requests', 'domain_influx_histories', 'tld_policies',
  'domain_list_versions', 'market_moves',
] as const;

/** The portfolio's migrations (its tables, and the columns and indexes of shared tables it added for the list, stats and market). */
export const PORTFOLIO_MIGRATIONS = [
  ApiSettingsAndJpContacts1795534000000, DomainOperations1795535500000, DomainList1795610000000, DomainListDueKey1795620000000, ContractStats1797000000100,
  DomainListVersions17970265000001, MarketHold17973000000000, ExpiredTabIndex17974000000000,
  OperationItemsFillfactor17977100000000, DomainListVersionsSkipEmpty17978100000000, NameServersUpdatedAt17979000000000,
];
