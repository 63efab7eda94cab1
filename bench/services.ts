/**
 * The services a benchmark measures, started the way BENCH_APART says (issue 31: "measure each benchmark both in one
 * process and with the services apart, and print both"):
 *   - BENCH_APART unset or 0: in this process, as before (startService of each module on the real Redis transport);
 *   - BENCH_APART=1: each its own process from apps/<service>/src/main.ts, as `npm run start:apart` runs them, with
 *     this process's environment (DATABASE_URL, REDIS_URL, the simulator, the bench's settings) and a free health port;
 *     ready when /health/live answers.
 * `npm run bench` runs every benchmark that uses this in both modes, one after the other.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startService } from '@registrar/infra';
import { freePort, runProcess, Stoppable } from '../scripts/dev/infra';
import { tsEntry } from '../scripts/dev/system';
import { httpStatus } from '../scripts/dev/apart';

export const benchApart = () => process.env.BENCH_APART === '1';
export const benchMode = () => (benchApart() ? 'services apart (one process each)' : 'in one process');

type ServiceName = 'catalog' | 'orders' | 'domain-ops' | 'whois-mail';

async function moduleOf(name: ServiceName): Promise<unknown> {
  if (name === 'catalog') return (await import('@registrar/catalog')).CatalogServiceModule;
  if (name === 'orders') return (await import('@registrar/orders')).OrdersServiceModule;
  if (name === 'whois-mail') return (await import('@registrar/whois-mail')).WhoisMailServiceModule;
  return (await import('@registrar/domain-ops')).DomainOpsServiceModule;
}

/** Starts the services (their stop goes into `handles`); call it after the environment is set. */
export async function startBenchServices(names: ServiceName[], handles: Stoppable[]): Promise<void> {
  if (!benchApart()) {
    for (const name of names) {
      const app = await startService(name, (await moduleOf(name)) as never, process.env.REDIS_URL);
      handles.push({ name, stop: () => app.close() });
    }
    return;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-apart-'));
  await Promise.all(names.map(async (name) => {
    const healthPort = await freePort();
    const logFile = path.join(dir, `${name}.log`);
    // BENCH_APART_CPU_PROFILE=<dir>:<service>: that service's whole-life V8 CPU profile (node --cpu-prof), written on exit
    const [profDir, profName] = (process.env.BENCH_APART_CPU_PROFILE ?? '').split(':');
    const prof = profDir && profName === name ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`] : [];
    const h = runProcess(name, process.execPath, [...prof, ...tsEntry(`apps/${name}/src/main.ts`)], { env: { ...process.env, HEALTH_PORT: String(healthPort) }, logFile, killAfterMs: 20_000 });
    handles.push(h);
    const until = Date.now() + 300_000;
    while ((await httpStatus(healthPort, '/health/live')) !== 200) {
      if (Date.now() > until) throw new Error(`${name} did not start (log: ${logFile})`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }));
}
