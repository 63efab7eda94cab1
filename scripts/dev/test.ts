/**
 * `npm test`: static checks, unit tests, integration tests against real PostgreSQL, Redis and the registry simulator,
 * then browser tests (Playwright on Debian's Chromium) against the whole running system.
 * Infrastructure starts once for the whole run. Ends with the plain line "N passed, N failed".
 *
 *   npm test                 everything
 *   npm test -- unit         only some stages: lint, typecheck, unit, integration, topology, e2e
 *   npm test -- e2e --grep x extra arguments after the stage names go to the runner of the last stage
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureBrowser, ensureCommand, log, ROOT, runToEnd, startPostgres, startPowerDns, startRedis, stopper, Stoppable } from './infra';
import { startPebble } from './pebble';
import { buildWebIfStale, REGISTRY_SIM_CERT, startRegistrySimProcess, startSystem } from './system';

const STAGES = ['lint', 'typecheck', 'unit', 'integration', 'topology', 'e2e'] as const;
type Stage = (typeof STAGES)[number];

const args = process.argv.slice(2);
const chosen = args.filter((a): a is Stage => (STAGES as readonly string[]).includes(a));
const extra = args.filter((a) => !(STAGES as readonly string[]).includes(a));
const stages: Stage[] = chosen.length ? chosen : [...STAGES];

const node = process.execPath;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'registrar-test-'));

let passed = 0;
let failed = 0;
let skipped = 0;
const report: string[] = [];

/** Runs one step to its end without blocking this process (runToEnd: PostgreSQL's log keeps being read meanwhile). */
async function run(label: string, cmd: string, cmdArgs: string[], env: NodeJS.ProcessEnv = {}): Promise<boolean> {
  log(`── ${label}`);
  const t = Date.now();
  const ok = (await runToEnd(cmd, cmdArgs, { env: { ...process.env, ...env } })) === 0;
  report.push(`${ok ? 'ok  ' : 'FAIL'} ${label} (${((Date.now() - t) / 1000).toFixed(1)} s)`);
  return ok;
}

async function jest(project: string, env: NodeJS.ProcessEnv, more: string[]): Promise<boolean> {
  const out = path.join(tmp, `jest-${project}.json`);
  const ok = await run(`jest ${project}`, node, ['--experimental-vm-modules', '--no-warnings=ExperimentalWarning', path.join(ROOT, 'node_modules/jest/bin/jest.js'), '--selectProjects', project, '--json', `--outputFile=${out}`, '--passWithNoTests', ...more], env);
  if (fs.existsSync(out)) {
    const j = JSON.parse(fs.readFileSync(out, 'utf8'));
    passed += j.numPassedTests;
    failed += j.numFailedTests;
    skipped += j.numPendingTests + (j.numTodoTests ?? 0);
    if (!ok && j.numFailedTests === 0) failed += 1; // a suite that failed to run counts as a failure
  } else if (!ok) failed += 1;
  return ok;
}

async function check(label: string, cmd: string, cmdArgs: string[]): Promise<boolean> {
  const ok = await run(label, cmd, cmdArgs);
  if (ok) passed += 1; else failed += 1;
  return ok;
}

/**
 * Lint fails on source files git does not track: the checks here read them, a clean clone would not have them
 * (a commit once imported a file it left out, and only CI's fresh clone found it).
 */
function untrackedSources(): boolean {
  const r = spawnSync('git', ['ls-files', '--others', '--exclude-standard', '--', 'apps', 'libs', 'scripts', 'tests', 'bench'], { cwd: ROOT, encoding: 'utf8' });
  if (r.status !== 0) return true; // not a git checkout: nothing to compare with
  const files = r.stdout.split('\n').filter(Boolean);
  const label = 'sources tracked by git';
  if (files.length) {
    log(`── ${label}: ${files.length} file(s) git does not track (git add them, or ignore them):`);
    for (const f of files) log(`   ${f}`);
  }
  report.push(`${files.length ? 'FAIL' : 'ok  '} ${label}`);
  if (files.length) failed += 1; else passed += 1;
  return files.length === 0;
}

