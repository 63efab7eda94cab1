import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsInt, IsString, Matches, Max, Min } from 'class-validator';
import { BaseConfig } from '@registrar/infra';

/** Configuration of the availability service, validated at boot. */
export class AvailabilityConfig extends BaseConfig {
  /** Check jobs one process runs at a time. A 430-TLD search is 18 jobs of 25 names: all of them at once. */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(500)
  AVAILABILITY_CONCURRENCY = 32;

  /** How long a caller waits for its check job before answering with an error. */
  @Type(() => Number)
  @IsInt()
  @Min(100)
  @Max(120_000)
  AVAILABILITY_JOB_TIMEOUT_MS = 15_000;

  /** Attempts of a check job (1 = no retry). A retry waits AVAILABILITY_RETRY_DELAY_MS. */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(5)
  AVAILABILITY_ATTEMPTS = 2;

  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(10_000)
  AVAILABILITY_RETRY_DELAY_MS = 100;

  /**
   * Seconds an "unavailable" answer is cached (0 turns the cache off). "Available" is never cached, so a name
   * registered a moment ago can never show as available.
   */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(3600)
  AVAILABILITY_UNAVAILABLE_TTL_S = 60;

  /**
   * Names per EPP check command, per TLD suffix, as `suffix=limit` pairs; `default` applies to the rest (`cctld`
   * stands for every two-letter TLD). A batch of 25 is packed into as few commands as the limits allow (a command
   * holds at most the smallest limit among its names) and the commands are sent in parallel. A registry that allows
   * fewer answers 2306, and the command is split in halves, so a wrong limit costs a round trip, never a failure.
   * The registry simulator takes 25 or more names a command for every TLD group.
   */
  @IsString()
  @Matches(/^\s*[a-z0-9.-]+\s*=\s*\d+\s*(,\s*[a-z0-9.-]+\s*=\s*\d+\s*)*$/)
  AVAILABILITY_CHECK_LIMITS = 'default=25';

  /**
   * EPP sessions of this service's own pool: commands in flight at once. A 430-TLD search is 18 commands (more where limits are tighter); the
   * simulator allows 64 sessions a registrar, shared with the other services.
   */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(256)
  AVAILABILITY_EPP_POOL_SIZE = 40;

  /** EPP sessions opened in the background at boot, so the first search does not pay for TLS handshakes and logins. */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(256)
  AVAILABILITY_EPP_WARM_SESSIONS = 18;

  /** How long one check command may take before it counts as failed (a search should fail fast, then retry once). */
  @Type(() => Number)
  @IsInt()
  @Min(100)
  @Max(60_000)
  AVAILABILITY_EPP_TIMEOUT_MS = 5_000;

  /** Operator setting: bulk registration check limited to 5 domains at a time (000 §5). Off by default. */
  @Transform(({ value }) => value === true || value === '1' || value === 'true')
  @IsBoolean()
  SEARCH_BULK_FIVE_AT_A_TIME = false;
}

/** Parses AVAILABILITY_CHECK_LIMITS into a lookup by TLD (longest matching suffix wins). */
export function parseCheckLimits(spec: string): (asciiName: string) => number {
  const table = new Map<string, number>();
  for (const pair of spec.split(',')) {
    const [k, v] = pair.split('=').map((s) => s.trim());
    if (k) table.set(k.toLowerCase(), Math.max(1, Number(v)));
  }
  const fallback = table.get('default') ?? 25;
  return (asciiName: string) => {
    const labels = asciiName.toLowerCase().split('.');
    for (let i = 1; i < labels.length; i++) {
      const hit = table.get(labels.slice(i).join('.'));
      if (hit !== undefined) return hit;
    }
    const cctld = table.get('cctld');
    if (cctld !== undefined && /^[a-z]{2}$/.test(labels[labels.length - 1])) return cctld;
    return fallback;
  };
}
