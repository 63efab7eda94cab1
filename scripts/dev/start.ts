/**
 * `npm start`: everything a fresh clone needs, then the whole system at http://localhost:8080 (PORT changes it).
 * Ctrl-C stops everything this started.
 */
import path from 'node:path';
import { log, ROOT, startPostgres, startPowerDns, startRedis, stopper, Stoppable } from './infra';
import { buildWebIfStale, startSystem } from './system';

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
    const redis = await startRedis(Number(process.env.REDIS_PORT ?? 6380));
    handles.push(redis);
    // PowerDNS serves the zones of domains on our name servers (01-04.dnsv.jp stand for it)
    const dnsPort = Number(process.env.DNS_PORT ?? 5300);
    handles.push(await startPowerDns({ databaseUrl: pg.url, port: dnsPort, dir: path.join(ROOT, '.data/pdns') }));
    const env: NodeJS.ProcessEnv = {
      NODE_ENV: 'development',
      DATABASE_URL: pg.url,
      REDIS_URL: redis.url,
      PORT: String(port),
      EPP_PORT: process.env.EPP_PORT ?? '7700',
      APP_URL: process.env.APP_URL ?? `http://localhost:${port}`,
      LOCAL_RUNTIME: '1',
      DNS_PORT: String(dnsPort),
      // inbound SMTP of the WHOIS proxy addresses (docs/whois-mail.md)
      SMTP_INBOUND_PORT: process.env.SMTP_INBOUND_PORT ?? '2525',
      // the registry's mail (registrant-change approval) goes to the local mail catcher of the services process
      REGISTRY_SIM_SMTP_URL: process.env.REGISTRY_SIM_SMTP_URL ?? `smtp://127.0.0.1:${process.env.MAIL_CATCHER_SMTP_PORT ?? 1025}`,
      // …except mail to the WHOIS proxy addresses, which goes to the WHOIS mail inbox's inbound SMTP (as its MX would)
      REGISTRY_SIM_SMTP_ROUTES: process.env.REGISTRY_SIM_SMTP_ROUTES ?? `whois-proxy.rakko.example=smtp://127.0.0.1:${process.env.SMTP_INBOUND_PORT ?? '2525'}`,
    };
    // public WHOIS (docs/public-whois.md): our port-43 server and RDAP (/rdap), the simulator's own RDAP and WHOIS
    const whoisPort = process.env.WHOIS_PORT ?? '4343';
    const simRdapPort = process.env.REGISTRY_SIM_RDAP_PORT ?? '4380';
    Object.assign(env, {
      WHOIS_PORT: whoisPort,
      REGISTRY_SIM_WHOIS_PORT: process.env.REGISTRY_SIM_WHOIS_PORT ?? '4344',
      REGISTRY_SIM_RDAP_PORT: simRdapPort,
      REGISTRY_RDAP_URL: process.env.REGISTRY_RDAP_URL ?? `http://127.0.0.1:${simRdapPort}/rdap`,
      REGISTRY_SIM_REGISTRAR_RDAP: process.env.REGISTRY_SIM_REGISTRAR_RDAP ?? `rakko=http://127.0.0.1:${port}/rdap`,
      // the website connection check may reach private and loopback targets only in the local runtime
      CONNECTION_CHECK_ALLOW_PRIVATE: process.env.CONNECTION_CHECK_ALLOW_PRIVATE ?? '1',
      // …and asks our PowerDNS first, so the zones we host are not reported unregistered or unanswered (docs/public-whois.md)
      CONNECTION_CHECK_OWN_ZONES_RESOLVER: process.env.CONNECTION_CHECK_OWN_ZONES_RESOLVER ?? `127.0.0.1:${dnsPort}`,
    });
    handles.push(...(await startSystem({ env, port })));
    log('');
    log(`ready: http://localhost:${port}`);
    log(`DNS: PowerDNS on 127.0.0.1:${dnsPort} (e.g. kdig @127.0.0.1 -p ${dnsPort} example.com SOA)`);
    log(`WHOIS proxy mail (SMTP): 127.0.0.1:${env.SMTP_INBOUND_PORT}`);
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
