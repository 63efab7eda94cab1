import { createFileRoute, useRouter } from '@tanstack/react-router';
import { helpQueries } from '../features/help/help.api';
import { LegalDocumentPage, LegalError, LegalPending } from '../features/help/legal-page';

/** 運営会社 (operator details from the site configuration). */
export const Route = createFileRoute('/company')({
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(helpQueries.legal('company')),
  pendingComponent: LegalPending,
  errorComponent: function LegalRouteError({ reset }) {
    const router = useRouter();
    return <LegalError onRetry={() => { reset(); void router.invalidate(); }} />;
  },
  component: () => <LegalDocumentPage docKey="company" />,
});