async function main() {
  const handles: Stoppable[] = [];
  const stop = stopper(handles);
  process.on('SIGINT', async () => { await stop(); process.exit(130); });
  // every default port sits below the kernel's ephemeral range (32768-60999 on Linux): a port in that range can be taken
  // by any outgoing connection's local end, and once was (CI: the topology stage's Redis port was busy, 15 tests failed)
  const ports = { pg: Number(process.env.TEST_PG_PORT ?? 25432), redis: Number(process.env.TEST_REDIS_PORT ?? 26379), http: Number(process.env.TEST_HTTP_PORT ?? 18080), epp: Number(process.env.TEST_EPP_PORT ?? 17700), smtpInbound: Number(process.env.TEST_SMTP_INBOUND_PORT ?? 12525), dns: Number(process.env.TEST_DNS_PORT ?? 15353) };
  // the SMTP server the integration tests listen on for the registry simulator's mail (registrant-change approval)
  const simSmtpPort = Number(process.env.TEST_SIM_SMTP_PORT ?? 17735);
  // public WHOIS (docs/public-whois.md), a block of 9 ports from TEST_WHOIS_PORT: W our port-43 server (integration),
  // W+1 ours (browser-test system), W+2/W+3 the simulator's WHOIS/RDAP (integration), W+4/W+5 (browser-test system),
  // W+6 the gateway of the public-WHOIS integration test (the registrar RDAP the simulator links to), W+7/W+8 local
  // HTTPS servers of the connection-check tests (integration, browser)
  const whoisPort = Number(process.env.TEST_WHOIS_PORT ?? 14343);
  let ok = true;
  try {
    if (stages.includes('lint')) {
      spawnSync(node, [path.join(ROOT, 'node_modules/nx/dist/bin/nx.js'), 'show', 'projects'], { cwd: ROOT, stdio: 'ignore', env: { ...process.env, NX_DAEMON: 'false' } }); // builds the project graph the boundary rule reads
      ok = untrackedSources() && ok;
      ok = await check('eslint (module boundaries)', node, [path.join(ROOT, 'node_modules/eslint/bin/eslint.js'), '--max-warnings=0', '--no-error-on-unmatched-pattern', 'apps', 'libs', 'scripts', 'tests', 'bench']) && ok;
      // no import cycle anywhere (issue 30): the server side with its path aliases, then the web app with its own
      const dpdm = path.join(ROOT, 'node_modules/dpdm/lib/bin/dpdm.js');
      ok = await check('dpdm (no import cycles: server)', node, [dpdm, '--no-warning', '--no-tree', '--exit-code', 'circular:1', '--tsconfig', 'tsconfig.base.json', 'libs/**/*.ts', 'apps/*/src/**/*.ts', 'scripts/**/*.ts']) && ok;
      ok = await check('dpdm (no import cycles: web)', node, [dpdm, '--no-warning', '--no-tree', '--exit-code', 'circular:1', '--tsconfig', 'apps/web/tsconfig.json', 'apps/web/src/**/*.{ts,tsx}']) && ok;
    }
    if (stages.includes('typecheck')) {
      ok = await check('tsc (server, scripts, tests)', node, [path.join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json']) && ok;
      ok = await check('tsc (web)', node, [path.join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'apps/web/tsconfig.json']) && ok;
    }
    if (stages.includes('unit') || stages.includes('integration')) {
      // the EPP tests validate every frame against ../shared/epp-xsd with xmllint
      ensureCommand('xmllint', ['libxml2-utils'], 'Install libxml2 utilities so that `xmllint` is on PATH.');
    }
    if (stages.includes('integration')) {
      // the DNS tests ask PowerDNS with kdig and check exported zones with named-checkzone
      ensureCommand('kdig', ['knot-dnsutils'], 'Install Knot DNS utilities so that `kdig` is on PATH.');
      ensureCommand('named-checkzone', ['bind9-utils'], 'Install BIND utilities so that `named-checkzone` is on PATH.');
      // the public WHOIS tests read our port-43 servers with Debian's whois client too
      ensureCommand('whois', ['whois'], 'Install the whois client so that `whois` is on PATH.');
    }
    if (stages.includes('unit')) ok = await jest('unit', {}, stages.at(-1) === 'unit' ? extra : []) && ok;

    const needInfra = stages.includes('integration') || stages.includes('topology') || stages.includes('e2e');
    if (needInfra) {
      const pg = await startPostgres({ dataDir: path.join(tmp, 'pg'), port: ports.pg, database: 'registrar_it', persistent: false, logFile: path.join(tmp, 'postgres.log') });
      handles.push(pg);
      const redis = await startRedis(ports.redis, path.join(tmp, 'redis.log'));
      handles.push(redis);
      const base: NodeJS.ProcessEnv = {
        NODE_ENV: 'test',
        DATABASE_URL: pg.url,
        REDIS_URL: redis.url,
        EPP_PORT: String(ports.epp),
        TEST_TMP: tmp,
        // the whois-mail service's inbound SMTP (integration on this port, the browser-test system on the next)
        SMTP_INBOUND_PORT: String(ports.smtpInbound),
        LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      };
      if (stages.includes('integration')) {
        // one registry simulator shared by the whole integration suite (admin channel on EPP port + 2)
        const simEnv = {
          ...base, TEST_WHOIS_PORT: String(whoisPort), WHOIS_PORT: String(whoisPort), REGISTRY_SIM_WHOIS_PORT: String(whoisPort + 2), REGISTRY_SIM_RDAP_PORT: String(whoisPort + 3),
          REGISTRY_RDAP_URL: `http://127.0.0.1:${whoisPort + 3}/rdap`, REGISTRY_SIM_REGISTRAR_RDAP: `rakko=http://127.0.0.1:${whoisPort + 6}/rdap`, RDAP_BASE_URL: `http://127.0.0.1:${whoisPort + 6}/rdap`,
          CONNECTION_CHECK_RESOLVER: `127.0.0.1:${ports.dns}`, CONNECTION_CHECK_ALLOW_PRIVATE: '1',
          EPP_ADMIN_PORT: String(ports.epp + 2), EPP_TLS_CA_FILE: REGISTRY_SIM_CERT, DNS_PORT: String(ports.dns),
          // the ACME test server (Pebble) of the forwarding certificate test: directory, management and the forwarder it validates against
          TEST_ACME_PORT: String(ports.http + 6), TEST_ACME_MANAGEMENT_PORT: String(ports.http + 7), TEST_ACME_FORWARDER_PORT: String(ports.http + 2), TEST_ACME_FORWARDER_HTTPS_PORT: String(ports.http + 3),
          TEST_SIM_SMTP_PORT: String(simSmtpPort), REGISTRY_SIM_SMTP_URL: `smtp://127.0.0.1:${simSmtpPort}` };
        // PowerDNS serving the zones the integration tests write (schema dns of the test database)
        const pdns = await startPowerDns({ databaseUrl: pg.url, port: ports.dns, dir: path.join(tmp, 'pdns-it') });
        const sim = await startRegistrySimProcess(simEnv, path.join(tmp, 'registry-sim.log')).catch(async (e) => { await pdns.stop(); throw e; });
        try {
          ok = await jest('integration', simEnv, ['--runInBand', '--forceExit', ...(stages.at(-1) === 'integration' ? extra : [])]) && ok;
        } finally {
          await sim?.stop();
          await pdns.stop();
        }
      }
      if (stages.includes('topology')) {
        // start:apart with 2 replicas of every service (tests/topology): the stage's PostgreSQL (its own database),
        // its own persistent Redis and ports, each derived from the TEST_* block
        const topoDb = pg.url.replace(/\/registrar_it(\?|$)/, '/registrar_topo$1');
        const { Client } = await import('pg');
        const admin = new Client({ connectionString: pg.url });
        await admin.connect();
        await admin.query('CREATE DATABASE registrar_topo');
        await admin.end();
        ok = await jest('topology', {
          ...base, DATABASE_URL: topoDb, TOPO_PORT: String(ports.http + 5), TOPO_REDIS_PORT: String(ports.redis + 1), TOPO_EPP_PORT: String(ports.epp + 5),
          TOPO_MAIL_PORT: String(ports.epp + 7), TOPO_SMTP_INBOUND_PORT: String(ports.smtpInbound + 2), TOPO_FORWARDER_PORT: String(ports.smtpInbound + 3), TOPO_DNS_PORT: String(ports.dns + 2),
          TOPO_WHOIS_PORT: String(whoisPort + 9), TOPO_SIM_WHOIS_PORT: String(simSmtpPort + 1), TOPO_SIM_RDAP_PORT: String(simSmtpPort + 2),
        }, ['--runInBand', '--forceExit', ...(stages.at(-1) === 'topology' ? extra : [])]) && ok;
      }
      if (stages.includes('e2e')) {
        ensureBrowser();
        buildWebIfStale();
        const e2eDb = pg.url.replace(/\/registrar_it(\?|$)/, '/registrar_e2e$1');
        const { Client } = await import('pg');
        const admin = new Client({ connectionString: pg.url });
        await admin.connect();
        await admin.query('CREATE DATABASE registrar_e2e');
        await admin.end();
        handles.push(await startPowerDns({ databaseUrl: e2eDb, port: ports.dns + 1, dir: path.join(tmp, 'pdns-e2e') }));
        // the ACME server the system's dns service obtains forwarded hosts' certificates from, validating against its forwarder
        const pebble = await startPebble({ port: ports.http + 6, managementPort: ports.http + 7, httpPort: ports.http + 8, dnsPort: ports.dns + 1, dir: path.join(tmp, 'pebble-e2e') });
        handles.push(pebble);
        const env = { ...base, DNS_PORT: String(ports.dns + 1), DATABASE_URL: e2eDb, REDIS_URL: `${redis.url}/1`, PORT: String(ports.http), APP_URL: `http://localhost:${ports.http}`, LOCAL_RUNTIME: '1', POLL_EVERY_S: '3', EPP_PORT: String(ports.epp + 1), EPP_ADMIN_PORT: String(ports.epp + 3), MAIL_CATCHER_SMTP_PORT: String(ports.epp + 4), SMTP_INBOUND_PORT: String(ports.smtpInbound + 1), FORWARDER_PORT: String(ports.http + 8), REGISTRY_SIM_SMTP_URL: `smtp://127.0.0.1:${ports.epp + 4}`, REGISTRY_SIM_SMTP_ROUTES: `whois-proxy.rakko.example=smtp://127.0.0.1:${ports.smtpInbound + 1}`,
          TEST_WHOIS_PORT: String(whoisPort), WHOIS_PORT: String(whoisPort + 1), REGISTRY_SIM_WHOIS_PORT: String(whoisPort + 4), REGISTRY_SIM_RDAP_PORT: String(whoisPort + 5),
          REGISTRY_RDAP_URL: `http://127.0.0.1:${whoisPort + 5}/rdap`, REGISTRY_SIM_REGISTRAR_RDAP: `rakko=http://127.0.0.1:${ports.http}/rdap`,
          CONNECTION_CHECK_RESOLVER: `127.0.0.1:${ports.dns + 1}`, CONNECTION_CHECK_ALLOW_PRIVATE: '1', CONNECTION_CHECK_TEST_HTTPS_PORT: String(whoisPort + 8),
          // the browser test's local HTTPS site writes its self-signed certificate here; the check trusts it
          CONNECTION_CHECK_CA_FILE: path.join(tmp, 'conncheck-ca.pem'),
          ACME_DIRECTORY_URL: pebble.directoryUrl, ACME_CA_FILE: pebble.tlsCaFile };
        handles.push(...(await startSystem({ env, port: ports.http, logFile: path.join(tmp, 'system.log') })));
        const out = path.join(tmp, 'playwright.json');
        const r = await run('playwright (browser)', node, [path.join(ROOT, 'node_modules/@playwright/test/cli.js'), 'test', '-c', 'tests/e2e/playwright.config.ts', ...(stages.at(-1) === 'e2e' ? extra : [])], { ...env, BASE_URL: `http://localhost:${ports.http}`, PLAYWRIGHT_JSON_OUTPUT_NAME: out });
        if (fs.existsSync(out)) {
          const s = JSON.parse(fs.readFileSync(out, 'utf8')).stats ?? {};
          passed += s.expected ?? 0;
          failed += s.unexpected ?? 0;
          skipped += s.skipped ?? 0;
          if (!r && !(s.unexpected > 0)) failed += 1;
        } else if (!r) failed += 1;
        if (!r) {
          ok = false;
          log(`system log: ${path.join(tmp, 'system.log')}`);
          try { process.stdout.write(fs.readFileSync(path.join(tmp, 'system.log'), 'utf8').split('\n').slice(-60).join('\n') + '\n'); } catch { /* none */ }
        }
      }
    }
  } catch (e) {
    console.error(e);
    ok = false;
    failed += 1;
  } finally {
    await stop();
  }
  log('');
  for (const line of report) log(line);
  console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
  process.exit(ok && failed === 0 ? 0 : 1);
}

void main();
