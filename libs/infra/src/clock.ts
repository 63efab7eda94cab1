/**
 * Business time is Asia/Tokyo and every rule that depends on "today" reads a Clock, so tests can move time.
 * The offset clock reads its offset from an environment variable at construction and can be moved at runtime.
 */
export const CLOCK = Symbol('CLOCK');

export interface Clock {
  now(): Date;
}

export class SystemClock implements Clock {
  private offsetMs: number;
  constructor(offsetMs = Number(process.env.CLOCK_OFFSET_MS ?? 0)) {
    this.offsetMs = offsetMs;
  }
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }
  /** Moves this clock forward (tests and the local runtime only). */
  advance(ms: number): void {
    this.offsetMs += ms;
  }
  setOffset(ms: number): void {
    this.offsetMs = ms;
  }
}
