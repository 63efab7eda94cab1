import { createRouter, type AnyRouter, type BlockerFn } from '@tanstack/react-router';
import { buildPublicRouteTree } from './public-route-tree';
import { newQueryClient, routerOptions, startApp } from './app-start';

/**
 * The entry of a server-rendered public page (public.html; docs/web-public-pages.md "First load"): the same app with
 * the public pages' routes only. A link to any other page (member, admin, market…) is a page load: the gateway
 * serves that page with the whole app (index.html), or its 404 page.
 */
const queryClient = newQueryClient();
const router = createRouter({ routeTree: buildPublicRouteTree(), ...routerOptions(queryClient) }) as unknown as AnyRouter;

/** Whether this tree has a page at `pathname` (the test the server's classify() makes with the whole tree). */
function isPublicPath(pathname: string): boolean {
  const [, rawParams, found] = router.getMatchedRoutes(pathname) as unknown as [unknown, Record<string, string>, { id: string; path: string } | undefined];
  return Boolean(found && found.id !== '__root__' && !(found.path !== '/' && rawParams['**']));
}

router.history.block({
  enableBeforeUnload: false,
  blockerFn: (({ nextLocation, action }) => {
    if (isPublicPath(nextLocation.pathname)) return false;
    if (action === 'PUSH' || action === 'REPLACE') {
      window.location.assign(nextLocation.href);
      return true;
    }
    // back or forward to such a page: the address has changed already, the browser loads it
    window.location.reload();
    return false;
  }) satisfies BlockerFn,
});

startApp(router, queryClient);
