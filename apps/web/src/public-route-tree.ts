/**
 * The public pages' route tree (docs/web-public-pages.md "First load"): the root and the routes of the pages the
 * gateway renders on the server (ssr/public-pages.ts), the same route objects, ids and paths as in routeTree.gen.ts.
 * A server-rendered page starts with this tree (public-main.tsx), so its first load carries no route entry, search
 * validation or guard of the member and admin pages. Adding a public page: its line in ssr/public-pages.ts and its
 * route here (the unit test libs/ui/src/public-route-tree.spec.ts checks that both lists and the generated tree agree).
 */
import { Route as rootRoute } from './routes/__root';
import { Route as IndexRoute } from './routes/index';
import { Route as CompanyRoute } from './routes/company';
import { Route as QandaRoute } from './routes/qanda';
import { Route as SearchRoute } from './routes/search';
import { Route as SpecifiedCommercialTransactionLawRoute } from './routes/specified_commercial_transaction_law';
import { Route as WhoisRoute } from './routes/whois';
import { Route as DomainDeadlineRoute } from './routes/domain/deadline';
import { Route as DomainPriceRoute } from './routes/domain/price';
import { Route as DomainTldRoute } from './routes/domain/tld/$tldName';
import { Route as KnowledgeIndexRoute } from './routes/knowledge/index';
import { Route as KnowledgeKeyRoute } from './routes/knowledge/$key';
import { Route as KnowledgePrivacyRoute } from './routes/knowledge/privacy';
import { Route as KnowledgeTermsRoute } from './routes/knowledge/terms';
import { Route as KnowledgeCategoryRoute } from './routes/knowledge/category/$slug';
import { Route as DocumentApiV1Route } from './routes/document/api/v1/index';

/** Each public route by its id (= its path; every public page is a child of the root). */
export const PUBLIC_ROUTES = {
  '/': IndexRoute,
  '/company': CompanyRoute,
  '/qanda': QandaRoute,
  '/search': SearchRoute,
  '/specified_commercial_transaction_law': SpecifiedCommercialTransactionLawRoute,
  '/whois': WhoisRoute,
  '/domain/deadline': DomainDeadlineRoute,
  '/domain/price': DomainPriceRoute,
  '/domain/tld/$tldName': DomainTldRoute,
  '/knowledge/': KnowledgeIndexRoute,
  '/knowledge/$key': KnowledgeKeyRoute,
  '/knowledge/privacy': KnowledgePrivacyRoute,
  '/knowledge/terms': KnowledgeTermsRoute,
  '/knowledge/category/$slug': KnowledgeCategoryRoute,
  '/document/api/v1/': DocumentApiV1Route,
} as const;

/** Builds the tree (once, in the public entry: it sets the routes' place, as routeTree.gen.ts does in the other). */
export function buildPublicRouteTree() {
  const children = Object.fromEntries(
    Object.entries(PUBLIC_ROUTES).map(([id, route]) => [id, (route as unknown as { update: (o: object) => unknown }).update({ id, path: id, getParentRoute: () => rootRoute })]),
  );
  return (rootRoute as unknown as { _addFileChildren: (c: object) => typeof rootRoute })._addFileChildren(children);
}
