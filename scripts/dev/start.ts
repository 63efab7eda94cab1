/**
 * `npm start`: everything a fresh clone needs, then the whole system at http://localhost:8080 (PORT changes it).
 * Ctrl-C stops everything this started.
 */
import path from 'node:path';
import { log, ROOT, startPostgres, startPowerDns, startRedis, stopper, Stoppable } from './infra';
import { buildWebIfStale, localRuntimeEnv, startSystem } from './system';

async function main() {
  const port = Number(process.env.PORT ?? 8080);
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
    // PowerDNS serves the zones of domains on our name servers (01-04.dnsv.jp stand for it)
    const dnsPort = Number(process.env.DNS_PORT ?? 5300);
    handles.push(await startPowerDns({ databaseUrl: pg.url, port: dnsPort, dir: path.join(ROOT, '.data/pdns') }));
    const env = localRuntimeEnv({ port, databaseUrl: pg.url, redisUrl: redis.url, dnsPort });
    handles.push(...(await startSystem({ env, port })));
    log('');
    log(`ready: http://localhost:${port}`);
    log(`DNS: PowerDNS on 127.0.0.1:${dnsPort} (e.g. kdig @127.0.0.1 -p ${dnsPort} example.com SOA)`);
    log(`WHOIS proxy mail and mail forwarding (SMTP): 127.0.0.1:${env.SMTP_INBOUND_PORT}`);
    log(`URL forwarding: http://127.0.0.1:${env.FORWARDER_PORT} (curl -H 'Host: www.<domain>' …)`);
    log(`WHOIS: port 43 protocol on 127.0.0.1:${env.WHOIS_PORT} (whois -h 127.0.0.1 -p ${env.WHOIS_PORT} <domain>), RDAP at http://localhost:${port}/rdap/domain/<domain>`);
    log(`registry WHOIS 127.0.0.1:${env.REGISTRY_SIM_WHOIS_PORT}, registry RDAP ${env.REGISTRY_RDAP_URL}`);
    log('press Ctrl-C to stop');
  } catch (e) {
    console.error(e);
    await stop();
    process.exit(1);
  }
}

void main();
