import { createFileRoute } from '@tanstack/react-router';
import { InboxPage } from '../../../../features/admin-whois-mail/inbox-page';
import { requireSuperAdmin } from '../../../../features/admin-whois-mail/require-super';
import { validateInboxSearch } from '../../../../features/admin-whois-mail/whois-mail.api';

/** The WHOIS proxy mail inbox (002 spec), super admins only. */
export const Route = createFileRoute('/admin/whois/emails/')({
  beforeLoad: requireSuperAdmin,
  validateSearch: validateInboxSearch,
  component: InboxPage,
});
