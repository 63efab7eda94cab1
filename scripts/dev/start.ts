/**
 * `npm start`: everything a fresh clone needs, then the whole system at http://localhost:8080 (PORT changes it).
 * Ctrl-C stops everything this started.
 */
import { log } from './infra';
import { runLocalSystem, startSystem } from './system';

void runLocalSystem(async ({ env, port, dnsPort }) => {
  const handles = await startSystem({ env, port });
  log('');
  log(`ready: http://localhost:${port}`);
  log(`DNS: PowerDNS on 127.0.0.1:${dnsPort} (e.g. kdig @127.0.0.1 -p ${dnsPort} example.com SOA)`);
  log(`WHOIS proxy mail and mail forwarding (SMTP): 127.0.0.1:${env.SMTP_INBOUND_PORT}`);
  log(`URL forwarding: http://127.0.0.1:${env.FORWARDER_PORT} (curl -H 'Host: www.<domain>' …)`);
  log(`WHOIS: port 43 protocol on 127.0.0.1:${env.WHOIS_PORT} (whois -h 127.0.0.1 -p ${env.WHOIS_PORT} <domain>), RDAP at http://localhost:${port}/rdap/domain/<domain>`);
  log(`registry WHOIS 127.0.0.1:${env.REGISTRY_SIM_WHOIS_PORT}, registry RDAP ${env.REGISTRY_RDAP_URL}`);
  return handles;
});
