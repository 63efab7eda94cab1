import path from 'node:path';
import { startPostgres, startPowerDns } from './infra';
(async () => {
  const pg = await startPostgres({ dataDir: '/tmp/i29a/pg', port: 25001, database: 'scratch', persistent: false });
  const { Client } = await import('pg');
  const c = new Client({ connectionString: pg.url }); await c.connect();
  await c.query('CREATE SCHEMA IF NOT EXISTS dns');
  const { DnsInit1795433458532 } = await import('../../libs/dns/src/migrations/1795433458532-dns-init');
  await new DnsInit1795433458532().up({ query: (s: string, p?: unknown[]) => c.query(s, p as never) } as never);
  await c.query(`INSERT INTO dns.domains (name, type) VALUES ('example.com','NATIVE')`);
  await c.query(`INSERT INTO dns.records (domain_id,name,type,content,ttl,auth) VALUES (1,'example.com','SOA','01.dnsv.jp. hostmaster.dnsv.jp. 1 10800 3600 604800 3600',3600,true),(1,'example.com','NS','01.dnsv.jp',3600,true),(1,'www.example.com','A','192.0.2.1',300,true),(1,'a.b.example.com','A','192.0.2.2',300,true),(1,'sub.example.com','NS','ns.other.net',300,true)`);
  console.log('PG', pg.url);
  const p = await startPowerDns({ databaseUrl: pg.url, port: 25040, dir: '/tmp/i29a/pdns' });
  console.log('READY');
  process.on('SIGTERM', async () => { await p.stop(); await pg.stop(); process.exit(0); });
  setInterval(() => {}, 1e6);
})().catch((e) => { console.error(e); process.exit(1); });
