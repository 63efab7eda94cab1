import { createFileRoute, useRouter } from '@tanstack/react-router';
import { helpQueries } from '../../features/help/help.api';
import { LegalDocumentPage, LegalError, LegalPending } from '../../features/help/legal-page';

/** プライバシーポリシー (sign-up and the footer). */
export const Route = createFileRoute('/knowledge/privacy')({
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(helpQueries.legal('privacy')),
  pendingComponent: LegalPending,
  errorComponent: function LegalRouteError({ reset }) {
    const router = useRouter();
    return <LegalError onRetry={() => { reset(); void router.invalidate(); }} />;
  },
  component: () => <LegalDocumentPage docKey="privacy" />,
});
