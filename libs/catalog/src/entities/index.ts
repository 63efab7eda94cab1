import { CategoryEntity, TldCategoryEntity } from './category.entity';
import { TldContentEntity } from './tld-content.entity';
import { TldPriceEntity } from './tld-price.entity';
import { TldEntity } from './tld.entity';

export { CategoryEntity, TldCategoryEntity, TldContentEntity, TldPriceEntity, TldEntity };
export const CATALOG_ENTITIES = [TldEntity, TldPriceEntity, CategoryEntity, TldCategoryEntity, TldContentEntity];
