/** The parts of autocannon's API the benchmarks use (the package ships no types). */
declare module 'autocannon' {
  interface Histogram { average: number; mean: number; p50: number; p90: number; p99: number; max: number; total: number }
  export interface Result {
    requests: Histogram;
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    /** answers with a 2xx status */
    '2xx': number;
    /** seconds the run took */
    duration: number;
  }
  /** One connection of a run: emits 'response' (status, bytes, milliseconds) for every answer. */
  export interface Client { on(event: 'response', listener: (status: number, bytes: number, ms: number) => void): void }
  export interface Options {
    url: string;
    connections?: number;
    duration?: number;
    pipelining?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    setupClient?: (client: Client) => void;
  }
  function autocannon(opts: Options): Promise<Result>;
  export default autocannon;
}
