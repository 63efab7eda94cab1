import { Inject, Injectable } from '@nestjs/common';
import { CheckAvailabilityJobData, CheckAvailabilityJobResult, JobName } from '@registrar/contracts';
import { chunk } from '@registrar/rules';
import { AvailabilityConfig, parseCheckLimits } from '../availability.config';
import { REGISTRY_PORT, RegistryCheckError, type RegistryPort } from '../registry/registry.port';
import { CheckCacheRepository } from './check-cache.repository';

export const MAX_NAMES_PER_JOB = 25;

/**
 * JobName.CheckAvailability: up to 25 names. Names known to be taken come from the cache; the rest are grouped by
 * TLD, split into EPP domain:check commands of at most the registry's per-command limit, and sent in parallel.
 * Read-only, so a retried job is harmless.
 */
@Injectable()
export class CheckAvailabilityJob {
  static readonly jobName = JobName.CheckAvailability;
  private readonly limitOf: (name: string) => number;

  constructor(
    @Inject(REGISTRY_PORT) private readonly registry: RegistryPort,
    private readonly cache: CheckCacheRepository,
    config: AvailabilityConfig,
  ) {
    this.limitOf = parseCheckLimits(config.AVAILABILITY_CHECK_LIMITS);
  }

  async handle(data: CheckAvailabilityJobData): Promise<CheckAvailabilityJobResult> {
    const names = validateNames(data);
    const known = await this.cache.findUnavailable(names);
    const toAsk = names.filter((n) => !known.has(n));
    const answers = new Map<string, { available: boolean; reason?: string }>();
    for (const [name, reason] of known) answers.set(name, { available: false, reason: reason || undefined });

    const commands = this.commandsFor(toAsk);
    const results = await Promise.all(commands.map((c) => this.registry.check(c)));
    const fresh = results.flat();
    for (const a of fresh) answers.set(a.name.toLowerCase(), { available: a.available, reason: a.reason });
    await this.cache.rememberUnavailable(fresh.filter((a) => !a.available).map((a) => ({ name: a.name.toLowerCase(), reason: a.reason })));

    return {
      results: names.map((name) => {
        const a = answers.get(name);
        if (!a) throw new RegistryCheckError(`the registry did not answer for ${name}`);
        return { name, available: a.available, ...(a.reason ? { reason: a.reason } : {}) };
      }),
      cached: known.size,
    };
  }

  /** Groups names by their per-command limit (one group per TLD policy) and cuts each group to size. */
  commandsFor(names: string[]): string[][] {
    const byLimit = new Map<number, string[]>();
    for (const n of names) {
      const limit = this.limitOf(n);
      byLimit.set(limit, [...(byLimit.get(limit) ?? []), n]);
    }
    return [...byLimit].flatMap(([limit, group]) => chunk(group, limit));
  }
}

function validateNames(data: CheckAvailabilityJobData): string[] {
  if (!data || !Array.isArray(data.names) || data.names.length === 0 || data.names.length > MAX_NAMES_PER_JOB) {
    throw new RegistryCheckError(`a check job takes 1 to ${MAX_NAMES_PER_JOB} names`);
  }
  const names = data.names.map((n) => String(n).toLowerCase());
  if (!names.every((n) => /^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(n))) throw new RegistryCheckError('a check job takes ASCII domain names');
  return [...new Set(names)];
}
