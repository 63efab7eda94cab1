import { createFileRoute } from '@tanstack/react-router';
import { HomePage } from '../features/home/home-page';
import { tldQueries } from '../features/catalog/queries';

export const Route = createFileRoute('/')({
  // warm the price tiles without blocking the search box: the tiles show their own loading, empty and error states
  loader: ({ context: { queryClient } }) => {
    void queryClient.prefetchQuery(tldQueries.topTiles());
  },
  component: HomePage,
});
