import { CatalogInit1795300000000 } from './1795300000000-catalog-init';

/** Every migration of the catalog schema, in order. Never edit one that has landed: add a new one. */
export const CATALOG_MIGRATIONS = [CatalogInit1795300000000];
