import { createRouter } from '@tanstack/react-router';
import { routeTree } from './routeTree.gen';
import { newQueryClient, routerOptions, startApp } from './app-start';

/** The whole app's entry (index.html): the member and admin pages, served as the client app's shell. */
const queryClient = newQueryClient();
const router = createRouter({ routeTree, ...routerOptions(queryClient) });

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

startApp(router, queryClient);
