import fs from 'node:fs';
import { performance, type EventLoopUtilization } from 'node:perf_hooks';

/** The main thread's time on a CPU and waiting for one (Linux `/proc/self/schedstat`, ns); zeros elsewhere. */
export function schedStat(): { runNs: number; waitNs: number } {
  try {
    const [run, wait] = fs.readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ').map(Number);
    return { runNs: run ?? 0, waitNs: wait ?? 0 };
  } catch {
    return { runNs: 0, waitNs: 0 };
  }
}

/** Since the last reset: the process's CPU time and its event loop's busy share (`GET /stats/process`). */
export interface ProcessUsage {
  wallMs: number;
  /** user + system CPU time of the simulator's process */
  cpuMs: number;
  /** share of the wall time the event loop was busy (0..1): one event loop serves every session */
  eventLoopUtilization: number;
  /** the event loop's thread: share of the wall time it ran on a CPU, and share it was ready but waited for one */
  mainThreadRunShare: number;
  mainThreadWaitShare: number;
  /** commands recorded (all kinds) */
  commands: number;
}

/** The simulator's own service time per command (frame received → answer written), the benchmarks' baseline. */
export class ServiceStats {
  private readonly byCommand = new Map<string, { count: number; totalUs: number; maxUs: number }>();
  private since = { wall: performance.now(), cpu: process.cpuUsage(), elu: performance.eventLoopUtilization() as EventLoopUtilization, sched: schedStat() };

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

  /** what the process spent since the last reset: a single event loop's capacity is commands ÷ its busy time */
  usage(): ProcessUsage {
    const cpu = process.cpuUsage(this.since.cpu);
    let commands = 0;
    for (const v of this.byCommand.values()) commands += v.count;
    const wallMs = performance.now() - this.since.wall;
    const sched = schedStat();
    return {
      wallMs,
      mainThreadRunShare: (sched.runNs - this.since.sched.runNs) / 1e6 / wallMs,
      mainThreadWaitShare: (sched.waitNs - this.since.sched.waitNs) / 1e6 / wallMs,
      cpuMs: (cpu.user + cpu.system) / 1000,
      eventLoopUtilization: performance.eventLoopUtilization(this.since.elu).utilization,
      commands,
    };
  }

  reset(): void {
    this.byCommand.clear();
    this.since = { wall: performance.now(), cpu: process.cpuUsage(), elu: performance.eventLoopUtilization(), sched: schedStat() };
  }
}
