/**
 * The set-up the DNS benchmarks share: the bench database and Redis, an empty dns schema, (optionally) PowerDNS on
 * that database, the domain-ops and dns services in this process, an RPC client, and domains on our name servers.
 */
import path from 'node:path';
import { Client } from 'pg';
import { BullRpcClient, startService } from '@registrar/infra';
import { benchDataStores, startPowerDns, Stoppable } from '../../scripts/dev/infra';

export interface DnsBench {
  databaseUrl: string;
  redisUrl: string;
  db: Client;
  client: BullRpcClient;
}

/**
 * Starts everything above; each part is pushed on `handles` to be stopped by the caller. `env` is set before the
 * services are loaded (their modules read REDIS_URL and their limits when they are loaded).
 */
export async function startDnsBench(o: { tmp: string; handles: Stoppable[]; env: Record<string, string>; powerDnsPort?: number }): Promise<DnsBench> {
  const { tmp, handles } = o;
  const { databaseUrl, redisUrl } = await benchDataStores({ tmp, pgPort: Number(process.env.BENCH_PG_PORT ?? 25492), redisPort: Number(process.env.BENCH_REDIS_PORT ?? 26492), handles });
  Object.assign(process.env, { DATABASE_URL: databaseUrl, REDIS_URL: redisUrl, ...o.env });
  const db = new Client({ connectionString: databaseUrl });
  db.on('error', () => undefined);
  await db.connect();
  handles.push({ name: 'db', stop: () => db.end() });
  await db.query('DROP SCHEMA IF EXISTS dns CASCADE');
  if (o.powerDnsPort !== undefined) handles.push(await startPowerDns({ databaseUrl, port: o.powerDnsPort, dir: path.join(tmp, 'pdns') }));
  // the service modules read REDIS_URL when they are loaded
  const { DomainOpsServiceModule } = await import('@registrar/domain-ops');
  const { DnsServiceModule } = await import('@registrar/dns');
  const ops = await startService('domain-ops', DomainOpsServiceModule, redisUrl);
  handles.push({ name: 'domain-ops', stop: () => ops.close() });
  const dns = await startService('dns', DnsServiceModule, redisUrl);
  handles.push({ name: 'dns', stop: () => dns.close() });
  const client = new BullRpcClient(redisUrl);
  await client.connect();
  handles.push({ name: 'client', stop: () => client.close() });
  return { databaseUrl, redisUrl, db, client };
}

/** A member's active .com domain on our name servers (01-04.dnsv.jp), written straight into domain-ops' tables; its id. */
export async function domainOnOurNameServers(db: Client, userId: number, name: string): Promise<number> {
  const [row] = (await db.query(
    `INSERT INTO domain_ops.domains (user_id, name, idn, punycode, tld, status, due_date) VALUES ($1, $2, $2, $2, 'com', 'active', now() + interval '1 year') RETURNING id`,
    [userId, name],
  )).rows;
  for (let p = 1; p <= 4; p++) await db.query('INSERT INTO domain_ops.domain_name_servers (domain_id, priority, name) VALUES ($1, $2, $3)', [row.id, p, `0${p}.dnsv.jp`]);
  return Number(row.id);
}
