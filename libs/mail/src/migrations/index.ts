import { MailInit1795900000000 } from './1795900000000-mail-init';

export const MAIL_MIGRATIONS = [MailInit1795900000000];
