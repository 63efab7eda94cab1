/**
 * The server entry of the web app (built by `vite build --ssr`, loaded by the gateway's PageRenderer): renders a public
 * page with the same route tree and components as the browser, after its loaders ran, and hands back the markup, the
 * dehydrated query cache (the browser hydrates from it without fetching again), the status and the page's <head>.
 */
import { dehydrate, QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, createRouter } from '@tanstack/react-router';
import { renderToString } from 'react-dom/server';
import { setApiOrigin } from '../lib/api';
import { routeTree } from '../routeTree.gen';
import { searchSerialization } from '../lib/router-search';
import { AppTree } from '../app-tree';
import { NOT_FOUND_HEAD, PUBLIC_PAGES, type PageHead, type PublicPage } from './public-pages';

export { PUBLIC_PAGES } from './public-pages';

export interface RenderResult {
  /** 200 for a public page, 404 for an unknown URL or TLD */
  status: number;
  /** the markup of #root */
  html: string;
  /** the dehydrated TanStack Query cache, for hydrateRoot */
  state: unknown;
  head: PageHead & { canonicalPath: string };
  /** where a route's redirect sends the request (status is the redirect's) */
  redirect?: string;
}

export type PageKind = 'public' | 'app' | 'unknown';

const probe = createRouter({ routeTree, history: createMemoryHistory({ initialEntries: ['/'] }), context: { queryClient: new QueryClient() }, ...searchSerialization });

function publicPageFor(routePath: string | undefined): PublicPage | undefined {
  return routePath === undefined ? undefined : PUBLIC_PAGES.find((p) => p.path === routePath);
}

/** Resolves once no query is fetching (or after `ms`: the page is then rendered with what has arrived). */
function settled(queryClient: QueryClient, ms: number): Promise<void> {
  return new Promise((resolve) => {
    if (queryClient.isFetching() === 0) return resolve();
    const timer = setTimeout(done, ms);
    const unsubscribe = queryClient.getQueryCache().subscribe(() => {
      if (queryClient.isFetching() === 0) done();
    });
    function done() {
      clearTimeout(timer);
      unsubscribe();
      resolve();
    }
  });
}

/** What the gateway does with a path: render it (public page), serve the client app (member/admin) or a 404 page. */
export function classify(pathname: string): PageKind {
  const [, rawParams, found] = probe.getMatchedRoutes(pathname);
  // a fuzzy match (a known page's path with more segments after it) is not that page
  if (!found || found.id === '__root__' || (found.path !== '/' && rawParams['**'])) return 'unknown';
  return publicPageFor(found.fullPath) ? 'public' : 'app';
}

/**
 * Renders `url` (path and query). `origin` is where the loaders' API calls go (the gateway itself, over loopback);
 * calls go out as a guest: a public page's HTML is the same for everyone and is cached by the gateway.
 */
export async function render(url: string, origin: string, depth = 0): Promise<RenderResult> {
  setApiOrigin(origin);
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 60_000, retry: false, refetchOnWindowFocus: false } } });
  const router = createRouter({ routeTree, context: { queryClient }, history: createMemoryHistory({ initialEntries: [url] }), isServer: true, defaultPendingMs: 0, ...searchSerialization });
  await router.load();
  // the router answers a non-canonical URL (a trailing slash, search params it normalises) with a redirect to the
  // canonical one: that page is rendered for this URL (the browser keeps its address, the canonical link names the
  // canonical one); a redirect a route itself throws (beforeLoad) is answered as an HTTP redirect
  const served = (router as unknown as { _serverResult?: { type: string; redirect?: { options?: { href?: string }; status?: number; headers?: Headers } } })._serverResult;
  if (served?.type === 'redirect') {
    const r = served.redirect;
    const location = r?.headers?.get?.('Location') ?? r?.options?.href ?? '/';
    const samePage = (u: string) => new URL(u, 'http://x').pathname.replace(/\/+$/, '') || '/';
    if (depth === 0 && samePage(location) === samePage(url)) return render(location, origin, depth + 1);
    return { status: r?.status && r.status >= 300 && r.status < 400 ? r.status : 302, redirect: location, html: '', state: null, head: { ...NOT_FOUND_HEAD, canonicalPath: location } };
  }
  // queries a loader started without awaiting them (the top page's tiles) are part of the page too
  await settled(queryClient, 10_000);
  const matches = router.state.matches;
  const leaf = matches[matches.length - 1];
  const failed = matches.find((m) => m.status === 'error');
  if (failed) throw failed.error instanceof Error ? failed.error : new Error(`loader of ${failed.routeId} failed`);
  const notFound = matches.some((m) => m.status === 'notFound' || (m as { _notFound?: boolean })._notFound) || !leaf || leaf.routeId === '__root__';
  const page = notFound ? undefined : publicPageFor(router.routesById[leaf.routeId]?.fullPath);
  const search = router.state.location.search as Record<string, unknown>;
  const head = page ? page.head({ params: leaf.params as Record<string, string>, search, queryClient }) : NOT_FOUND_HEAD;
  const html = renderToString(<AppTree router={router} queryClient={queryClient} />);
  let canonicalPath = router.state.location.pathname;
  if (page?.trailingSlash && !canonicalPath.endsWith('/')) canonicalPath += '/';
  if (page?.canonicalSearch) {
    const qs = new URLSearchParams();
    for (const k of page.canonicalSearch) if (typeof search[k] === 'string' && search[k]) qs.set(k, search[k] as string);
    if (qs.size) canonicalPath += `?${qs}`;
  }
  return {
    status: notFound ? 404 : 200,
    html,
    state: dehydrate(queryClient, { shouldDehydrateQuery: (q) => q.state.status !== 'pending' && q.queryKey[0] !== 'session' }),
    head: { ...head, canonicalPath },
  };
}
