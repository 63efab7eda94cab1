/**
 * Runtime fault injection for tests and benchmarks (set through the admin channel):
 * added latency per command, a share of commands answered 2400, a share of commands whose connection is dropped
 * without an answer, and a delay before the TLS handshake completes.
 */
export interface FaultSettings {
  latencyMs: number;
  /** 0..1 */
  failShare: number;
  /** 0..1 */
  dropShare: number;
  handshakeDelayMs: number;
  /**
   * When set, only commands whose frame contains this text are failed (failShare): a test can fail its own names
   * without failing what other tests running at the same time send to the shared simulator.
   */
  failMatch: string;
}

type NumericFault = Exclude<keyof FaultSettings, 'failMatch'>;
const NUMERIC: NumericFault[] = ['latencyMs', 'failShare', 'dropShare', 'handshakeDelayMs'];
export const NO_FAULTS: FaultSettings = { latencyMs: 0, failShare: 0, dropShare: 0, handshakeDelayMs: 0, failMatch: '' };

export class FaultInjector {
  private s: FaultSettings = { ...NO_FAULTS };

  get settings(): FaultSettings {
    return { ...this.s };
  }

  set(patch: Partial<FaultSettings>): FaultSettings {
    const next = { ...this.s };
    if (patch.failMatch !== undefined) {
      if (typeof patch.failMatch !== 'string' || patch.failMatch.length > 255) throw new Error('bad fault value failMatch');
      next.failMatch = patch.failMatch;
    }
    for (const k of NUMERIC) {
      if (patch[k] === undefined) continue;
      const v = Number(patch[k]);
      if (!Number.isFinite(v) || v < 0 || ((k === 'failShare' || k === 'dropShare') && v > 1) || v > 600_000) throw new Error(`bad fault value ${k}=${patch[k]}`);
      next[k] = v;
    }
    this.s = next;
    return this.settings;
  }

  reset(): FaultSettings {
    this.s = { ...NO_FAULTS };
    return this.settings;
  }

  shouldFail(frame = ''): boolean {
    if (this.s.failMatch && !frame.includes(this.s.failMatch)) return false;
    return this.s.failShare > 0 && Math.random() < this.s.failShare;
  }

  shouldDrop(): boolean {
    return this.s.dropShare > 0 && Math.random() < this.s.dropShare;
  }
}
