import { createFileRoute } from '@tanstack/react-router';
import { PageContainer } from '@registrar/ui';
import { requireMember } from '../../features/account/require-member';
import { ReceiptPage } from '../../features/money/statement-page';

/** The receipt of one charge, printable (or saved as PDF by the browser). */
export const Route = createFileRoute('/account_statement/receipt')({
  validateSearch: (s: Record<string, unknown>) => ({ kind: s.kind === 'bank' ? 'bank' : 'payment', id: typeof s.id === 'string' ? s.id.slice(0, 64) : String(s.id ?? '') }),
  beforeLoad: requireMember,
  component: Receipt,
});

function Receipt() {
  const { kind, id } = Route.useSearch();
  return <PageContainer size={800}><ReceiptPage kind={kind} id={id} /></PageContainer>;
}
