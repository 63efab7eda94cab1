/**
 * CPU profile of a benchmark's measured part only (not its start-up): BENCH_CPU_PROFILE=<dir> makes `profiled(label, fn)`
 * record a V8 CPU profile of this process while `fn` runs and write it to <dir>/<label>.cpuprofile (open it in Chrome's
 * DevTools or VS Code). BENCH_HEAP_PROFILE=<dir> records a V8 sampling heap profile of the objects that outlived a
 * minor GC while `fn` runs (what is promoted to the old generation, those a later major GC collected included) and writes
 * <dir>/<label>.heapprofile, with the ten functions that allocated most of it printed. Without them, `fn` just runs.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Session } from 'node:inspector';

const post = (s: Session, method: string, params?: object) => new Promise<any>((resolve, reject) => s.post(method, params ?? {}, (e, r) => (e ? reject(e) : resolve(r))));

export async function profiled<T>(label: string, fn: () => Promise<T>): Promise<T> {
  if (process.env.BENCH_HEAP_PROFILE) return heapProfiled(process.env.BENCH_HEAP_PROFILE, label, fn);
  const dir = process.env.BENCH_CPU_PROFILE;
  if (!dir) return fn();
  const s = new Session();
  s.connect();
  await post(s, 'Profiler.enable');
  await post(s, 'Profiler.start');
  try {
    return await fn();
  } finally {
    const { profile } = await post(s, 'Profiler.stop');
    fs.mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `${label.replace(/[^\w.-]+/g, '-')}.cpuprofile`);
    fs.writeFileSync(file, JSON.stringify(profile));
    console.log(`CPU profile: ${file}`);
    s.disconnect();
  }
}

interface HeapNode { callFrame: { functionName: string; url: string; lineNumber: number }; selfSize: number; children: HeapNode[] }

async function heapProfiled<T>(dir: string, label: string, fn: () => Promise<T>): Promise<T> {
  const s = new Session();
  s.connect();
  await post(s, 'HeapProfiler.enable');
  await post(s, 'HeapProfiler.startSampling', { samplingInterval: 16384, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: false });
  try {
    return await fn();
  } finally {
    const { profile } = await post(s, 'HeapProfiler.stopSampling');
    fs.mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `${label.replace(/[^\w.-]+/g, '-')}.heapprofile`);
    fs.writeFileSync(file, JSON.stringify(profile));
    const by = new Map<string, number>();
    let total = 0;
    const walk = (n: HeapNode) => {
      total += n.selfSize;
      const f = n.callFrame;
      const k = `${f.functionName || '(anonymous)'} ${f.url.replace(/^.*node_modules\//, '').replace(/^.*\/(libs|bench)\//, '$1/')}:${f.lineNumber + 1}`;
      if (n.selfSize) by.set(k, (by.get(k) ?? 0) + n.selfSize);
      for (const c of n.children) walk(c);
    };
    walk(profile.head as HeapNode);
    console.log(`heap profile (outlived a minor GC): ${file}, ${(total / 1048576).toFixed(1)} MB sampled`);
    for (const [k, v] of [...by].sort((a, b) => b[1] - a[1]).slice(0, 10)) console.log(`  ${(v / 1048576).toFixed(1).padStart(6)} MB  ${k}`);
    s.disconnect();
  }
}
