import { HttpException, HttpStatus, Injectable, Logger } from '@nestjs/common';
import dns from 'node:dns';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import tls from 'node:tls';
import type { ConnectionCheckId, ConnectionCheckResponse, ConnectionCheckResult } from '@registrar/contracts';
import { fmt, M } from '@registrar/messages';
import { ConnectionCheckTarget, parseDomainName, registrableName, validateConnectionCheckInput } from '@registrar/rules';
import { devToolsEnabled } from '@registrar/identity';
import { PublicToolsConfig } from '../public-whois/public-tools.config';
import { PublicWhoisService } from '../public-whois/public-whois.service';
import { isPublicAddress } from './target-guard';

class CheckTimeout extends Error {}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let t: NodeJS.Timeout;
  return Promise.race([p, new Promise<never>((_, reject) => { t = setTimeout(() => reject(new CheckTimeout('timeout')), ms); })]).finally(() => clearTimeout(t));
}

const reasonOf = (e: unknown): string => (e instanceof CheckTimeout ? M.checkTimeout : String((e as NodeJS.ErrnoException)?.code ?? (e as Error)?.message ?? e));
const day = (d: Date) => d.toLocaleDateString('ja-JP', { timeZone: 'Asia/Tokyo', year: 'numeric', month: '2-digit', day: '2-digit' });

/**
 * The website connection check (002 §3): HTTP status, domain registration, DNS response, name servers, A record and
 * SSL certificate of a domain or URL. Every network step has a timeout; names are resolved by the configured resolver
 * (CONNECTION_CHECK_RESOLVER) and connections go to the very address that was checked against the SSRF guard.
 */
@Injectable()
export class ConnectionCheckService {
  private readonly log = new Logger('connection-check');
  private readonly general = new dns.promises.Resolver({ timeout: 2_000, tries: 2 });
  /** our own name servers (PowerDNS), asked first: they answer for the zones we host, and refuse the rest */
  private readonly own: dns.promises.Resolver | null = null;

  constructor(private readonly config: PublicToolsConfig, private readonly whois: PublicWhoisService) {
    const list = (v: string) => v.split(',').map((s) => s.trim()).filter(Boolean);
    const servers = list(config.CONNECTION_CHECK_RESOLVER);
    if (servers.length) this.general.setServers(servers);
    const own = list(config.CONNECTION_CHECK_OWN_ZONES_RESOLVER);
    if (own.length) {
      this.own = new dns.promises.Resolver({ timeout: 1_000, tries: 1 });
      this.own.setServers(own);
    }
  }

  /**
   * A DNS question: our own name servers first (an answer from them is the truth for our zones), then the configured
   * resolver for everything else — a zone we do not host is refused by ours (EREFUSED), a name they do not know falls
   * through as well.
   */
  private async ask<T>(q: (r: dns.promises.Resolver) => Promise<T>): Promise<T> {
    if (this.own) {
      try {
        return await q(this.own);
      } catch {
        // not one of our zones (or our name servers are down): the general resolver answers
      }
    }
    return q(this.general);
  }

  /** Private and loopback targets only in the local runtime and tests, and only when configured. */
  get allowPrivate(): boolean {
    return this.config.CONNECTION_CHECK_ALLOW_PRIVATE === '1' && devToolsEnabled(process.env);
  }

  async check(raw: unknown): Promise<ConnectionCheckResponse> {
    const v = validateConnectionCheckInput(raw);
    if (!v.ok) throw new HttpException({ result: false, error: [v.error], checkResults: [], target: null } satisfies ConnectionCheckResponse, HttpStatus.UNPROCESSABLE_ENTITY);
    const target = v.value;
    const domain = this.registrable(target.host);
    const ms = this.config.CONNECTION_CHECK_TIMEOUT_MS;
    const [registration, dnsAnswer, nameservers, a] = await Promise.all([
      this.registration(domain),
      this.dnsResponse(domain, ms),
      this.nameServers(domain, ms),
      this.aRecord(target.host, ms),
    ]);
    const addresses = a.addresses;
    const [httpResult, ssl] = await Promise.all([this.httpStatus(target, addresses, ms), this.ssl(target, addresses, ms)]);
    const checkResults = [httpResult, registration, dnsAnswer, nameservers, a.result, ssl];
    return { result: checkResults.every((c) => c.ok), error: [], checkResults, target: { host: target.host, url: target.url, domain } };
  }

  /** The registered name of a host (www.example.co.jp -> example.co.jp). */
  private registrable(host: string): string {
    const d = parseDomainName(host);
    return d.ok ? registrableName(d.value).punycode : host;
  }

