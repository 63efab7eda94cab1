import React from 'react';
import ReactDOM from 'react-dom/client';
import { RouterProvider, createRouter } from '@tanstack/react-router';
import { hydrate, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MantineProvider } from '@mantine/core';
import '@mantine/core/styles.css';
import './styles/global.css';
import { routeTree } from './routeTree.gen';
import { theme } from './theme';
import { AppProviders } from './app-providers';

export const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 60_000, retry: 1, refetchOnWindowFocus: false } },
});

const router = createRouter({ routeTree, context: { queryClient }, defaultPreload: 'intent', defaultPreloadStaleTime: 0, scrollRestoration: true });

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

const app = (
  <React.StrictMode>
    <MantineProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <AppProviders>
          <RouterProvider router={router} />
        </AppProviders>
      </QueryClientProvider>
    </MantineProvider>
  </React.StrictMode>
);

const root = document.getElementById('root')!;
// a public page arrives server-rendered (the gateway's PageRenderer) with the query cache its loaders filled:
// hydrate that markup once the matched route's code is loaded, without fetching the data again
const stateEl = document.getElementById('__QUERY_STATE__');
if (stateEl && root.hasChildNodes()) {
  hydrate(queryClient, JSON.parse(stateEl.textContent || '{}'));
  void router.load().then(() => ReactDOM.hydrateRoot(root, app));
} else {
  ReactDOM.createRoot(root).render(app);
}
