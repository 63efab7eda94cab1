import { createFileRoute } from '@tanstack/react-router';
import { ForwardingPage } from '../../../features/forwarding/forwarding-page';
import { validateForwardingSearch } from '../../../features/forwarding/forwarding-search';

function Page() {
  const { id } = Route.useSearch();
  return <ForwardingPage id={id} />;
}

/** 転送設定 of one domain (URL and mail forwarding, docs/forwarding.md): ?id= the domain. */
export const Route = createFileRoute('/mypage/domain/forwarding')({ validateSearch: validateForwardingSearch, component: Page });
