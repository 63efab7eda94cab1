import { WhoisProxyAndContacts1795533242933 } from './1795533242933-whois-proxy-and-contacts';
import { ProxyContactReserve17976000000000 } from './17976000000000-proxy-contact-reserve';
import { ProxyReserveRetiring17977000000040 } from './17977000000040-proxy-reserve-retiring';
import { ProxyReserveStaleSince17977000000045 } from './17977000000045-proxy-reserve-stale-since';
import { ProxyAddressNotify17978300000000 } from './17978300000000-proxy-address-notify';

/** The tables of the domain_ops schema WHOIS owns (only it writes them; any feature may read them; ADR 0036). */
export const WHOIS_TABLES = ['proxy_identities', 'proxy_contact_reserve'] as const;

/** WHOIS's migrations (its tables, and the columns and indexes of shared tables it added). */
export const WHOIS_MIGRATIONS = [WhoisProxyAndContacts1795533242933, ProxyContactReserve17976000000000, ProxyReserveRetiring17977000000040, ProxyReserveStaleSince17977000000045, ProxyAddressNotify17978300000000];
