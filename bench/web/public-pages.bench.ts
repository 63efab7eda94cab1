/**
 * First load of the public pages on a phone: Chromium (playwright-core, /usr/bin/chromium) with a mobile profile —
 * 150 ms round trip, 1.6 Mbps down / 750 kbps up (CDP Network.emulateNetworkConditions), CPU slowed 4×
 * (Emulation.setCPUThrottlingRate), a 412×915 touch viewport — over the top page, the price list and one TLD detail
 * page, each BENCH_RUNS times (5) with a cold cache (a new browser context per run). Prints the median Largest
 * Contentful Paint, requests, transferred bytes and compressed script bytes, beside the same figures for the floor: the
 * page's own server-rendered HTML saved as a static file without its scripts, served by the same gateway (express.static
 * from WEB_DIST) in the same run. Goals (issue 24): LCP ≤ 1.5 s and ≤ 1.3× the floor on each page; ≤ 40 requests and
 * ≤ 150 KB of compressed script on the top page.
 *
 *   node_modules/.bin/node -r @swc-node/register bench/web/public-pages.bench.ts
 *
 * Under `npm run bench` it uses the runner's PostgreSQL and Redis (DATABASE_URL, REDIS_URL); run alone, it starts its
 * own. It builds the web app when stale, copies it to a bench-only WEB_DIST and starts every service with the gateway
 * (apps/local). Environment (all optional): BENCH_WEB_PORT (18091), BENCH_PG_PORT (25490), BENCH_REDIS_PORT (26490),
 * BENCH_EPP_PORT (17792), BENCH_RUNS (5), BENCH_TLD (com), BENCH_PAGES (top,price,tld), BENCH_START_TIMEOUT_MS (600000, the services' start), CHROMIUM_PATH (/usr/bin/chromium), BENCH_WEB_DIST and
 * BENCH_WEB_SSR_DIST (a browser build and its server entry to measure instead of this tree's, e.g. an older commit's
 * for a before/after; the server entry must sit inside the repository, e.g. dist/before/web-ssr, where it finds its
 * packages: elsewhere it fails to load and the pages are served as the client app), BENCH_LIST=1 (print the
 * scripts of each page's first run with their compressed sizes).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type CDPSession } from 'playwright-core';
import { benchDataStores, log, ROOT, runProcess, Stoppable, stopper, waitForPort } from '../../scripts/dev/infra';
import { buildWebIfStale, tsEntry } from '../../scripts/dev/system';

const port = Number(process.env.BENCH_WEB_PORT ?? 18091);
const pgPort = Number(process.env.BENCH_PG_PORT ?? 25490);
const redisPort = Number(process.env.BENCH_REDIS_PORT ?? 26490);
const eppPort = Number(process.env.BENCH_EPP_PORT ?? 17792);
const runs = Number(process.env.BENCH_RUNS ?? 5);
const tld = process.env.BENCH_TLD ?? 'com';
// the browser tests' flags (tests/e2e/playwright.config.ts)
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-dev-shm-usage'];
const NETWORK = { offline: false, latency: 150, downloadThroughput: (1.6 * 1e6) / 8, uploadThroughput: (750 * 1e3) / 8 };
const CPU_SLOWDOWN = 4;

interface Run {
  lcp: number;
  requests: number;
  bytes: number;
  scriptBytes: number;
  /** the same scripts' bytes once decompressed (what the phone parses) */
  scriptRaw: number;
  /** the scripts loaded, each with its transferred bytes */
  scripts: [string, number][];
  /** the largest contentful paint's element, as tag, test id, text and size */
  element: string;
  /** the page's errors (uncaught, or logged as errors) */
  errors: string[];
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

