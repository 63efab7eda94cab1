import { createFileRoute, useRouter } from '@tanstack/react-router';
import { helpQueries } from '../../features/help/help.api';
import { LegalDocumentPage, LegalError, LegalPending } from '../../features/help/legal-page';

/** 利用規約 (footer link knowledge/terms/, the agreement checkboxes of sign-up, checkout, renewal and transfer). */
export const Route = createFileRoute('/knowledge/terms')({
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(helpQueries.legal('terms')),
  pendingComponent: LegalPending,
  errorComponent: function LegalRouteError({ reset }) {
    const router = useRouter();
    return <LegalError onRetry={() => { reset(); void router.invalidate(); }} />;
  },
  component: () => <LegalDocumentPage docKey="terms" />,
});
