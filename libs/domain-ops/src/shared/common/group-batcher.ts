/**
 * Group commit for small statements many jobs run at once: a call made while a batch is being run waits and goes
 * with the others in the next batch (one statement for all of them). A call made when nothing is running goes at once,
 * alone, unless the batcher has a linger and ran a batch within the last ten lingers (a busy period): then it waits that
 * long for company first (for writes that arrive one by one at the registry's pace, e.g. the ends of a bulk run's
 * domains, where a statement each would cost the database more than the registry's answers; ADR 0037). Each caller gets its own answer, or the batch's error.
 */
export class GroupBatcher<T, R> {
  private pending: { item: T; resolve: (r: R) => void; reject: (e: unknown) => void }[] = [];
  private running = false;
  private lastRun = -Infinity;

  constructor(private readonly run: (items: T[]) => Promise<R[]>, private readonly max = 200, private readonly lingerMs = 0) {}

  submit(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.pending.push({ item, resolve, reject });
      void this.drain();
    });
  }

  private async drain(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      // a linger only in a busy period (a batch ran lately): a lone call after a quiet time goes at once
      if (this.lingerMs > 0 && performance.now() - this.lastRun < 10 * this.lingerMs) await new Promise((r) => setTimeout(r, this.lingerMs));
      while (this.pending.length) {
        const batch = this.pending.splice(0, this.max);
        try {
          const out = await this.run(batch.map((b) => b.item));
          batch.forEach((b, i) => b.resolve(out[i]!));
        } catch (e) {
          for (const b of batch) b.reject(e);
        }
      }
    } finally {
      this.running = false;
      this.lastRun = performance.now();
    }
  }
}
