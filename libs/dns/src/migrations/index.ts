import { CreateRegistrarLog1795000000000 } from '@registrar/epp';
import { DnsInit1795433458532 } from './1795433458532-dns-init';
import { Forwarding17975290000003 } from './17975290000003-forwarding';

/** Every migration of the dns schema, in order (the registrar log of the DS updates included). Never edit one that has landed. */
export const DNS_MIGRATIONS = [CreateRegistrarLog1795000000000, DnsInit1795433458532, Forwarding17975290000003];