/** Waits until the catalogue is loaded (the TLD's detail answers). */
async function waitForPage(url: string, text: string): Promise<void> {
  const end = Date.now() + 180_000;
  while (Date.now() < end) {
    try {
      const res = await fetch(url, { headers: { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' } });
      if (res.ok && (await res.text()).includes(text)) return;
    } catch { /* not up yet */ }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not answer its content within 180 s`);
}

/** One cold load of `url` with the mobile profile. */
async function load(browser: import('playwright-core').Browser, url: string, app = true): Promise<Run> {
  const context = await browser.newContext({ viewport: { width: 412, height: 915 }, deviceScaleFactor: 2.625, isMobile: true, hasTouch: true, locale: 'ja-JP', timezoneId: 'Asia/Tokyo' });
  const page = await context.newPage();
  const cdp: CDPSession = await context.newCDPSession(page);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', NETWORK);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  const types = new Map<string, string>();
  const urls = new Map<string, string>();
  const scripts: [string, number][] = [];
  const decoded = new Map<string, number>();
  cdp.on('Network.dataReceived', (e: { requestId: string; dataLength: number }) => decoded.set(e.requestId, (decoded.get(e.requestId) ?? 0) + e.dataLength));
  let requests = 0;
  let bytes = 0;
  let scriptBytes = 0;
  let scriptRaw = 0;
  cdp.on('Network.requestWillBeSent', () => requests++);
  cdp.on('Network.responseReceived', (e: { requestId: string; type: string; response: { url: string } }) => {
    types.set(e.requestId, e.type);
    urls.set(e.requestId, e.response.url);
  });
  cdp.on('Network.loadingFinished', (e: { requestId: string; encodedDataLength: number }) => {
    bytes += e.encodedDataLength;
    if (types.get(e.requestId) === 'Script') {
      scriptBytes += e.encodedDataLength;
      scriptRaw += decoded.get(e.requestId) ?? 0;
      scripts.push([new URL(urls.get(e.requestId) ?? 'http://x/?').pathname, e.encodedDataLength]);
    }
  });
  await page.goto(url, { waitUntil: 'networkidle', timeout: 120_000 });
  if (app) {
    // the app's code starts after the first paint, so the network may rest before it: wait until the page is live
    // (hydrated) and the network rests again, so every script of the first load is counted
    await page.waitForSelector('html[data-app-ready]', { state: 'attached', timeout: 120_000 });
    await page.waitForLoadState('networkidle', { timeout: 120_000 });
  }
  // the buffered largest-contentful-paint entries, read once the page has painted (the observer's callback is a task
  // of its own, which a busy, slowed main thread may run late)
  const { lcp, element } = await page.evaluate(
    () =>
      new Promise<{ lcp: number; element: string }>((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries() as (PerformanceEntry & { element?: Element | null; size?: number })[];
          if (!entries.length) return;
          const last = entries[entries.length - 1];
          const el = last.element;
          const name = el ? `${el.tagName.toLowerCase()}${el.getAttribute('data-testid') ? `[${el.getAttribute('data-testid')}]` : ''} "${(el.textContent ?? '').trim().slice(0, 20)}"` : '(removed)';
          resolve({ lcp: last.startTime, element: `${name} ${last.size ?? 0}px²` });
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );
  await context.close();
  return { lcp, element, requests, bytes, scriptBytes, scriptRaw, scripts, errors };
}

async function main() {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'registrar-bench-web-'));
  const handles: Stoppable[] = [];
  const stop = stopper(handles);
  process.on('SIGINT', async () => { await stop(); process.exit(130); });
  try {
    buildWebIfStale();
    // a bench-only copy of the built app: the floor files are written next to it and served exactly as it is
    const webDir = path.join(tmp, 'web');
    fs.cpSync(process.env.BENCH_WEB_DIST || path.join(ROOT, 'dist/apps/web'), webDir, { recursive: true });
    const { databaseUrl, redisUrl } = await benchDataStores({ tmp, pgPort, redisPort, handles });
    const env: NodeJS.ProcessEnv = {
      // production, as deployed: React's production build on the server, the server entry loaded once
      NODE_ENV: 'production',
      SESSION_SECRET: randomBytes(32).toString('hex'),
      // the operator details production requires (the legal pages show them); bench-only values
      OPERATOR_LEGAL_NAME: 'ベンチ株式会社',
      OPERATOR_ADDRESS: '東京都千代田区千代田1-1',
      OPERATOR_REPRESENTATIVE: '代表 太郎',
      OPERATOR_PHONE: '03-0000-0000',
      OPERATOR_EMAIL: 'bench@example.jp',
      OPERATOR_BUSINESS_HOURS: '平日10:00〜18:00',
      // the variables a production deployment must set (@Deployed), here the local runtime's own values
      EPP_HOST: '127.0.0.1',
      EPP_CLIENT_ID: 'rakko',
      EPP_PASSWORD: 'rakko-local-pass',
      MAIL_FROM: 'ラッコドメイン <no-reply@localhost>',
      SMTP_URL: `smtp://127.0.0.1:${port + 3}`,
      SMTP_INBOUND_HOST: '127.0.0.1',
      REGISTRY_RDAP_URL: `http://127.0.0.1:${eppPort + 1}/rdap`,
      REGISTRY_SIM_CERT_HOSTS: 'localhost',
      STRIPE_SECRET_KEY: 'sk_test_local',
      STRIPE_WEBHOOK_SECRET: 'whsec_local',
      WHOIS_MAIL_APPROVAL_BASE_URLS: `http://127.0.0.1:${eppPort + 1}/registrant-change/`,
      WHOIS_MAIL_REGISTRY_SECRET: 'registry-sim-local-mail-secret',
      WHOIS_MAIL_REGISTRY_SENDERS: 'change-of-registrant@registry-sim.example',
      WHOIS_PROXY_MAIL_DOMAIN: 'whois-proxy.rakko.example',
      // PowerDNS is not started for this bench (no zone is served): the local runtime's values, which production requires set
      PDNS_API_URL: `http://127.0.0.1:${port + 5}`,
      PDNS_API_KEY: 'registrar-local-pdns-api-key',
      // URL and mail forwarding (docs/forwarding.md): bench-only values
      FORWARDER_IPV4: '127.0.0.1',
      FORWARD_MX_HOST: 'mx.bench.example',
      FORWARD_SRS_SECRET: 'bench-srs-secret',
      // certificates for forwarded names (ADR 0033): none is issued here (no forwarding), bench-only values
      ACME_DIRECTORY_URL: `http://127.0.0.1:${port + 6}/dir`,
      FORWARD_CERT_SECRET: 'bench-forward-cert-secret',
      // the forwarder's HTTP server (its default 8080 may be taken on a shared machine), on loopback
      FORWARDER_PORT: String(port + 7),
      FORWARDER_HOST: '127.0.0.1',
      PHONE_VERIFICATION: 'off',
      LOG_LEVEL: 'warn',
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      PORT: String(port),
      EPP_PORT: String(eppPort),
      EPP_ADMIN_PORT: String(eppPort + 1),
      MAIL_CATCHER_SMTP_PORT: String(port + 3),
      SMTP_INBOUND_PORT: String(port + 4),
      APP_URL: `http://localhost:${port}`,
      WEB_DIST: webDir,
      WEB_SSR_DIST: process.env.BENCH_WEB_SSR_DIST || path.join(ROOT, 'dist/apps/web-ssr'),
      LOCAL_RUNTIME: '1',
    };
    log(`starting the system on port ${port} (log: ${path.join(tmp, 'system.log')})`);
    handles.push(runProcess('services', process.execPath, tsEntry('apps/local/src/main.ts'), { env, logFile: path.join(tmp, 'system.log') }));
    // the services start slowly on a loaded shared machine (load 50-60: over 3 minutes)
    await waitForPort(port, '127.0.0.1', Number(process.env.BENCH_START_TIMEOUT_MS ?? 600_000));
    const base = `http://127.0.0.1:${port}`;
    const only = (process.env.BENCH_PAGES ?? 'top,price,tld').split(',');
    const pages = [
      { key: 'top', name: 'top', path: '/' },
      { key: 'price', name: 'price list', path: '/domain/price' },
      { key: 'tld', name: `TLD detail (.${tld})`, path: `/domain/tld/${tld}` },
    ].filter((p) => only.includes(p.key));
    await waitForPage(`${base}/domain/tld/${tld}`, `.${tld}`);
    // the floor: each page's own HTML as a static file, without its scripts (module entry, preloads, query state)
    for (const p of pages) {
      const html = await (await fetch(base + p.path)).text();
      const floor = html
        .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '')
        .replace(/<link rel="modulepreload"[^>]*>/g, '');
      fs.writeFileSync(path.join(webDir, `bench-floor-${pages.indexOf(p)}.html`), floor);
    }
    const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
    try {
      // one warm-up load each, so the gateway's first render and the services' first answers are not measured
      for (const p of pages) await load(browser, base + p.path);
      console.log('');
      console.log(`First load, mobile profile (150 ms RTT, 1.6 Mbps down / 750 kbps up, CPU ${CPU_SLOWDOWN}× slower, 412×915), cold cache, median of ${runs} runs`);
      console.log(`${'page'.padEnd(30)} ${'LCP'.padStart(8)} ${'floor'.padStart(8)} ${'×floor'.padStart(7)} ${'requests'.padStart(9)} ${'transferred'.padStart(12)} ${'script gz'.padStart(10)} ${'script raw'.padStart(10)}   floor: requests, transferred`);
      for (const [i, p] of pages.entries()) {
        const page: Run[] = [];
        const floor: Run[] = [];
        for (let r = 0; r < runs; r++) {
          page.push(await load(browser, base + p.path));
          floor.push(await load(browser, `${base}/bench-floor-${i}.html`, false));
        }
        const m = (xs: Run[], k: 'lcp' | 'requests' | 'bytes' | 'scriptBytes' | 'scriptRaw') => median(xs.map((x) => x[k]));
        const lcp = m(page, 'lcp');
        const floorLcp = m(floor, 'lcp');
        console.log(
          `${`${p.name} ${p.path}`.padEnd(30)} ${`${(lcp / 1000).toFixed(2)} s`.padStart(8)} ${`${(floorLcp / 1000).toFixed(2)} s`.padStart(8)} ${`${(lcp / floorLcp).toFixed(2)}×`.padStart(7)} ${String(m(page, 'requests')).padStart(9)} ${kb(m(page, 'bytes')).padStart(12)} ${kb(m(page, 'scriptBytes')).padStart(10)} ${kb(m(page, 'scriptRaw')).padStart(10)}   ${m(floor, 'requests')}, ${kb(m(floor, 'bytes'))}`,
        );
        if (process.env.BENCH_LIST === '1') for (const [u, n] of page[0].scripts) console.log(`${''.padEnd(30)} ${kb(n).padStart(10)}  ${u}`);
        console.log(`${''.padEnd(30)} LCP element: ${[...new Set(page.map((x) => x.element))].join(' | ')}; floor: ${[...new Set(floor.map((x) => x.element))].join(' | ')}`);
        for (const e of new Set(page.flatMap((x) => x.errors))) console.log(`${''.padEnd(30)} page error: ${e}`);
        console.log(`${''.padEnd(30)} LCP of each run: ${page.map((x) => (x.lcp / 1000).toFixed(2)).join(' ')} s; floor: ${floor.map((x) => (x.lcp / 1000).toFixed(2)).join(' ')} s`);
      }
    } finally {
      await browser.close();
    }
  } catch (e) {
    console.error(e);
    try { console.error(fs.readFileSync(path.join(tmp, 'system.log'), 'utf8').split('\n').slice(-40).join('\n')); } catch { /* no log */ }
    process.exitCode = 1;
  } finally {
    await stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

void main();
