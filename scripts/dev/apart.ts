/**
 * The system with every service as its own OS process and `replicas` copies of each (`npm run start:apart`, the
 * topology test and bench/topology): the registry simulator and the demo parts (local Stripe and wallet servers, mail
 * catcher) once; every service of apps/<service> `replicas` times, each with its own health port; `replicas` gateways
 * behind a round-robin TCP balancer on the one web port (and on the WHOIS and inbound SMTP ports, whose servers also
 * run in several copies). Demo data is seeded once, by the first gateway.
 */
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort, log, ProcessHandle, ROOT, runProcess, waitForPort } from './infra';

export { freePort };
import { REGISTRY_SIM_CERT, startRegistrySimProcess, tsEntry } from './system';

const node = process.execPath;

/** The services started from apps/<service>/src/main.ts, in this order (the gateway after them). */
export function apartServices(): string[] {
  const all = ['catalog', 'availability', 'orders', 'domain-ops', 'dns', 'whois-mail', 'admin', 'market', 'forwarder'];
  return all.filter((s) => fs.existsSync(path.join(ROOT, 'apps', s, 'src/main.ts')));
}

export interface Replica {
  service: string;
  index: number;
  handle: ProcessHandle;
  /** the health port (/health/live, /health/ready); for a gateway its own HTTP port */
  healthPort: number;
}

export interface ApartSystem {
  replicas: Replica[];
  /** what the processes got besides the caller's env (the demo parts' addresses) */
  env: NodeJS.ProcessEnv;
  stop(): Promise<void>;
}

export interface ApartOptions {
  env: NodeJS.ProcessEnv;
  /** the public web port (the balancer) */
  port: number;
  replicas: number;
  /** one log file per process in this directory; else everything to the terminal */
  logDir?: string;
  /** the registry simulator's env over `env` (the topology test gives it its own database: a registry is not ours to lose) */
  simEnv?: NodeJS.ProcessEnv;
}

/** GET http://127.0.0.1:port/path: the status (0 when nothing answers). */
export function httpStatus(port: number, p: string, timeoutMs = 3000): Promise<number> {
  return new Promise((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path: p, timeout: timeoutMs }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(0));
  });
}

/**
 * A round-robin TCP balancer on `port` in front of `backends` (loopback ports). A backend that refuses the
 * connection is skipped for that connection, so one stopped replica costs no request.
 */
export async function startBalancer(name: string, port: number, backends: number[], host = '127.0.0.1'): Promise<{ close(): Promise<void> }> {
  let next = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.pause();
    const tryBackend = (left: number) => {
      const target = backends[next++ % backends.length];
      const upstream = net.connect(target, '127.0.0.1');
      sockets.add(upstream);
      upstream.on('close', () => sockets.delete(upstream));
      let connected = false;
      upstream.once('connect', () => {
        connected = true;
        client.pipe(upstream).pipe(client);
        client.resume();
      });
      upstream.on('error', () => {
        if (!connected && left > 1 && !client.destroyed) return tryBackend(left - 1);
        client.destroy();
      });
      client.on('error', () => upstream.destroy());
      client.on('close', () => upstream.destroy());
    };
    tryBackend(backends.length);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (e) => reject(new Error(`${name}: port ${port} is in use (${(e as Error).message})`)));
    server.listen(port, host, () => resolve());
  });
  return {
    close: () => new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server.close(() => resolve());
    }),
  };
}

