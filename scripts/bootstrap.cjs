#!/usr/bin/env node
// Entry point for `npm start`, `npm test` and `npm run bench` on any Node version.
// 1. installs dependencies when node_modules is missing or older than package.json;
// 2. re-runs the real command (scripts/dev/<cmd>.ts) on the project's Node 24 (npm package `node`).
'use strict';
const { spawnSync, spawn } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const cmd = process.argv[2];
const rest = process.argv.slice(3);
const targets = { start: 'scripts/dev/start.ts', 'start:apart': 'scripts/dev/start-apart.ts', test: 'scripts/dev/test.ts', bench: 'scripts/dev/bench.ts' };
if (!targets[cmd]) {
  console.error(`usage: bootstrap.cjs ${Object.keys(targets).join('|')}`);
  process.exit(2);
}

function mtime(p) {
  try { return fs.statSync(path.join(root, p)).mtimeMs; } catch { return 0; }
}

/** Every workspace package must be linked into node_modules (a pull may bring a new one without touching package.json). */
function workspaceStale(since) {
  for (const dir of ['apps', 'libs']) {
    let entries = [];
    try { entries = fs.readdirSync(path.join(root, dir)); } catch { continue; }
    for (const e of entries) {
      const pj = path.join(dir, e, 'package.json');
      if (!fs.existsSync(path.join(root, pj))) continue;
      if (mtime(pj) > since) return true;
      try {
        const { name } = JSON.parse(fs.readFileSync(path.join(root, pj), 'utf8'));
        if (name && !fs.existsSync(path.join(root, 'node_modules', name))) return true;
      } catch { return true; }
    }
  }
  return false;
}

const node24 = path.join(root, 'node_modules', 'node', 'bin', 'node');
const marker = 'node_modules/.package-lock.json';
const stale = !fs.existsSync(node24) || mtime(marker) === 0 || mtime(marker) < mtime('package.json') || workspaceStale(mtime(marker));
if (stale || process.env.FORCE_INSTALL === '1') {
  console.log('[bootstrap] installing dependencies (npm install)…');
  const r = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) {
    console.error('[bootstrap] npm install failed');
    process.exit(r.status || 1);
  }
  // npm leaves the marker untouched when nothing changed; mark this state as installed
  const now = new Date();
  try { fs.utimesSync(path.join(root, marker), now, now); } catch { /* no marker */ }
}
if (!fs.existsSync(node24)) {
  console.error('[bootstrap] node_modules/node/bin/node is missing: the npm package `node@24` did not install.');
  process.exit(1);
}
const child = spawn(node24, ['-r', '@swc-node/register', path.join(root, targets[cmd]), ...rest], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, PATH: `${path.join(root, 'node_modules', '.bin')}:${process.env.PATH}` },
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
