import { CatalogInit1795300000000 } from './1795300000000-catalog-init';
import { CampaignCounters1795400000000 } from './1795400000000-campaign-counters';

/** Every migration of the catalog schema, in order. Never edit one that has landed: add a new one. */
export const CATALOG_MIGRATIONS = [CatalogInit1795300000000, CampaignCounters1795400000000];
