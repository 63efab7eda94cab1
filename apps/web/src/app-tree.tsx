import { StrictMode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider, type AnyRouter } from '@tanstack/react-router';
import { AppProviders } from './app-providers';
import { theme } from './theme';

/**
 * The app's element tree, the same in the browser (main.tsx) and on the server (ssr/entry-server.tsx): hydration
 * needs the very same tree, down to the ids React's useId gives the form fields.
 */
export function AppTree({ router, queryClient }: { router: AnyRouter; queryClient: QueryClient }) {
  return (
    <StrictMode>
      <MantineProvider theme={theme}>
        <QueryClientProvider client={queryClient}>
          <AppProviders>
            <RouterProvider router={router} />
          </AppProviders>
        </QueryClientProvider>
      </MantineProvider>
    </StrictMode>
  );
}
