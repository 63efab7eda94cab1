import { IsString } from 'class-validator';
import { BaseConfig } from '@registrar/infra';

/** Configuration of the admin service. */
export class AdminConfig extends BaseConfig {
  /** When the day's statistics snapshot is taken (cron, Asia/Tokyo); empty: never. */
  @IsString()
  ADMIN_STATS_SNAPSHOT_CRON = '30 0 * * *';
}
