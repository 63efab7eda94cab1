import { Type } from 'class-transformer';
import { IsIn, IsInt, IsString, Max, Min } from 'class-validator';
import { BaseConfig } from '@registrar/infra';

export class CatalogConfig extends BaseConfig {
  /** Directory of the bundled master data (tld.csv, tld_price.csv, tld_category.csv), relative to the working directory. */
  @IsString()
  MASTER_DATA_DIR = 'data/master';

  /** 1: load the master data at boot when the catalogue is empty. */
  @IsIn(['0', '1'])
  CATALOG_AUTOLOAD: '0' | '1' = '1';

  /** How long a computed price list is kept before it is rebuilt (imports drop it at once). */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(3_600_000)
  CATALOG_CACHE_MS = 60_000;
}
