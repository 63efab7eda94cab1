/** Injection tokens of the RPC clients the gateway (and services) use to call each service. */
export const CATALOG_CLIENT = 'CATALOG_CLIENT';
export const AVAILABILITY_CLIENT = 'AVAILABILITY_CLIENT';
export const ORDERS_CLIENT = 'ORDERS_CLIENT';
export const DOMAIN_OPS_CLIENT = 'DOMAIN_OPS_CLIENT';
export const DNS_CLIENT = 'DNS_CLIENT';
export const WHOIS_MAIL_CLIENT = 'WHOIS_MAIL_CLIENT';
export const ADMIN_CLIENT = 'ADMIN_CLIENT';
