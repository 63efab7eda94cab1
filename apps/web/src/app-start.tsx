import ReactDOM from 'react-dom/client';
import type { AnyRouter } from '@tanstack/react-router';
import { hydrate, QueryClient } from '@tanstack/react-query';
import { searchSerialization } from './lib/router-search';
import './styles/mantine.css';
import './styles/global.css';
import { AppTree } from './app-tree';

/**
 * Starts the app in the browser with a route tree: the whole app's (main.tsx, the member and admin pages' entry) or
 * the public pages' alone (public-main.tsx, the entry of a server-rendered public page).
 */
export function routerOptions(queryClient: QueryClient) {
  // readable URLs: filter values as they are (?isAutoUpdate=0), JSON only for arrays and objects (@registrar/rules url-search)
  return { context: { queryClient }, defaultPreload: 'intent' as const, defaultPreloadStaleTime: 0, scrollRestoration: true, ...searchSerialization };
}

export function newQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { staleTime: 60_000, retry: 1, refetchOnWindowFocus: false } } });
}

export function startApp(router: AnyRouter, queryClient: QueryClient): void {
  const app = <AppTree router={router} queryClient={queryClient} />;
  const root = document.getElementById('root')!;
  // a public page arrives server-rendered (the gateway's PageRenderer) with the query cache its loaders filled:
  // hydrate that markup once the matched route's code is loaded, without fetching the data again
  const stateEl = document.getElementById('__QUERY_STATE__');
  if (stateEl && root.hasChildNodes()) {
    // until the markup is hydrated its buttons and menus have no handlers yet: rather than lose a click or a tap, the
    // page takes none for that moment (it is readable and scrollable all along; AppProviders lifts this once hydrated)
    // (public/boot.js has done so already, keeping the search form usable)
    if (!root.hasAttribute('data-boot')) root.inert = true;
    hydrate(queryClient, JSON.parse(stateEl.textContent || '{}'));
    // the router renders the same boundaries as on the server only when it knows the page was server-rendered
    router.ssr = { manifest: undefined };
    void router.load().then(() => ReactDOM.hydrateRoot(root, app));
  } else {
    ReactDOM.createRoot(root).render(app);
  }
}
