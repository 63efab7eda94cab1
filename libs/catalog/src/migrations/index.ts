import { CatalogInit1795300000000 } from './1795300000000-catalog-init';
import { CampaignCounters1795400000000 } from './1795400000000-campaign-counters';
import { PriceGroups1797160000000 } from './1797160000000-price-groups';

/** Every migration of the catalog schema, in order. Never edit one that has landed: add a new one. */
export const CATALOG_MIGRATIONS = [CatalogInit1795300000000, CampaignCounters1795400000000, PriceGroups1797160000000];
