/**
 * `npm run start:apart`: the same system as `npm start` (same ports, same demo data) with every service as its own
 * OS process and REPLICAS copies (default 2) of each, two or more gateways behind the one web port
 * (scripts/dev/apart.ts). Ctrl-C stops all of it.
 */
import path from 'node:path';
import { log, ROOT, startPostgres, startPowerDns, startRedis, stopper, Stoppable } from './infra';
import { buildWebIfStale, localRuntimeEnv } from './system';
import { apartServices, startApart } from './apart';

async function main() {
  const port = Number(process.env.PORT ?? 8080);
  const replicas = Math.max(1, Number(process.env.REPLICAS ?? 2) || 2);
  const handles: Stoppable[] = [];
  const stop = stopper(handles);
  let stopping = false;
  const onSignal = async () => {
    if (stopping) return;
    stopping = true;
    log('stopping…');
    await stop();
    process.exit(0);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    buildWebIfStale();
    const pg = await startPostgres({ dataDir: path.join(ROOT, '.data/pg'), port: Number(process.env.PG_PORT ?? 5433), database: 'registrar' });
    handles.push(pg);
    const redis = await startRedis(Number(process.env.REDIS_PORT ?? 6380), undefined, { dataDir: path.join(ROOT, '.data/redis') });
    handles.push(redis);
    const dnsPort = Number(process.env.DNS_PORT ?? 5300);
    handles.push(await startPowerDns({ databaseUrl: pg.url, port: dnsPort, dir: path.join(ROOT, '.data/pdns') }));
    const env = localRuntimeEnv({ port, databaseUrl: pg.url, redisUrl: redis.url, dnsPort });
    const logDir = process.env.APART_LOG_DIR ? path.resolve(process.env.APART_LOG_DIR) : undefined;
    log(`starting ${apartServices().length + 1} services × ${replicas} replicas (each its own process)…`);
    const system = await startApart({ env, port, replicas, logDir });
    handles.push({ name: 'services', stop: system.stop });
    log('');
    log(`ready: http://localhost:${port} (${replicas} gateways behind it)`);
    for (const r of system.replicas) log(`  ${r.service}#${r.index} pid ${r.handle.child.pid}, health http://127.0.0.1:${r.healthPort}/health/ready`);
    log(`WHOIS proxy mail and mail forwarding (SMTP): 127.0.0.1:${env.SMTP_INBOUND_PORT}; WHOIS port 43: 127.0.0.1:${env.WHOIS_PORT}`);
    log(`URL forwarding: http://127.0.0.1:${env.FORWARDER_PORT}`);
    log('press Ctrl-C to stop');
  } catch (e) {
    console.error(e);
    await stop();
    process.exit(1);
  }
}

void main();
