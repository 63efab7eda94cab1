import { Injectable, Logger } from '@nestjs/common';
import { AvailabilityStatus, CheckRequest, CheckResult, ClaimCheckRequest, ClaimCheckResult } from '@registrar/contracts';
import { M } from '@registrar/messages';
import { chunk, readDomainName, unavailableReasonOf } from '@registrar/rules';
import { AvailabilityQueue } from './availability.queue';
import { MAX_NAMES_PER_JOB } from './check-availability.job';
import { CheckCacheRepository } from './check-cache.repository';

export class AvailabilityInputError extends Error {}

/** Checks names through QueueName.Availability: one CheckAvailabilityJob per batch of up to 25 names. */
@Injectable()
export class AvailabilityService {
  private readonly logger = new Logger(AvailabilityService.name);

  constructor(private readonly queue: AvailabilityQueue, private readonly cache: CheckCacheRepository) {}

  /** One batch (POST search/domain): every name gets available, unavailable, or (when the check fails) error. */
  async check(req: CheckRequest): Promise<CheckResult> {
    const names = asciiNames(req?.names, MAX_NAMES_PER_JOB);
    try {
      const { jobId, result } = await this.queue.runCheck(names);
      const byName = new Map(result.results.map((r) => [r.name, r]));
      return {
        success: true,
        jobId,
        results: {
          tlds: names.map((n) => {
            const r = byName.get(n);
            return r?.available ? { tld: n, domain: n, status: AvailabilityStatus.Available } : { tld: n, domain: n, status: AvailabilityStatus.Unavailable, reason: unavailableReasonOf(r?.reason) };
          }),
        },
      };
    } catch (e) {
      this.logger.warn(`availability check of ${names.length} names failed: ${(e as Error).message}`);
      return { success: false, error_msg: [M.retryLater], results: { tlds: names.map((n) => ({ tld: n, domain: n, status: AvailabilityStatus.Error })) } };
    }
  }

  /** The cart's claim check (POST search/domain/check/claim): which of these names can no longer be registered. */
  async claimCheck(req: ClaimCheckRequest): Promise<ClaimCheckResult> {
    const names = asciiNames(req?.domainNames, 1000);
    try {
      const batches = await Promise.all(chunk(names, MAX_NAMES_PER_JOB).map((b) => this.queue.runCheck(b)));
      const unavailable = batches.flatMap((b) => b.result.results.filter((r) => !r.available).map((r) => r.name));
      return { success: true, results: { unavailableDomains: unavailable } };
    } catch (e) {
      this.logger.warn(`claim check of ${names.length} names failed: ${(e as Error).message}`);
      return { success: false, error_msg: [M.cartAddFailed], results: { unavailableDomains: [] } };
    }
  }

  /** Forgets cached "unavailable" answers (a domain was deleted or purged). */
  async invalidate(names: string[]): Promise<{ removed: number }> {
    return { removed: await this.cache.forget(asciiNames(names, 1000)) };
  }
}

/** Normalises names to lower-case ASCII (punycode) and refuses anything that is not a list of domain names. */
export function asciiNames(input: unknown, max: number): string[] {
  if (!Array.isArray(input) || input.length === 0 || input.length > max) throw new AvailabilityInputError(`expected 1 to ${max} domain names`);
  const out: string[] = [];
  for (const raw of input) {
    if (typeof raw !== 'string' || raw.length > 253) throw new AvailabilityInputError('expected domain names');
    const ascii = readDomainName(raw)?.punycode;
    if (!ascii) throw new AvailabilityInputError(`not a domain name: ${raw.slice(0, 80)}`);
    if (!out.includes(ascii)) out.push(ascii);
  }
  return out;
}
