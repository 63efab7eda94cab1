import { createFileRoute } from '@tanstack/react-router';
import { TransferEntryPage } from '../../../features/transfer/transfer-entry-page';

interface EntrySearch {
  errorMessage?: string;
  domainNames?: string;
  /** prefill from a domains list (repeated or comma-separated) */
  domains?: string;
}
const str = (v: unknown) => (typeof v === 'string' && v.length <= 20_000 ? v : undefined);

/** Transfer-in entry (000 §2): refused forms come back with errorMessage and domainNames. */
export const Route = createFileRoute('/mypage/transferin/')({
  validateSearch: (s: Record<string, unknown>): EntrySearch => ({
    errorMessage: str(s.errorMessage), domainNames: str(s.domainNames),
    domains: Array.isArray(s.domains) ? s.domains.map(String).join('\n') : str(s.domains)?.split(',').join('\n'),
  }),
  component: Entry,
});

function Entry() {
  const s = Route.useSearch();
  return <TransferEntryPage errorMessage={s.errorMessage} domainNames={s.domainNames ?? s.domains} />;
}
