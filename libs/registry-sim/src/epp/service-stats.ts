/** The simulator's own service time per command (frame received → answer written), the benchmarks' baseline. */
export class ServiceStats {
  private readonly byCommand = new Map<string, { count: number; totalUs: number; maxUs: number }>();

  record(command: string, micros: number): void {
    const s = this.byCommand.get(command) ?? { count: 0, totalUs: 0, maxUs: 0 };
    s.count++;
    s.totalUs += micros;
    s.maxUs = Math.max(s.maxUs, micros);
    this.byCommand.set(command, s);
  }

  snapshot(): Record<string, { count: number; meanMs: number; maxMs: number }> {
    const out: Record<string, { count: number; meanMs: number; maxMs: number }> = {};
    for (const [k, v] of this.byCommand) out[k] = { count: v.count, meanMs: v.totalUs / v.count / 1000, maxMs: v.maxUs / 1000 };
    return out;
  }

  reset(): void {
    this.byCommand.clear();
  }
}
