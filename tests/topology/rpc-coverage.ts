/**
 * "When you add a call between services, add it to the topology test" made checkable (docs/operations.md, ADR
 * 0017-i22): the topology test records every request pattern sent over the `rpc-<service>` queues while it runs, and
 * its last test fails when a pattern some service handles (a `@MessagePattern` under libs/) was neither sent nor is
 * listed below with the reason it need not be. A new call therefore either gets a step in tests/topology that sends
 * it with the services apart, or a line here that a reviewer reads.
 *
 * Reasons are grouped; to extend at a merge, add the pattern's string to the group that fits (or a new group with its
 * own reason). `rpc-coverage.spec.ts` (unit stage) checks that every listed pattern is still handled somewhere and is
 * listed once.
 */
import fs from 'node:fs';
import path from 'node:path';
import * as contracts from '@registrar/contracts';

const ROOT = path.resolve(__dirname, '../..');

/** Every pattern a service handles: pattern → the file of its handler (a static scan of `@MessagePattern(X.Y)` in libs/). */
export function handledPatterns(): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) {
        if (e.name !== 'node_modules') walk(p);
      } else if (e.name.endsWith('.ts') && !e.name.endsWith('.spec.ts')) {
        const text = fs.readFileSync(p, 'utf8');
        for (const m of text.matchAll(/@MessagePattern\(\s*(\w+)\.(\w+)\s*\)/g)) {
          const group = (contracts as unknown as Record<string, Record<string, string> | undefined>)[m[1]!];
          const pattern = group?.[m[2]!];
          if (typeof pattern !== 'string') throw new Error(`${path.relative(ROOT, p)}: @MessagePattern(${m[1]}.${m[2]}) is not a pattern of @registrar/contracts`);
          out.set(pattern, path.relative(ROOT, p));
        }
        if (/@MessagePattern\(\s*['"`]/.test(text)) throw new Error(`${path.relative(ROOT, p)}: a @MessagePattern with a literal string (use a contracts constant)`);
      }
    }
  };
  for (const lib of fs.readdirSync(path.join(ROOT, 'libs'))) {
    const src = path.join(ROOT, 'libs', lib, 'src');
    if (fs.existsSync(src)) walk(src);
  }
  return out;
}

/**
 * Patterns the topology test does not send, each group with the reason. The transport's guarantees (one replica per
 * request, deadline, idempotency key) are the same for every pattern; what the topology test adds per pattern is the
 * proof that a state change made through it happens once with two replicas. A pattern belongs here only when that
 * proof adds nothing (a read), or is made elsewhere (named in the reason).
 */
export const NOT_IN_TOPOLOGY: ReadonlyArray<{ reason: string; patterns: readonly string[] }> = [];

/** NOT_IN_TOPOLOGY flattened: pattern → reason. */
export function notInTopology(): Map<string, string> {
  const m = new Map<string, string>();
  for (const g of NOT_IN_TOPOLOGY) for (const p of g.patterns) m.set(p, g.reason);
  return m;
}
