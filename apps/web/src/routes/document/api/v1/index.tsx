import { createFileRoute, useRouter } from '@tanstack/react-router';
import { ApiDocsError, ApiDocsPage, ApiDocsPending, apiDocQueries } from '../../../../features/api-docs/api-docs-page';

/** The API ドキュメント page (002 §2 header and footer link document/api/v1/). */
export const Route = createFileRoute('/document/api/v1/')({
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(apiDocQueries.document()),
  pendingComponent: ApiDocsPending,
  errorComponent: function ApiDocsRouteError({ reset }) {
    const router = useRouter();
    return (
      <ApiDocsError
        onRetry={() => {
          reset();
          void router.invalidate();
        }}
      />
    );
  },
  component: ApiDocsPage,
});