async function waitFor(what: string, cond: () => Promise<boolean>, timeoutMs: number, exited?: () => string | null): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    // a process that died is not ready, whoever else answers on its port
    const dead = exited?.();
    if (dead) throw new Error(dead);
    if (await cond()) return;
    if (Date.now() > until) throw new Error(`${what} not ready after ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

function exitWatch(h: ProcessHandle, what: string, logFile?: string): () => string | null {
  let code: number | null | undefined;
  h.child.once('exit', (c, sig) => { code = c ?? (sig ? -1 : 0); });
  return () => (code === undefined ? null : `${what} exited (code ${code}) at start${logFile ? `; see ${logFile}` : ''}`);
}

export async function startApart(o: ApartOptions): Promise<ApartSystem> {
  const replicas: Replica[] = [];
  const logFile = (name: string) => (o.logDir ? path.join(o.logDir, `${name}.log`) : undefined);
  const spawnEntry = (name: string, entry: string, env: NodeJS.ProcessEnv) => {
    const lf = logFile(name);
    // SIGTERM lets a service finish its running jobs (or hand them back to the queue) before it is killed
    const h = runProcess(name, node, tsEntry(entry), { env, logFile: lf, inherit: !lf, killAfterMs: 20_000 });
    return { h, lf };
  };
  const stop = async () => {
    // the balancers first (no new connections), then every gateway and service at once (each finishes its running
    // work on SIGTERM), then the demo parts and the simulator
    const [simGroup = [], demoGroup = [], ...rest] = groups;
    for (const group of [rest.reverse().flat(), demoGroup, simGroup]) await Promise.allSettled(group.map((s) => s.stop()));
  };
  const groups: { stop(): Promise<void> }[][] = [];
  try {
    const baseEnv: NodeJS.ProcessEnv = { EPP_TLS_CA_FILE: REGISTRY_SIM_CERT, ...o.env };
    const sim = await startRegistrySimProcess({ ...baseEnv, ...o.simEnv }, logFile('registry-sim'));
    groups.push(sim ? [sim] : []);

    // the demo parts, once: they tell where they listen through a file
    const envFile = path.join(o.logDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'registrar-apart-')), 'demo-env.json');
    fs.rmSync(envFile, { force: true });
    const demo = spawnEntry('demo', 'apps/local/src/demo.ts', { ...baseEnv, DEMO_ENV_FILE: envFile });
    groups.push([demo.h]);
    await waitFor('the demo parts', async () => fs.existsSync(envFile), 120_000, exitWatch(demo.h, 'the demo process', demo.lf));
    const env: NodeJS.ProcessEnv = { ...baseEnv, ...JSON.parse(fs.readFileSync(envFile, 'utf8')) };
    // the local runtime's sample payee for bank-transfer top-ups (as apps/local sets it)
    env.BANK_TRANSFER_ACCOUNT ??= 'ラッコ銀行（ローカル） 本店営業部 普通 1234567 ラッコドメイン（カ';

    // every service, `replicas` times, all at once; each is ready when its health port answers
    const smtpBackends: number[] = [];
    const forwarderBackends: number[] = [];
    const serviceGroup: ProcessHandle[] = [];
    const waits: Promise<void>[] = [];
    for (const service of apartServices()) {
      for (let i = 0; i < o.replicas; i++) {
        const healthPort = await freePort();
        const extra: NodeJS.ProcessEnv = { HEALTH_PORT: String(healthPort), REPLICA: String(i + 1) };
        if (service === 'whois-mail' && env.SMTP_INBOUND_PORT) {
          const p = await freePort();
          smtpBackends.push(p);
          extra.SMTP_INBOUND_PORT = String(p);
        }
        if (service === 'forwarder' && env.FORWARDER_PORT) {
          const p = await freePort();
          forwarderBackends.push(p);
          extra.FORWARDER_PORT = String(p);
        }
        const name = `${service}-${i + 1}`;
        const s = spawnEntry(name, `apps/${service}/src/main.ts`, { ...env, ...extra });
        serviceGroup.push(s.h);
        replicas.push({ service, index: i + 1, handle: s.h, healthPort });
        waits.push(waitFor(name, async () => (await httpStatus(healthPort, '/health/live')) === 200, 300_000, exitWatch(s.h, name, s.lf)));
      }
    }
    groups.push(serviceGroup);
    await Promise.all(waits);
    // every replica is still running once all answered (one that died after another process answered on its port
    // would otherwise leave the system with fewer replicas than it says)
    const gone = replicas.filter((r) => r.handle.child.exitCode !== null || r.handle.child.signalCode !== null);
    if (gone.length) throw new Error(`${gone.map((r) => `${r.service}-${r.index}`).join(', ')} exited at start${o.logDir ? `; see ${o.logDir}` : ''}`);
    log(`${apartServices().length} services × ${o.replicas} running`);

    // the gateways: the first seeds the demo data, the others start after it (DEMO_SEED=0)
    const gatewayGroup: ProcessHandle[] = [];
    groups.push(gatewayGroup);
    const webBackends: number[] = [];
    const whoisBackends: number[] = [];
    for (let i = 0; i < o.replicas; i++) {
      const gwPort = await freePort();
      const extra: NodeJS.ProcessEnv = { PORT: String(gwPort), REPLICA: String(i + 1) };
      if (env.WHOIS_PORT) {
        const w = await freePort();
        whoisBackends.push(w);
        extra.WHOIS_PORT = String(w);
      }
      if (i > 0) extra.DEMO_SEED = '0';
      const name = `gateway-${i + 1}`;
      const g = spawnEntry(name, 'apps/gateway/src/main.ts', { ...env, ...extra });
      gatewayGroup.push(g.h);
      webBackends.push(gwPort);
      replicas.push({ service: 'gateway', index: i + 1, handle: g.h, healthPort: gwPort });
      const ready = waitFor(name, async () => (await httpStatus(gwPort, '/health/live')) === 200, 300_000, exitWatch(g.h, name, g.lf));
      if (i === 0) await ready;
      else waits.push(ready);
    }
    await Promise.all(waits);

    const balancers = [await startBalancer('web', o.port, webBackends)];
    if (env.WHOIS_PORT && whoisBackends.length) balancers.push(await startBalancer('whois', Number(env.WHOIS_PORT), whoisBackends));
    if (env.SMTP_INBOUND_PORT && smtpBackends.length) balancers.push(await startBalancer('inbound smtp', Number(env.SMTP_INBOUND_PORT), smtpBackends));
    if (env.FORWARDER_PORT && forwarderBackends.length) balancers.push(await startBalancer('forwarder', Number(env.FORWARDER_PORT), forwarderBackends));
    groups.push(balancers.map((b) => ({ stop: () => b.close() })));
    await waitForPort(o.port, '127.0.0.1', 10_000);
    return { replicas, env, stop };
  } catch (e) {
    await stop();
    throw e;
  }
}
