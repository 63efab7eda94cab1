import { WhoisMailInit1795433336517 } from './1795433336517-whois-mail-init';
import { WhoisMailBatch1799900000000 } from './1799900000000-whois-mail-batch';
import { WhoisMailLease1800100000000 } from './1800100000000-whois-mail-lease';

export const WHOIS_MAIL_SCHEMA = 'whois_mail';

/** Every migration of the whois_mail schema, in order. Never edit one that has landed; add a new one. */
export const WHOIS_MAIL_MIGRATIONS = [WhoisMailInit1795433336517, WhoisMailBatch1799900000000, WhoisMailLease1800100000000];
