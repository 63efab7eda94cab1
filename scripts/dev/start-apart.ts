/**
 * `npm run start:apart`: the same system as `npm start` (same ports, same demo data) with every service as its own
 * OS process and REPLICAS copies (default 2) of each, two or more gateways behind the one web port
 * (scripts/dev/apart.ts). Ctrl-C stops all of it.
 */
import path from 'node:path';
import { log } from './infra';
import { runLocalSystem } from './system';
import { apartServices, startApart } from './apart';

void runLocalSystem(async ({ env, port }) => {
  const replicas = Math.max(1, Number(process.env.REPLICAS ?? 2) || 2);
  const logDir = process.env.APART_LOG_DIR ? path.resolve(process.env.APART_LOG_DIR) : undefined;
  log(`starting ${apartServices().length + 1} services × ${replicas} replicas (each its own process)…`);
  const system = await startApart({ env, port, replicas, logDir });
  log('');
  log(`ready: http://localhost:${port} (${replicas} gateways behind it)`);
  for (const r of system.replicas) log(`  ${r.service}#${r.index} pid ${r.handle.child.pid}, health http://127.0.0.1:${r.healthPort}/health/ready`);
  log(`WHOIS proxy mail and mail forwarding (SMTP): 127.0.0.1:${env.SMTP_INBOUND_PORT}; WHOIS port 43: 127.0.0.1:${env.WHOIS_PORT}`);
  log(`URL forwarding: http://127.0.0.1:${env.FORWARDER_PORT}`);
  return [{ name: 'services', stop: system.stop }];
});
