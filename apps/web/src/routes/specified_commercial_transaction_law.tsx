import { createFileRoute, useRouter } from '@tanstack/react-router';
import { helpQueries } from '../features/help/help.api';
import { LegalDocumentPage, LegalError, LegalPending } from '../features/help/legal-page';

/** 特定商取引法に基づく表記 (002 §2 footer link). */
export const Route = createFileRoute('/specified_commercial_transaction_law')({
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(helpQueries.legal('tokushoho')),
  pendingComponent: LegalPending,
  errorComponent: function LegalRouteError({ reset }) {
    const router = useRouter();
    return <LegalError onRetry={() => { reset(); void router.invalidate(); }} />;
  },
  component: () => <LegalDocumentPage docKey="tokushoho" />,
});
