/**
 * Starts the whole system on top of running infrastructure: the registry simulator (its own process)
 * and every service plus the gateway (apps/local, one process). Used by `npm start`, `npm test` and bench/.
 */
import fs from 'node:fs';
import path from 'node:path';
import { log, ProcessHandle, ROOT, runProcess, waitForPort } from './infra';

export interface SystemOptions {
  env: NodeJS.ProcessEnv;
  port: number;
  /** append process output to this file instead of the terminal */
  logFile?: string;
}

const node = process.execPath;

export function tsEntry(rel: string): string[] {
  return ['-r', '@swc-node/register', path.join(ROOT, rel)];
}

/** Builds the web app unless dist is newer than every source file (set FORCE_WEB_BUILD=1 to always build). */
export function buildWebIfStale(): void {
  const dist = path.join(ROOT, 'dist/apps/web/index.html');
  const newest = (dir: string): number => {
    let m = 0;
    if (!fs.existsSync(dir)) return 0;
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      if (e.name === 'node_modules' || e.name === 'dist') continue;
      const p = path.join(dir, e.name);
      m = Math.max(m, e.isDirectory() ? newest(p) : fs.statSync(p).mtimeMs);
    }
    return m;
  };
  const srcTime = Math.max(newest(path.join(ROOT, 'apps/web')), newest(path.join(ROOT, 'libs/ui')), newest(path.join(ROOT, 'libs/messages')), newest(path.join(ROOT, 'libs/rules')));
  if (process.env.FORCE_WEB_BUILD !== '1' && fs.existsSync(dist) && fs.statSync(dist).mtimeMs > srcTime) return;
  log('building the web app (vite build)…');
  const { spawnSync } = require('node:child_process') as typeof import('node:child_process');
  const r = spawnSync(node, [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], { cwd: path.join(ROOT, 'apps/web'), stdio: 'inherit' });
  if (r.status !== 0) throw new Error('web build failed');
}

export async function startSystem(o: SystemOptions): Promise<ProcessHandle[]> {
  const handles: ProcessHandle[] = [];
  const common = { env: o.env, logFile: o.logFile, inherit: !o.logFile };
  const simEntry = 'apps/registry-sim/src/main.ts';
  if (fs.existsSync(path.join(ROOT, simEntry))) {
    handles.push(runProcess('registry-sim', node, tsEntry(simEntry), common));
    await waitForPort(Number(o.env.EPP_PORT ?? 7700), '127.0.0.1', 60_000);
  }
  handles.push(runProcess('services', node, tsEntry('apps/local/src/main.ts'), common));
  await waitForPort(o.port, '127.0.0.1', 120_000);
  return handles;
}
