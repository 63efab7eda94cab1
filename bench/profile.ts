/**
 * CPU profile of a benchmark's measured part only (not its start-up): BENCH_CPU_PROFILE=<dir> makes `profiled(label, fn)`
 * record a V8 CPU profile of this process while `fn` runs and write it to <dir>/<label>.cpuprofile (open it in Chrome's
 * DevTools or VS Code). Without the variable, `fn` just runs.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Session } from 'node:inspector';

const post = (s: Session, method: string, params?: object) => new Promise<any>((resolve, reject) => s.post(method, params ?? {}, (e, r) => (e ? reject(e) : resolve(r))));

export async function profiled<T>(label: string, fn: () => Promise<T>): Promise<T> {
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
