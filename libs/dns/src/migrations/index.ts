import { CreateRegistrarLog1795000000000 } from '@registrar/epp';
import { DnsInit1795433458532 } from './1795433458532-dns-init';
import { Dnssec1795700000000 } from './1795700000000-dnssec';
import { Forwarding17975290000003 } from './17975290000003-forwarding';
import { ForwardCerts17975290000004 } from './17975290000004-forward-certs';

/** Every migration of the dns schema, in order (the registrar log of the DS updates included). Never edit one that has landed. */
export const DNS_MIGRATIONS = [CreateRegistrarLog1795000000000, DnsInit1795433458532, Dnssec1795700000000, Forwarding17975290000003, ForwardCerts17975290000004];
