import { Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import tls from 'node:tls';
import type IORedis from 'ioredis';
import { Pool } from 'pg';
import { FORWARD_CERT_CHANNEL, URL_FORWARD_CHANNEL } from '@registrar/contracts';
import { dbConnectTimeoutMs } from '@registrar/db';
import { createRedis } from '@registrar/infra';
import { forwardLocation } from '@registrar/rules';
import { CertSecret } from '../forwarding/cert-secret';
import { ForwarderConfig } from './forwarder.config';
import { ForwardRule, RuleCache } from './rule-cache';

const HOST_RE = /^(?=.{1,253}$)[a-z0-9_-]{1,63}(\.[a-z0-9_-]{1,63})*$/;

/** The Host header's name: lower case, no port, no trailing dot; '' when it is not a host name. */
export function hostOf(header: string | undefined): string {
  const h = String(header ?? '').trim().toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
  return HOST_RE.test(h) ? h : '';
}

/** RFC 8555 §8.3: the CA fetches http://<host>/.well-known/acme-challenge/<token> (a token is base64url). */
const CHALLENGE_RE = /^\/\.well-known\/acme-challenge\/([A-Za-z0-9_-]{16,128})$/;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const NOT_FOUND = '<!doctype html><html lang="ja"><meta charset="utf-8"><title>転送設定がありません</title>'
  + '<p>このホスト名には転送設定がありません。</p></html>';

/**
 * The forwarding service's HTTP (and HTTPS) server: a request is answered by its Host header with the member's
 * redirect (301 or 302, the target alone or with the request's path and query), or 404. Rules are read from PostgreSQL
 * (dns.url_forwards of served zones only) and kept in memory; a change announced on Redis drops the cached rule on
 * every replica at once, and a Redis reconnect clears the cache (announcements may have been missed meanwhile).
 * HTTP also answers the ACME HTTP-01 challenges of the dns service's issuances (dns.acme_challenges, so any replica
 * answers); HTTPS presents, by SNI, the host's certificate from dns.forward_certs (its key sealed with
 * FORWARD_CERT_SECRET), kept in memory like the rules and dropped on every replica when the dns service announces a
 * new one, else one the operator placed in FORWARDER_CERT_DIR.
 */
@Injectable()
export class ForwarderServer implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('forwarder');
  private pool!: Pool;
  private sub!: IORedis;
  private http?: http.Server;
  private https?: https.Server;
  readonly cache: RuleCache;
  /** secure contexts by host (null: none), dropped on FORWARD_CERT_CHANNEL */
  readonly certs: RuleCache<tls.SecureContext>;
  private readonly secret: CertSecret;
  httpPort = 0;
  httpsPort = 0;
  /** database reads (for the benchmark and tests) */
  reads = 0;

  constructor(private readonly config: ForwarderConfig) {
    this.cache = new RuleCache(config.FORWARDER_CACHE_MS, config.FORWARDER_CACHE_ENTRIES);
    this.certs = new RuleCache<tls.SecureContext>(config.FORWARDER_CACHE_MS, config.FORWARDER_CACHE_ENTRIES);
    this.secret = new CertSecret(config.FORWARD_CERT_SECRET);
  }

  async onModuleInit(): Promise<void> {
    const c = this.config;
    // a connection attempt the server never answers is given up, as on every service pool (ADR 0057)
    this.pool = new Pool({ connectionString: c.DATABASE_URL, max: 4, application_name: 'forwarder', connectionTimeoutMillis: dbConnectTimeoutMs() });
    this.pool.on('error', (e) => this.logger.warn(`postgres: ${e.message}`));
    this.sub = createRedis(c.REDIS_URL);
    let lost = false;
    this.sub.on('close', () => { lost = true; });
    this.sub.on('ready', () => {
      if (lost) {
        this.cache.clear();
        this.certs.clear();
      }
      lost = false;
    });
    this.sub.on('message', (channel: string, fqdn: string) => (channel === FORWARD_CERT_CHANNEL ? this.certs : this.cache).drop(String(fqdn).toLowerCase()));
    await this.sub.subscribe(URL_FORWARD_CHANNEL, FORWARD_CERT_CHANNEL);

    this.http = http.createServer((req, res) => void this.handle(req, res, 'http'));
    this.httpPort = await listen(this.http, c.FORWARDER_PORT, c.FORWARDER_HOST);
    this.logger.log(`forwarding HTTP on ${c.FORWARDER_HOST}:${this.httpPort}`);
    if (c.FORWARDER_HTTPS_PORT > 0) {
      const dir = path.resolve(c.FORWARDER_CERT_DIR);
      this.https = https.createServer({
        minVersion: 'TLSv1.2',
        // the certificate of the name asked for (SNI); none: the handshake fails (there is no certificate to show)
        SNICallback: (servername, cb) => {
          const name = hostOf(servername);
          this.context(name, dir).then((ctx) => (ctx ? cb(null, ctx) : cb(new Error(`no certificate for ${name}`))), (e: Error) => cb(e));
        },
      }, (req, res) => void this.handle(req, res, 'https'));
      this.https.on('tlsClientError', () => undefined);
      this.httpsPort = await listen(this.https, c.FORWARDER_HTTPS_PORT, c.FORWARDER_HOST);
      this.logger.log(`forwarding HTTPS on ${c.FORWARDER_HOST}:${this.httpsPort} (certificates from ${dir})`);
    }
  }

  async onModuleDestroy(): Promise<void> {
    await Promise.all([this.http, this.https].map((s) => (s ? new Promise<void>((r) => { s.close(() => r()); s.closeAllConnections(); }) : undefined)));
    this.sub?.disconnect();
    await this.pool?.end();
  }

  /** The rule of a host: from memory, else from PostgreSQL (served zones only). */
  async rule(host: string): Promise<ForwardRule | null> {
    const cached = this.cache.get(host);
    if (cached !== undefined) return cached;
    this.reads++;
    const { rows } = await this.pool.query(
      `SELECT f.target, f.status, f.keep_path FROM dns.url_forwards f
         JOIN dns.zones z ON z.domain_pk_id = f.domain_pk_id AND z.punycode = f.punycode AND z.served
        WHERE f.fqdn = $1`,
      [host],
    );
    const rule = rows.length ? { target: rows[0].target as string, status: Number(rows[0].status) as 301 | 302, keepPath: !!rows[0].keep_path } : null;
    this.cache.set(host, rule);
    return rule;
  }

  /** The TLS context of a host: its ACME certificate (served zones only), else one placed by hand; cached, null when none. */
  async context(name: string, dir: string): Promise<tls.SecureContext | null> {
    if (!name) return null;
    const cached = this.certs.get(name);
    if (cached !== undefined) return cached;
    this.reads++;
    const { rows } = await this.pool.query(
      `SELECT c.cert_pem, c.key_enc FROM dns.forward_certs c
         JOIN dns.url_forwards f ON f.fqdn = c.fqdn
         JOIN dns.zones z ON z.domain_pk_id = f.domain_pk_id AND z.punycode = f.punycode AND z.served
        WHERE c.fqdn = $1 AND c.cert_pem IS NOT NULL AND c.key_enc IS NOT NULL AND c.not_after > now()`,
      [name],
    );
    let ctx: tls.SecureContext | null = null;
    if (rows.length) {
      try {
        ctx = tls.createSecureContext({ cert: rows[0].cert_pem, key: this.secret.open(rows[0].key_enc) });
      } catch (e) {
        // a key sealed under another FORWARD_CERT_SECRET: said without the key
        this.logger.warn(`certificate of ${name} not usable: ${(e as Error).message}`);
      }
    }
    ctx ??= loadContext(dir, name);
    this.certs.set(name, ctx);
    return ctx;
  }

  /** The key authorization of an ACME HTTP-01 challenge of this host (the dns service's issuance in progress). */
  private async challenge(host: string, token: string): Promise<string | null> {
    const { rows } = await this.pool.query('SELECT key_authorization FROM dns.acme_challenges WHERE token = $1 AND fqdn = $2', [token, host]);
    return rows[0]?.key_authorization ?? null;
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse, scheme: 'http' | 'https'): Promise<void> {
    res.setHeader('Server', 'forwarder');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    const host = hostOf(req.headers.host);
    try {
      const token = scheme === 'http' && host ? CHALLENGE_RE.exec((req.url ?? '').split('?')[0])?.[1] : undefined;
      const answer = token ? await this.challenge(host, token) : null;
      if (answer) {
        res.writeHead(200, { 'Content-Type': 'text/plain', 'Cache-Control': 'no-store' });
        res.end(answer);
        return;
      }
      const rule = host ? await this.rule(host) : null;
      if (!rule) {
        res.writeHead(404, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
        res.end(req.method === 'HEAD' ? undefined : NOT_FOUND);
        return;
      }
      const location = forwardLocation(rule.target, rule.keepPath, (req.url ?? '/').slice(0, 8_000));
      res.writeHead(rule.status, {
        Location: location,
        'Content-Type': 'text/html; charset=utf-8',
        // a 302 is temporary: browsers and proxies must ask again; a 301 may be kept a day
        'Cache-Control': rule.status === 301 ? 'public, max-age=86400' : 'no-store',
      });
      res.end(req.method === 'HEAD' ? undefined : `<!doctype html><html lang="ja"><meta charset="utf-8"><title>転送</title><p><a href="${escapeHtml(location)}">${escapeHtml(location)}</a></p></html>`);
    } catch (e) {
      this.logger.warn(`${scheme}://${host}: ${(e as Error).message}`);
      res.writeHead(503, { 'Content-Type': 'text/plain; charset=utf-8', 'Retry-After': '5' });
      res.end('一時的に転送できません。しばらくしてから再度お試しください。');
    }
  }
}

function listen(server: http.Server | https.Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

function loadContext(dir: string, name: string): tls.SecureContext | null {
  if (!name) return null;
  // the name's own directory, else a wildcard certificate of its parent (*.example.com in _wildcard.example.com)
  const parent = name.split('.').slice(1).join('.');
  for (const d of [name, parent && `_wildcard.${parent}`].filter(Boolean)) {
    const base = path.join(dir, d);
    if (path.dirname(base) !== dir) continue;
    try {
      return tls.createSecureContext({ cert: fs.readFileSync(path.join(base, 'fullchain.pem')), key: fs.readFileSync(path.join(base, 'privkey.pem')) });
    } catch {
      // no such certificate
    }
  }
  return null;
}
