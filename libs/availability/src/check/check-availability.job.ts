import { Inject, Injectable } from '@nestjs/common';
import { CheckAvailabilityJobData, CheckAvailabilityJobResult, JobName } from '@registrar/contracts';
import { AvailabilityConfig, parseCheckLimits } from '../availability.config';
import { REGISTRY_PORT, RegistryCheckError, type RegistryCheckAnswer, type RegistryPort } from '../registry/registry.port';
import { CheckCacheRepository } from './check-cache.repository';

export const MAX_NAMES_PER_JOB = 25;
/** EPP 2306 parameter value policy error: more names than the registry takes in one command */
const POLICY_ERROR = 2306;

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
    const results = await Promise.all(commands.map((c) => this.send(c)));
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

  /**
   * One domain:check command. A registry that allows fewer names per command than configured answers 2306: the
   * command is then split in halves (down to single names), so a tighter registry costs a round trip, not a failure.
   */
  private async send(names: string[]): Promise<RegistryCheckAnswer[]> {
    try {
      return await this.registry.check(names);
    } catch (e) {
      if (!(e instanceof RegistryCheckError) || e.code !== POLICY_ERROR || names.length < 2) throw e;
      const half = Math.ceil(names.length / 2);
      const parts = await Promise.all([this.send(names.slice(0, half)), this.send(names.slice(half))]);
      return parts.flat();
    }
  }

  /**
   * Packs names into as few commands as the registries allow: a command may hold at most the smallest per-command
   * limit among its names (the registry answers 2306 otherwise). Names are taken in ascending order of their limit,
   * so a command starts with its tightest name and fills up to that name's limit.
   */
  commandsFor(names: string[]): string[][] {
    const sorted = names.map((n) => ({ n, limit: this.limitOf(n) })).sort((a, b) => a.limit - b.limit);
    const commands: string[][] = [];
    let i = 0;
    while (i < sorted.length) {
      const cap = sorted[i].limit;
      commands.push(sorted.slice(i, i + cap).map((x) => x.n));
      i += cap;
    }
    return commands;
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
