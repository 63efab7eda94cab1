/**
 * A service pool gives up a connection attempt the server does not answer (DB_CONNECT_TIMEOUT_MS, ADR 0057). Without
 * it such an attempt (a backend stuck in its start, as when PostgreSQL's log could not be written; a network dropping
 * packets) kept its place in the pool for good, and once every place was taken the service's queries waited for ever,
 * though the database answered again. Real PostgreSQL behind a relay that can hold new connections unanswered.
 */
import net from 'node:net';
import { DataSource } from 'typeorm';
import { schemaDataSourceOptions } from '@registrar/db';

jest.setTimeout(60_000);

/** while true, the relay accepts new connections and sends nothing on (the server never answers them) */
let holding = false;
const sockets = new Set<net.Socket>();
const track = (s: net.Socket) => {
  sockets.add(s);
  s.on('error', () => undefined);
  s.on('close', () => sockets.delete(s));
};
const target = new URL(process.env.DATABASE_URL!);
const relay = net.createServer((client) => {
  track(client);
  if (holding) return;
  const upstream = net.connect(Number(target.port || 5432), target.hostname);
  track(upstream);
  client.pipe(upstream).pipe(client);
  client.on('close', () => upstream.destroy());
  upstream.on('close', () => client.destroy());
});
let ds: DataSource;

beforeAll(async () => {
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  const url = new URL(target.toString());
  url.searchParams.delete('host'); // over TCP, through the relay (not the Unix socket the test URL may name)
  url.hostname = '127.0.0.1';
  url.port = String((relay.address() as net.AddressInfo).port);
  process.env.DB_CONNECT_TIMEOUT_MS = '1000';
  ds = new DataSource({ ...schemaDataSourceOptions({ schema: 'public', entities: [], migrations: [], poolSize: 2, url: url.toString() }) } as never);
  await ds.initialize();
});

afterAll(async () => {
  delete process.env.DB_CONNECT_TIMEOUT_MS;
  for (const s of sockets) s.destroy();
  await ds?.destroy().catch(() => undefined);
  await new Promise((resolve) => relay.close(resolve));
});

it('a connection attempt the server never answers is given up; once it answers again, the pool\'s queries run', async () => {
  expect(await ds.query('SELECT 1 AS n')).toEqual([{ n: 1 }]);
  // the server drops every connection and answers no new one (as a stuck start does)
  holding = true;
  for (const s of sockets) s.destroy();
  const pool = (ds.driver as unknown as { master: { totalCount: number } }).master;
  while (pool.totalCount > 0) await new Promise((r) => setTimeout(r, 20));
  // as many queries as the pool has places: each needs a new connection, which never comes; each is given up
  const asked = await Promise.all([0, 1].map(() => ds.query('SELECT 1 AS n').then(() => 'answered', (e: Error) => e.message)));
  expect(asked).toEqual([expect.stringMatching(/timeout/i), expect.stringMatching(/timeout/i)]);
  // the server answers again: the pool's places are free, the next query runs
  holding = false;
  expect(await ds.query('SELECT 1 AS n')).toEqual([{ n: 1 }]);
});
