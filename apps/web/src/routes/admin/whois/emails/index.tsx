import { createFileRoute } from '@tanstack/react-router';
import { InboxPage } from '../../../../features/admin-whois-mail/inbox-page';
import { validateInboxSearch } from '../../../../features/admin-whois-mail/inbox-search';

/** The WHOIS proxy mail inbox (002 spec), super admins only (the /admin layout guards the area; the server every call). */
export const Route = createFileRoute('/admin/whois/emails/')({
  validateSearch: validateInboxSearch,
  component: InboxPage,
});
