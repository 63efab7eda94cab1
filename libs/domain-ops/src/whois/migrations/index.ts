import { WhoisProxyAndContacts1795533242933 } from './1795533242933-whois-proxy-and-contacts';

/** The tables of the domain_ops schema WHOIS owns (only it writes them; any feature may read them; ADR 0036). */
export const WHOIS_TABLES = ['proxy_identities'] as const;

/** WHOIS's migrations (its tables, and the columns and indexes of shared tables it added). */
export const WHOIS_MIGRATIONS = [WhoisProxyAndContacts1795533242933];
