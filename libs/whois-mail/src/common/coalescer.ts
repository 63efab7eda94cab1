/**
 * Group commit: calls of `submit` made while a run is in flight wait and go together in the next run (at most `max`
 * items, the rest in the ones after), so a busy server makes one round trip per batch instead of one per item; an idle
 * one runs each item at once (in the next turn of the event loop, with whatever else was submitted in this one). Each
 * caller gets its own item's result or error: `run` answers one result per item, in order (an Error instance fails that
 * item's caller alone), or throws to fail them all. A batch also stops before `maxWeight` (by `weight`, e.g. bytes),
 * except that its first item always goes, however heavy.
 */
export class Coalescer<I, O> {
  private pending: Array<{ item: I; resolve: (o: O) => void; reject: (e: Error) => void }> = [];
  private inFlight = false;
  private scheduled = false;

  constructor(
    private readonly run: (items: I[]) => Promise<Array<O | Error>>,
    private readonly max = 100,
    private readonly limit: { weight: (item: I) => number; maxWeight: number } = { weight: () => 0, maxWeight: Infinity },
  ) {}

  submit(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.pending.push({ item, resolve, reject });
      if (!this.inFlight && !this.scheduled) {
        this.scheduled = true;
        setImmediate(() => { this.scheduled = false; this.flush(); });
      }
    });
  }

  private flush(): void {
    if (this.inFlight || !this.pending.length) return;
    let n = 0;
    let weight = 0;
    while (n < this.pending.length && n < this.max) {
      weight += this.limit.weight(this.pending[n]!.item);
      if (n > 0 && weight > this.limit.maxWeight) break;
      n++;
    }
    const batch = this.pending.splice(0, n);
    this.inFlight = true;
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
        this.inFlight = false;
        this.flush();
      });
  }
}
