import { createFileRoute } from '@tanstack/react-router';
import { DetailPage } from '../../../../features/admin-whois-mail/detail-page';

/** One WHOIS proxy mail (the id is the last path segment), super admins only. */
export const Route = createFileRoute('/admin/whois/emails/$id')({
  component: DetailPage,
});
