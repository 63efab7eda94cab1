import { createFileRoute } from '@tanstack/react-router';
import { WhoisLookupPage } from '../features/public-tools/whois-lookup-page';

export const Route = createFileRoute('/whois')({
  validateSearch: (s: Record<string, unknown>): { domain?: string } => (typeof s.domain === 'string' && s.domain.length <= 253 ? { domain: s.domain } : {}),
  component: WhoisRoute,
});

function WhoisRoute() {
  const { domain } = Route.useSearch();
  return <WhoisLookupPage initial={domain} />;
}