  private result(id: ConnectionCheckId, ok: boolean, message: string, details: string[] = []): ConnectionCheckResult {
    const titles: Record<ConnectionCheckId, string> = { http: M.checkHttpStatus, registration: M.checkRegistration, dns: M.checkDnsResponse, nameservers: M.checkNameServers, a: M.checkARecord, ssl: M.checkSslCertificate };
    return { id, title: titles[id], ok, message, details, name: titles[id], successes: ok ? [message] : [], failures: ok ? [] : [message], detail: details.join('\n'), error: ok ? null : message };
  }

  private async registration(domain: string): Promise<ConnectionCheckResult> {
    try {
      const r = await this.whois.lookup(domain);
      const data = r.result.data;
      if (!data?.registered) return this.result('registration', false, M.checkNotRegistered, [domain]);
      const expiry = /(?:Registry Expiry Date|Registrar Registration Expiration Date): (\S+)/.exec(data.text)?.[1];
      const details = [domain, ...(data.registrar ? [`Registrar: ${data.registrar}`] : []), ...(expiry ? [`Expiration: ${expiry}`] : [])];
      if (expiry && new Date(expiry).getTime() < Date.now()) return this.result('registration', false, fmt(M.checkExpired, { date: day(new Date(expiry)) }), details);
      return this.result('registration', true, fmt(M.checkRegistered, { registrar: data.registrar ?? '-' }) + (expiry ? ` ${fmt(M.checkExpires, { date: day(new Date(expiry)) })}` : ''), details);
    } catch (e) {
      this.log.warn(`registration of ${domain}: ${(e as Error).message}`);
      return this.result('registration', false, M.checkRegistryUnavailable, [domain]);
    }
  }

  private async dnsResponse(domain: string, ms: number): Promise<ConnectionCheckResult> {
    try {
      const soa = await withTimeout(this.ask((r) => r.resolveSoa(domain)), ms);
      return this.result('dns', true, fmt(M.checkDnsAnswered, { serial: soa.serial }), [`SOA ${soa.nsname} ${soa.hostmaster} ${soa.serial}`]);
    } catch (e) {
      return this.result('dns', false, fmt(M.checkDnsNoAnswer, { reason: reasonOf(e) }), [domain]);
    }
  }

  private async nameServers(domain: string, ms: number): Promise<ConnectionCheckResult> {
    try {
      const ns = (await withTimeout(this.ask((r) => r.resolveNs(domain)), ms)).map((n) => n.toLowerCase()).sort();
      if (!ns.length) return this.result('nameservers', false, M.checkNsNone);
      return this.result('nameservers', true, fmt(M.checkNsFound, { list: ns.join(', ') }), ns);
    } catch (e) {
      return this.result('nameservers', false, M.checkNsNone, [reasonOf(e)]);
    }
  }

  private async aRecord(host: string, ms: number): Promise<{ result: ConnectionCheckResult; addresses: string[] }> {
    if (net.isIP(host)) return { result: this.result('a', true, fmt(M.checkAFound, { list: host }), [host]), addresses: [host] };
    try {
      const addresses = await withTimeout(this.ask((r) => r.resolve4(host)), ms);
      if (!addresses.length) return { result: this.result('a', false, M.checkANone), addresses: [] };
      return { result: this.result('a', true, fmt(M.checkAFound, { list: addresses.join(', ') }), addresses), addresses };
    } catch (e) {
      return { result: this.result('a', false, M.checkANone, [reasonOf(e)]), addresses: [] };
    }
  }

  /** The first address we may connect to (SSRF guard), or why not. */
  private pick(addresses: string[]): { ip: string } | { refused: string } {
    if (!addresses.length) return { refused: M.checkANone };
    const ok = addresses.find((ip) => this.allowPrivate || isPublicAddress(ip));
    return ok ? { ip: ok } : { refused: M.checkPrivateTarget };
  }

  private async httpStatus(target: ConnectionCheckTarget, addresses: string[], ms: number): Promise<ConnectionCheckResult> {
    let url = new URL(target.url);
    let ips = addresses;
    const details: string[] = [];
    for (let hop = 0; hop < 5; hop++) {
      const to = this.pick(ips);
      if ('refused' in to) return this.result('http', false, to.refused, details);
      try {
        const r = await withTimeout(this.request(url, to.ip, ms), ms);
        details.push(`${url.toString()} → ${r.status}`);
        if (r.status >= 300 && r.status < 400 && r.location) {
          const next = new URL(r.location, url);
          if (next.protocol !== 'http:' && next.protocol !== 'https:') return this.result('http', true, fmt(M.checkHttpAnswered, { status: r.status }), details);
          if (next.hostname !== url.hostname) ips = net.isIP(next.hostname) ? [next.hostname] : await withTimeout(this.ask((r) => r.resolve4(next.hostname)), ms).catch(() => []);
          url = next;
          continue;
        }
        return this.result('http', r.status < 400, fmt(M.checkHttpAnswered, { status: r.status }), details);
      } catch (e) {
        return this.result('http', false, e instanceof CheckTimeout ? M.checkTimeout : fmt(M.checkHttpRefused, { reason: reasonOf(e) }), details);
      }
    }
    return this.result('http', false, M.checkHttpRedirects, details);
  }

