/**
 * Group commit: calls of `submit` made while a run is in flight wait and go together in the next run (at most `max`
 * items, the rest in the ones after), so a busy server makes one round trip per batch instead of one per item; an idle
 * one runs each item at once (in the next turn of the event loop, with whatever else was submitted in this one). Each
 * caller gets its own item's result or error: `run` answers one result per item, in order (an Error instance fails that
 * item's caller alone), or throws to fail them all. A batch also stops before `maxWeight` (by `weight`, e.g. bytes),
 * except that its first item always goes, however heavy.
 *
 * `concurrency` runs may be in flight at once (1 by default: strict group commit). With more, an item that arrives
 * while a run is in flight need not wait for that run's end before its own starts: on a busy server the waiting
 * (the rest of the run in flight, then its own) is what a session feels, not the round trip itself.
 */
export class Coalescer<I, O> {
  private pending: Array<{ item: I; resolve: (o: O) => void; reject: (e: Error) => void }> = [];
  private inFlight = 0;
  private scheduled = false;

  constructor(
    private readonly run: (items: I[]) => Promise<Array<O | Error>>,
    private readonly max = 100,
    private readonly limit: { weight: (item: I) => number; maxWeight: number } = { weight: () => 0, maxWeight: Infinity },
    private readonly concurrency = 1,
  ) {}

  submit(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.pending.push({ item, resolve, reject });
      if (this.inFlight < this.concurrency && !this.scheduled) {
        this.scheduled = true;
        setImmediate(() => { this.scheduled = false; this.flush(); });
      }
    });
  }

  private flush(): void {
    while (this.inFlight < this.concurrency && this.pending.length) this.start();
  }

  private start(): void {
    let n = 0;
    let weight = 0;
    while (n < this.pending.length && n < this.max) {
      weight += this.limit.weight(this.pending[n]!.item);
      if (n > 0 && weight > this.limit.maxWeight) break;
      n++;
    }
    const batch = this.pending.splice(0, n);
    this.inFlight++;
    let results: Promise<Array<O | Error>>;
    try {
      results = this.run(batch.map((p) => p.item));
    } catch (e) {
      results = Promise.reject(e);
    }
    results
      .then((out) => {
        if (out.length !== batch.length) throw new Error(`a batch of ${batch.length} answered ${out.length} results`);
        batch.forEach((p, i) => {
          const o = out[i]!;
          if (o instanceof Error) p.reject(o);
          else p.resolve(o);
        });
      })
      .catch((e: Error) => batch.forEach((p) => p.reject(e)))
      .finally(() => {
        this.inFlight--;
        this.flush();
      });
  }
}
