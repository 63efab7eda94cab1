/**
 * Pebble (Let's Encrypt's ACME test server, Debian package `pebble`, installed by ensurePowerDns) at the network
 * boundary of the forwarding certificate tests (integration, and the browser tests' system): the real RFC 8555 server
 * that acme-client talks to. It validates HTTP-01 by fetching
 * http://<host>:<httpPort>/.well-known/acme-challenge/<token>, resolving <host> through our PowerDNS, so the
 * forwarder answers exactly as it would for Let's Encrypt.
 */
import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import path from 'node:path';

export interface Pebble {
  name: string;
  directoryUrl: string;
  /** the PEM of Pebble's own TLS certificate (ACME_CA_FILE) */
  tlsCaFile: string;
  /** the root that signs the certificates Pebble issues (made at its start) */
  issuingRoot(): Promise<string>;
  stop(): Promise<void>;
}

export async function startPebble(o: { port: number; managementPort: number; httpPort: number; dnsPort: number; dir: string }): Promise<Pebble> {
  fs.mkdirSync(o.dir, { recursive: true });
  const cert = path.join(o.dir, 'pebble-tls.pem');
  const key = path.join(o.dir, 'pebble-tls.key');
  execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-days', '2', '-subj', '/CN=localhost',
    '-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost', '-keyout', key, '-out', cert], { stdio: 'ignore' });
  const config = path.join(o.dir, 'pebble-config.json');
  fs.writeFileSync(config, JSON.stringify({
    pebble: {
      listenAddress: `127.0.0.1:${o.port}`, managementListenAddress: `127.0.0.1:${o.managementPort}`, certificate: cert, privateKey: key,
      httpPort: o.httpPort, tlsPort: o.httpPort, ocspResponderURL: '', externalAccountBindingRequired: false,
    },
  }));
  const log = fs.openSync(path.join(o.dir, 'pebble.log'), 'a');
  const child: ChildProcess = spawn('pebble', ['-config', config, '-dnsserver', `127.0.0.1:${o.dnsPort}`], {
    // no random sleep before validating, no nonces refused on purpose, no authorisations reused between orders
    env: { ...process.env, PEBBLE_VA_NOSLEEP: '1', PEBBLE_WFE_NONCEREJECT: '0', PEBBLE_AUTHZREUSE: '0' },
    stdio: ['ignore', log, log],
  });
  const ca = fs.readFileSync(cert);
  const get = (url: string) => new Promise<{ status: number; body: string }>((resolve, reject) => {
    https.get(url, { ca }, (res) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    }).on('error', reject);
  });
  const directoryUrl = `https://127.0.0.1:${o.port}/dir`;
  const end = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`pebble exited (${child.exitCode}); see ${o.dir}/pebble.log`);
    const ok = await get(directoryUrl).then((r) => r.status === 200, () => false);
    if (ok) break;
    if (Date.now() > end) throw new Error('pebble did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    name: 'pebble',
    directoryUrl,
    tlsCaFile: cert,
    issuingRoot: async () => (await get(`https://127.0.0.1:${o.managementPort}/roots/0`)).body,
    stop: () => new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    }),
  };
}