  /** One GET to `url` at the checked address; the body is not read. */
  private request(url: URL, ip: string, ms: number): Promise<{ status: number; location: string | null }> {
    const lib = url.protocol === 'https:' ? https : http;
    return new Promise((resolve, reject) => {
      const req = lib.request(url, {
        method: 'GET',
        headers: { 'User-Agent': 'RakkoDomain-ConnectionCheck/1.0', Accept: '*/*' },
        timeout: ms,
        // connect to the address the guard approved, whatever the name resolves to now (no DNS rebinding)
        lookup: (_host: string, o: { all?: boolean }, cb: (err: Error | null, address: string | Array<{ address: string; family: number }>, family?: number) => void) =>
          o?.all ? cb(null, [{ address: ip, family: net.isIP(ip) }]) : cb(null, ip, net.isIP(ip)),
        ...(url.protocol === 'https:' ? { servername: net.isIP(url.hostname) ? undefined : url.hostname, ca: this.ca(), rejectUnauthorized: false } : {}),
      } as https.RequestOptions, (res) => {
        res.resume();
        resolve({ status: res.statusCode ?? 0, location: typeof res.headers.location === 'string' ? res.headers.location : null });
        res.destroy();
      });
      req.on('timeout', () => req.destroy(new CheckTimeout('timeout')));
      req.on('error', reject);
      req.end();
    });
  }

  private ca(): string[] | undefined {
    const file = this.config.CONNECTION_CHECK_CA_FILE;
    if (!file) return undefined;
    try {
      return [...tls.rootCertificates, fs.readFileSync(file, 'utf8')];
    } catch {
      return undefined;
    }
  }

  private async ssl(target: ConnectionCheckTarget, addresses: string[], ms: number): Promise<ConnectionCheckResult> {
    const u = new URL(target.url);
    const port = u.protocol === 'https:' ? Number(u.port || 443) : 443;
    const to = this.pick(addresses);
    if ('refused' in to) return this.result('ssl', false, to.refused);
    try {
      const cert = await withTimeout(new Promise<{ authorized: boolean; error: string | null; cert: tls.PeerCertificate }>((resolve, reject) => {
        const socket = tls.connect({ host: to.ip, port, servername: net.isIP(target.host) ? undefined : target.host, ca: this.ca(), rejectUnauthorized: false, timeout: ms }, () => {
          const peer = socket.getPeerCertificate();
          let error = socket.authorizationError ? String(socket.authorizationError) : null;
          if (!error && peer && !net.isIP(target.host)) {
            const mismatch = tls.checkServerIdentity(target.host, peer);
            if (mismatch) error = mismatch.message;
          }
          resolve({ authorized: socket.authorized && !error, error, cert: peer });
          socket.end();
        });
        socket.on('timeout', () => socket.destroy(new CheckTimeout('timeout')));
        socket.on('error', reject);
      }), ms);
      const validTo = new Date(cert.cert.valid_to);
      const issuer = String(cert.cert.issuer?.O ?? cert.cert.issuer?.CN ?? '-');
      const details = [`Subject: ${cert.cert.subject?.CN ?? '-'}`, `Issuer: ${issuer}`, `Valid from: ${cert.cert.valid_from}`, `Valid to: ${cert.cert.valid_to}`];
      if (validTo.getTime() < Date.now()) return this.result('ssl', false, fmt(M.checkSslExpired, { date: day(validTo) }), details);
      if (!cert.authorized) return this.result('ssl', false, fmt(M.checkSslInvalid, { reason: cert.error ?? 'unknown' }), details);
      const days = Math.floor((validTo.getTime() - Date.now()) / 86_400_000);
      return this.result('ssl', true, fmt(M.checkSslValid, { issuer, date: day(validTo), days }), details);
    } catch (e) {
      return this.result('ssl', false, fmt(M.checkSslNoConnect, { reason: reasonOf(e) }));
    }
  }
}
