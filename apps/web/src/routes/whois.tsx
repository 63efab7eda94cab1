import { createFileRoute } from '@tanstack/react-router';
import { WhoisLookupPage } from '../features/public-tools/whois-lookup-page';

export const Route = createFileRoute('/whois')({
  component: WhoisLookupPage,
});
