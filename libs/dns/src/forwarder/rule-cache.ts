/** One forwarded name's rule as the forwarder uses it. */
export interface ForwardRule {
  target: string;
  status: 301 | 302;
  keepPath: boolean;
}

/**
 * Rules (or certificates) by host name in memory, for `ttlMs`, at most `max` of them (a Map kept in use order: the
 * oldest goes first). A missing one is cached too (null), so a flood of requests for an unknown host does not reach the
 * database each time.
 */
export class RuleCache<T = ForwardRule> {
  private readonly entries = new Map<string, { rule: T | null; until: number }>();

  constructor(private readonly ttlMs: number, private readonly max: number, private readonly now: () => number = Date.now) {}

  get(host: string): T | null | undefined {
    const e = this.entries.get(host);
    if (!e) return undefined;
    if (e.until <= this.now()) {
      this.entries.delete(host);
      return undefined;
    }
    this.entries.delete(host);
    this.entries.set(host, e);
    return e.rule;
  }

  set(host: string, rule: T | null): void {
    if (this.ttlMs <= 0 || this.max <= 0) return;
    this.entries.delete(host);
    this.entries.set(host, { rule, until: this.now() + this.ttlMs });
    while (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value as string);
  }

  drop(host: string): void {
    this.entries.delete(host);
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
