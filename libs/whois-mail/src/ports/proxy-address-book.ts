import { PROXY_ADDRESS_ALL, PROXY_ADDRESS_BEAT, ProxyDomainDto } from '@registrar/contracts';

/** A kept answer is trusted for this many beat intervals after the last beat. */
export const BEATS_OF_TRUST = 3;

/**
 * The proxy addresses this replica has been told about by domain-ops (ADR 0056): an address domain-ops found, with its
 * domain, kept until domain-ops' relay names it as changed (PROXY_ADDRESS_CHANNEL). An address domain-ops did not find
 * is never kept, so a new address (a domain registered a second ago) is always asked about, never refused from memory.
 *
 * Kept answers are served only while the relay's beats arrive (for BEATS_OF_TRUST intervals after the last one was
 * sent, by its age): a beat is relayed after every change committed before it, so while beats arrive every change has
 * been heard, bar those of the last BEATS_OF_TRUST intervals. When they
 * stop (no domain-ops relay, PostgreSQL or Redis away, this replica's subscription lost) everything is forgotten and
 * every address asked again. An answer asked for before a change was heard is not kept (the epoch), whichever of the
 * answer and the change arrives first.
 */
export class ProxyAddressBook {
  private readonly entries = new Map<string, ProxyDomainDto>();
  private epoch = 0;
  private trustedUntil = 0;
  /** answers served from memory, and changes heard (tests, the benchmark) */
  hits = 0;
  dropped = 0;
  beats = 0;
  /** beats heard too late to give any trust (a relay that lags, or a clock ahead of the relay's) */
  staleBeats = 0;

  constructor(private readonly max: number, private readonly now: () => number = Date.now) {}

  get size(): number {
    return this.entries.size;
  }

  trusted(): boolean {
    return this.max > 0 && this.now() < this.trustedUntil;
  }

  /** The kept answer of an address, while it can be trusted; undefined: ask domain-ops. */
  get(address: string): ProxyDomainDto | undefined {
    if (!this.entries.size) return undefined;
    if (!this.trusted()) {
      this.forgetAll();
      return undefined;
    }
    const d = this.entries.get(address);
    if (d) this.hits++;
    return d;
  }

  /** Taken before asking domain-ops; `keep` then keeps an answer only if nothing was heard meanwhile. */
  mark(): number {
    return this.epoch;
  }

  keep(address: string, domain: ProxyDomainDto | null, mark: number): void {
    // kept only under the address domain-ops stores (the name a change is announced under), else it could never be dropped
    if (!domain || mark !== this.epoch || !this.trusted() || String(domain.proxyEmail ?? '').toLowerCase() !== address) return;
    this.entries.delete(address);
    this.entries.set(address, domain);
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
  }

  /** A message of PROXY_ADDRESS_CHANNEL. */
  heard(message: string): void {
    if (message.startsWith(PROXY_ADDRESS_BEAT)) {
      // `.beat <interval ms> <age ms> <sent at>`: the age is how long the relay held it (its clock, from its NOTIFY to
      // its PUBLISH), `sent at` the time of its NOTIFY (ms since the epoch, the relay's clock). Trusted for 3 intervals
      // from when it was sent, by the age and, with clocks in step, by the time it took to get here too; whichever
      // ends sooner. A lagging relay's old beats do not stretch the trust past a change it has not relayed yet. A
      // clock ahead of the relay's only shortens the trust. (`.beat <ms>` alone: age 0, from now.)
      const [, everyText, ageText, sentAtText] = message.trim().split(/\s+/);
      const every = Number(everyText);
      const age = ageText === undefined ? 0 : Number(ageText);
      const sentAt = sentAtText === undefined ? Infinity : Number(sentAtText);
      if (!Number.isFinite(every) || every <= 0 || !Number.isFinite(age) || age < 0 || Number.isNaN(sentAt)) return;
      const until = Math.min(this.now() + BEATS_OF_TRUST * every - age, sentAt + BEATS_OF_TRUST * every);
      // a beat too old to trust says nothing of the changes since it was sent
      if (until <= this.now()) {
        this.staleBeats++;
        return;
      }
      this.beats++;
      // after a gap in the beats, what was kept before it may have missed a change
      if (!this.trusted()) this.forgetAll();
      this.trustedUntil = Math.max(this.trustedUntil, until);
      return;
    }
    this.epoch++;
    this.dropped++;
    if (message === PROXY_ADDRESS_ALL) this.entries.clear();
    else this.entries.delete(message.trim().toLowerCase());
  }

  /** The subscription was lost: changes may have been missed. */
  lost(): void {
    this.trustedUntil = 0;
    this.forgetAll();
  }

  private forgetAll(): void {
    this.epoch++;
    this.entries.clear();
  }
}
