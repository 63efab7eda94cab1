import { MailInit1795900000000 } from './1795900000000-mail-init';
import { MailClaims1800000000000 } from './1800000000000-mail-claims';

export const MAIL_MIGRATIONS = [MailInit1795900000000, MailClaims1800000000000];
