/**
 * Group commit for small statements many jobs run at once: a call made while a batch is being run waits and goes
 * with the others in the next batch (one statement for all of them). A call made when nothing is running goes at once,
 * with the calls made in the same tick (no timer), unless the batcher has a linger and is in a busy period (it ran a batch within the last ten lingers): then
 * every batch waits for company until its oldest call is `lingerMs` old or `max` calls wait, whichever comes first.
 * This is for writes that arrive one by one at the registry's pace, e.g. the ends of a bulk run's domains, where a
 * statement each would cost the database more than the registry's answers (ADR 0037). Lingering only before the first
 * batch of a busy period (as before ADR 0048) left the later batches with the few calls that came while one ran:
 * 10 rows a statement, most of its cost the statement's own (planning, the domain list's version triggers).
 * Each caller gets its own answer, or the batch's error.
 */
export class GroupBatcher<T, R> {
  private pending: { item: T; at: number; resolve: (r: R) => void; reject: (e: unknown) => void }[] = [];
  private running = false;
  private lastRun = -Infinity;
  /** ends a linger early (`max` calls wait, or `more` says no more are coming) */
  private wake?: () => void;

  /**
   * `more` (with a linger): whether more calls may come soon, e.g. answers of the registry this process still awaits; a
   * linger ends as soon as it answers false (the last rows of a bulk run do not wait for company that is not coming).
   */
  constructor(private readonly run: (items: T[]) => Promise<R[]>, private readonly max = 200, private readonly lingerMs = 0, private readonly more?: () => boolean) {}

  submit(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.pending.push({ item, at: performance.now(), resolve, reject });
      if (this.wake && (this.pending.length >= this.max || this.more?.() === false)) this.wake();
      void this.drain();
    });
  }

  private async drain(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      // the calls of this moment first: the domains of a job submit theirs one after the other in the same tick (or in
      // the microtasks their previous step's answers set off), and go together instead of the first alone
      for (let seen = -1; seen !== this.pending.length && this.pending.length < this.max;) {
        seen = this.pending.length;
        await Promise.resolve();
      }
      while (this.pending.length) {
        // a linger only in a busy period (a batch ran lately): a lone call after a quiet time goes at once
        if (this.lingerMs > 0 && this.pending.length < this.max && performance.now() - this.lastRun < 10 * this.lingerMs && this.more?.() !== false) {
          const wait = this.pending[0]!.at + this.lingerMs - performance.now();
          if (wait > 0) {
            await new Promise<void>((r) => {
              const t = setTimeout(r, wait);
              this.wake = () => { clearTimeout(t); r(); };
            });
            this.wake = undefined;
          }
        }
        const batch = this.pending.splice(0, this.max);
        try {
          const out = await this.run(batch.map((b) => b.item));
          batch.forEach((b, i) => b.resolve(out[i]!));
        } catch (e) {
          for (const b of batch) b.reject(e);
        }
        this.lastRun = performance.now();
      }
    } finally {
      this.running = false;
    }
  }
}
