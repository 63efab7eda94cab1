import { createFileRoute } from '@tanstack/react-router';
import { DomainListPage, DomainListPending } from '../../../features/domains/domain-list-page';
import { validateDomainListSearch } from '../../../features/domains/list-search';

/** The member's domain list (001 spec §2): filters, tab, page, size and sort in the URL. */
export const Route = createFileRoute('/mypage/domain/')({
  validateSearch: validateDomainListSearch,
  pendingComponent: DomainListPending,
  component: DomainListPage,
});
