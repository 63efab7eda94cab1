/**
 * Micro-benchmark: CPU µs to parse one EPP answer, the old parser against the new, on the same answers (the corpus the
 * unit tests check the scanner against saxes on: libs/epp/src/testing/answer-samples.ts). No database, no network.
 *
 *   npm run bench -- answer-parse        (or: node -r @swc-node/register bench/epp/answer-parse.bench.ts)
 *
 * "old" is saxes as the client used it (parseXmlDocumentWithSaxes), or, with BENCH_BASE_EPP=<an older libs/epp/src>
 * (see check-throughput.bench.ts), that version's parseXmlDocument. "new" is parseXmlDocument. "pool read" times what
 * the pool does with a check answer (parseResponse + parseDomainCheck; old against new with BENCH_BASE_EPP). Old and new alternate in rounds
 * (BENCH_ROUNDS, default 7) and the median of the rounds is printed, with the load average beside it.
 */
import os from 'node:os';
import path from 'node:path';
import * as epp from '@registrar/epp';
import { ANSWER_SAMPLES } from '../../libs/epp/src/testing/answer-samples';

const base: typeof epp | undefined = process.env.BENCH_BASE_EPP ? require(path.resolve(process.env.BENCH_BASE_EPP)) : undefined;
const oldParse = base ? base.parseXmlDocument : epp.parseXmlDocumentWithSaxes;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const BUDGET_MS = Number(process.env.BENCH_ROUND_MS ?? 150);

/** CPU µs per call of `f`, over about BUDGET_MS of CPU. */
function cpuMicros(f: () => unknown): number {
  let n = 0;
  const start = process.cpuUsage();
  let used = 0;
  while (used < BUDGET_MS * 1000) {
    for (let k = 0; k < 50; k++) f();
    n += 50;
    const u = process.cpuUsage(start);
    used = u.user + u.system;
  }
  return used / n;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const load = () => os.loadavg()[0]!.toFixed(2);

function compare(label: string, oldF: () => unknown, newF: () => unknown): void {
  for (let k = 0; k < 2000; k++) { oldF(); newF(); } // warm both up
  const o: number[] = [];
  const nw: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    o.push(cpuMicros(oldF));
    nw.push(cpuMicros(newF));
  }
  const mo = median(o);
  const mn = median(nw);
  console.log(`${label.padEnd(38)} ${mo.toFixed(2).padStart(8)} ${mn.toFixed(2).padStart(8)} ${(mn / mo).toFixed(2).padStart(7)}   load ${load()}`);
}

console.log(`answer parse, CPU µs per answer (median of ${ROUNDS} alternated rounds; old = ${base ? `parseXmlDocument of ${process.env.BENCH_BASE_EPP}` : 'saxes'})`);
console.log(`${'answer'.padEnd(38)} ${'old'.padStart(8)} ${'new'.padStart(8)} ${'new/old'.padStart(7)}`);
for (const [name, xml] of Object.entries(ANSWER_SAMPLES)) {
  if (!epp.scanEppDocument(xml)) throw new Error(`${name}: not read by the scanner`);
  compare(name, () => oldParse(xml), () => epp.parseXmlDocument(xml));
}
const check = ANSWER_SAMPLES['domain:check (25 names)']!;
if (base) compare('pool read of the 25-name check', () => base.parseDomainCheck(base.parseResponse(check)), () => epp.parseDomainCheck(epp.parseResponse(check)));
else console.log(`${'pool read of the 25-name check (new)'.padEnd(38)} ${''.padStart(8)} ${cpuMicros(() => epp.parseDomainCheck(epp.parseResponse(check))).toFixed(2).padStart(8)}           load ${load()}`);
