import { Type } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';
import { BaseConfig } from '@registrar/infra';

/** Configuration of the dns service (the EPP client has its own, EppClientConfig; PowerDNS is configured by scripts/dev/infra.ts). */
export class DnsConfig extends BaseConfig {
  /** Every this many milliseconds every zone is checked against its domain (expiry, moves, missed events); 0 = never. */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(86_400_000)
  DNS_RECONCILE_EVERY_MS = 600_000;

  /** Parallel SyncZone jobs per replica. */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(64)
  DNS_SYNC_CONCURRENCY = 4;

  /** Records a zone file import or a template may leave in a zone (the DNS form's limit, DNS_MAX_RECORDS; the import benchmark raises it). */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(100_000)
  DNS_IMPORT_MAX_RECORDS = 500;
}
