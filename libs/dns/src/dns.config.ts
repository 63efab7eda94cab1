import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, Min } from 'class-validator';
import { BaseConfig, Deployed } from '@registrar/infra';

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

  /** PowerDNS's DNS port (the local runtime and tests derive the API's port from it: DNS_PORT + 5). */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(65535)
  DNS_PORT = 5300;

  /** PowerDNS's HTTP API (keys, NSEC3, rectify: docs/dns.md "DNSSEC"); empty = http://127.0.0.1:(DNS_PORT + 5), as scripts/dev/infra.ts starts it. */
  @Deployed()
  @IsOptional()
  @IsString()
  PDNS_API_URL = '';

  /** PowerDNS's API port when not DNS_PORT + 5 (scripts/dev/infra.ts starts PowerDNS's API on it too); PDNS_API_URL wins. */
  @Type(() => Number)
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(65535)
  PDNS_API_PORT?: number;

  /** The API key of PowerDNS's HTTP API (the same as the powerdns process's api-key). */
  @Deployed()
  @IsString()
  PDNS_API_KEY = 'registrar-local-pdns-api-key';

  @Type(() => Number)
  @IsInt()
  @Min(100)
  @Max(120_000)
  PDNS_API_TIMEOUT_MS = 10_000;

  /**
   * How long the parent's DS (and resolvers' caches of it) may outlive a change at the registry: a rollover removes the
   * old key, and disabling stops signing, only this long after the DS changed (RFC 6781 §4.1). 0 = at once (tests).
   */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(30 * 86_400_000)
  DNSSEC_DS_WAIT_MS = 2 * 86_400_000;

  /**
   * How long a change that stops serving a zone waits for an enable, rollover or disabling of the same domain in
   * progress (they hold its DNSSEC lock across their EPP commands) before answering "busy".
   */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(600_000)
  DNSSEC_LOCK_WAIT_MS = 60_000;

  pdnsApiUrl(): string {
    return (this.PDNS_API_URL || `http://127.0.0.1:${this.PDNS_API_PORT ?? this.DNS_PORT + 5}`).replace(/\/+$/, '');
  }
  /** Records a zone file import or a template may leave in a zone (the DNS form's limit, DNS_MAX_RECORDS; the import benchmark raises it). */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(100_000)
  DNS_IMPORT_MAX_RECORDS = 500;
}
