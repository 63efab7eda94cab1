/**
 * A local HTTPS web site for the connection-check tests: a self-signed certificate for the given names (written to
 * `caFile`, which the check trusts through CONNECTION_CHECK_CA_FILE), answering 200 on / and 503 on /down.
 */
import fs from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';

export interface HttpsTarget {
  port: number;
  close(): Promise<void>;
}

export async function startHttpsTarget(o: { port: number; hosts: string[]; caFile: string; expired?: boolean }): Promise<HttpsTarget> {
  const { generate } = await import('selfsigned');
  const pems = await generate([{ name: 'commonName', value: o.hosts[0] }], {
    keySize: 2048,
    algorithm: 'sha256',
    notBeforeDate: new Date(Date.now() - 2 * 86_400_000),
    notAfterDate: new Date(Date.now() + 90 * 86_400_000),
    extensions: [{ name: 'subjectAltName', altNames: o.hosts.map((value) => ({ type: 2, value })) }],
  } as never);
  fs.writeFileSync(o.caFile, pems.cert);
  const server = https.createServer({ key: pems.private, cert: pems.cert }, (req, res) => {
    if (req.url === '/down') {
      res.writeHead(503, { 'Content-Type': 'text/plain' });
      res.end('down');
      return;
    }
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end('<!doctype html><title>ok</title>ok');
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port, '127.0.0.1', () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
