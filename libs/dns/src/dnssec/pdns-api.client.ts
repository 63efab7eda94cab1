import { Injectable } from '@nestjs/common';
import { DnsConfig } from '../dns.config';

/** A key of a zone as PowerDNS's API lists it (the private key is never read or logged). */
export interface PdnsKey {
  id: number;
  keytype: 'csk' | 'ksk' | 'zsk';
  active: boolean;
  published: boolean;
  flags: number;
  algorithm: string;
  dnskey: string;
  /** "keytag alg digesttype digest", one per digest type */
  ds?: string[];
}

export class PdnsApiError extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
  }
}

/**
 * PowerDNS's HTTP API (docs/dns.md "DNSSEC"): the dns service creates and removes a zone's keys, sets its NSEC3
 * parameters and rectifies it. The keys and settings live in the dns schema (cryptokeys, domainmetadata) where every
 * PowerDNS replica reads them: any replica behind PDNS_API_URL may answer.
 */
@Injectable()
export class PdnsApiClient {
  constructor(private readonly config: DnsConfig) {}

  private async call<T>(method: string, path: string, body?: unknown): Promise<T | null> {
    const url = `${this.config.pdnsApiUrl()}/api/v1/servers/localhost${path}`;
    const res = await fetch(url, {
      method,
      headers: { 'X-API-Key': this.config.PDNS_API_KEY, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(this.config.PDNS_API_TIMEOUT_MS),
    });
    if (res.status === 404) return null;
    if (!res.ok) {
      // the answer's error text only (never the request: a key creation's answer carries the private key)
      const text = await res.text().catch(() => '');
      let error = text.slice(0, 200);
      try { error = String(JSON.parse(text)?.error ?? error); } catch { /* not JSON */ }
      throw new PdnsApiError(res.status, `PowerDNS API ${method} ${path.replace(/\/cryptokeys.*/, '/cryptokeys')}: ${res.status} ${error}`);
    }
    if (res.status === 204) return {} as T;
    return (await res.json()) as T;
  }

  private static zone(name: string): string {
    return `/zones/${encodeURIComponent(name.replace(/\.$/, '') + '.')}`;
  }

  /** The zone's keys; null when PowerDNS does not know the zone. */
  async keys(zone: string): Promise<PdnsKey[] | null> {
    const keys = await this.call<PdnsKey[]>('GET', `${PdnsApiClient.zone(zone)}/cryptokeys`);
    return keys ? keys.map(({ id, keytype, active, published, flags, algorithm, dnskey, ds }) => ({ id, keytype, active, published, flags, algorithm, dnskey, ds })) : null;
  }

  /** A new combined signing key (CSK), ECDSA P-256 (algorithm 13), active and published; its public half. */
  async createKey(zone: string, o: { active: boolean; published: boolean }): Promise<PdnsKey> {
    const k = await this.call<PdnsKey & { privatekey?: string }>('POST', `${PdnsApiClient.zone(zone)}/cryptokeys`, { keytype: 'csk', algorithm: 'ecdsap256sha256', active: o.active, published: o.published });
    if (!k) throw new PdnsApiError(404, `PowerDNS does not serve ${zone}`);
    const { privatekey: _secret, ...pub } = k;
    return pub;
  }

  async setKey(zone: string, id: number, o: { active: boolean; published?: boolean }): Promise<void> {
    await this.call('PUT', `${PdnsApiClient.zone(zone)}/cryptokeys/${id}`, o);
  }

  async deleteKey(zone: string, id: number): Promise<void> {
    await this.call('DELETE', `${PdnsApiClient.zone(zone)}/cryptokeys/${id}`);
  }

  /** NSEC3 parameters ('' removes them: NSEC); narrow mode is never used (it refuses AXFR). */
  async setNsec3(zone: string, nsec3param: string): Promise<void> {
    await this.call('PUT', PdnsApiClient.zone(zone), { nsec3param, nsec3narrow: false });
  }

  /** Recomputes ordername, auth flags and empty non-terminals of the zone (after our records were written). */
  async rectify(zone: string): Promise<boolean> {
    return (await this.call('PUT', `${PdnsApiClient.zone(zone)}/rectify`)) !== null;
  }
}
