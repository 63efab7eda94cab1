import { HttpException, HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
import { DOMAIN_OPS_CLIENT, PublicContactRecord, PublicDomainRecord, PublicNameserverRecord, PublicWhoisPatterns, WhoisLookupData, WhoisSearchResult } from '@registrar/contracts';
import { rpc } from '@registrar/infra';
import { M } from '@registrar/messages';
import {
  domainRdap, entityRdap, helpRdap, Json, nameserverRdap, rdapDomainSummary, rdapDomainToJprsWhois, rdapDomainToWhois, RdapRegistrar, RdapServerInfo, registrableName, registrarEntityRdap, RDAP_CONTENT_TYPE, validateWhoisQuery,
} from '@registrar/rules';
import { PublicToolsConfig } from './public-tools.config';

/**
 * Our public WHOIS (RDAP, port 43) from domain-ops' data, and the lookup page's client: the registry's RDAP first,
 * then the sponsoring registrar's service it links to (rel "related"), as RDAP clients do.
 */
@Injectable()
export class PublicWhoisService {
  private readonly log = new Logger('public-whois');

  constructor(@Inject(DOMAIN_OPS_CLIENT) private readonly domainOps: ClientProxy, readonly config: PublicToolsConfig) {}

  registrar(): RdapRegistrar {
    const c = this.config;
    return { handle: c.REGISTRAR_IANA_ID || 'rakko', name: c.REGISTRAR_NAME, ianaId: c.REGISTRAR_IANA_ID || null, url: c.REGISTRAR_URL, abuseEmail: c.REGISTRAR_ABUSE_EMAIL, abusePhone: c.REGISTRAR_ABUSE_PHONE };
  }

  private info(): RdapServerInfo {
    return { baseUrl: this.config.rdapBaseUrl, port43: this.config.WHOIS_SERVER_NAME, kind: 'registrar', now: new Date() };
  }

  async record(punycode: string): Promise<PublicDomainRecord | null> {
    return rpc<PublicDomainRecord | null>(this.domainOps, PublicWhoisPatterns.Domain, { name: punycode }, 15_000);
  }

  async domainRdap(punycode: string): Promise<Json | null> {
    const r = await this.record(punycode);
    return r ? domainRdap(r, this.registrar(), this.info()) : null;
  }

  async entityRdap(handle: string): Promise<Json | null> {
    const r = this.registrar();
    if (handle === r.handle || handle === r.ianaId) return registrarEntityRdap(r, this.info());
    const c = await rpc<PublicContactRecord | null>(this.domainOps, PublicWhoisPatterns.Entity, { handle }, 15_000);
    // found by its handle: a contact without one (not made at the registry yet) is never an object of its own
    return c?.handle ? entityRdap({ ...c, handle: c.handle }, this.info()) : null;
  }

  async nameserverRdap(name: string): Promise<Json | null> {
    const n = await rpc<PublicNameserverRecord | null>(this.domainOps, PublicWhoisPatterns.Nameserver, { name }, 15_000);
    return n ? nameserverRdap(n.ldhName, this.info()) : null;
  }

  helpRdap(): Json {
    return helpRdap(this.info());
  }

  /** Port-43 text of a domain we sponsor, or null. */
  async whoisText(punycode: string): Promise<string | null> {
    const json = await this.domainRdap(punycode);
    if (!json) return null;
    // .jp answers in JPRS's layout, the one WHOIS parsers read for .jp; every other name in the ICANN key: value layout
    if (/\.jp$/i.test(punycode)) return rdapDomainToJprsWhois(json, { now: new Date() });
    return rdapDomainToWhois(json, { kind: 'registrar', now: new Date(), registrarWhoisServer: this.config.WHOIS_SERVER_NAME });
  }

  /** POST whois/search: any name; 422 for bad input, 502 when no service answered. */
  async lookup(raw: unknown): Promise<WhoisSearchResult> {
    const q = validateWhoisQuery(raw);
    if (!q.ok) throw new HttpException({ result: { result: false, data: null }, error_msg: [q.error] }, HttpStatus.UNPROCESSABLE_ENTITY);
    // a host name is looked up by its registered name (www.example.com -> example.com), as WHOIS services do
    const { name, punycode } = registrableName(q.value);
    const base: Omit<WhoisLookupData, 'registered' | 'source' | 'registrar' | 'text' | 'rdapUrl' | 'summary'> = { domain: name, punycode };
    const registryUrl = `${this.config.REGISTRY_RDAP_URL.replace(/\/+$/, '')}/domain/${punycode}`;
    let registry: { status: number; json: Json | null };
    try {
      registry = await this.fetchRdap(registryUrl);
    } catch (e) {
      this.log.warn(`registry RDAP ${registryUrl}: ${(e as Error).message}`);
      // the registry did not answer: our own data still answers for the names we sponsor
      const ours = await this.domainRdap(punycode).catch(() => null);
      if (ours) return this.answer({ ...base, ...this.describe(ours, 'registrar', `${this.config.rdapBaseUrl}/domain/${punycode}`) });
      throw new HttpException({ result: { result: false, data: null }, error_msg: [M.unexpectedError] }, HttpStatus.BAD_GATEWAY);
    }
    if (registry.status === 404) {
      return this.answer({ ...base, registered: false, source: 'registry', registrar: null, text: `No match for "${punycode.toUpperCase()}".`, rdapUrl: registryUrl, summary: null });
    }
    if (registry.status !== 200 || !registry.json) {
      throw new HttpException({ result: { result: false, data: null }, error_msg: [M.unexpectedError] }, HttpStatus.BAD_GATEWAY);
    }
    const related = ((registry.json.links as Array<{ rel?: string; href?: string; type?: string }> | undefined) ?? [])
      .find((l) => l.rel === 'related' && (l.type ?? RDAP_CONTENT_TYPE) === RDAP_CONTENT_TYPE && /^https?:\/\//.test(l.href ?? ''));
    if (related?.href) {
      try {
        const r = await this.fetchRdap(related.href);
        if (r.status === 200 && r.json?.objectClassName === 'domain') return this.answer({ ...base, ...this.describe(r.json, 'registrar', related.href) });
        this.log.warn(`registrar RDAP ${related.href} answered ${r.status}`);
      } catch (e) {
        this.log.warn(`registrar RDAP ${related.href}: ${(e as Error).message}`);
      }
    }
    return this.answer({ ...base, ...this.describe(registry.json, 'registry', registryUrl) });
  }

  private describe(json: Json, source: 'registrar' | 'registry', url: string): Pick<WhoisLookupData, 'registered' | 'source' | 'registrar' | 'text' | 'rdapUrl' | 'summary'> {
    const entities = (json.entities as Json[] | undefined) ?? [];
    const reg = entities.find((e) => (e.roles as string[] | undefined)?.includes('registrar'));
    const fn = ((reg?.vcardArray as [string, Array<[string, unknown, string, unknown]>] | undefined)?.[1] ?? []).find((p) => p[0] === 'fn')?.[3];
    return {
      registered: true, source, registrar: fn ? String(fn) : null, rdapUrl: url, summary: rdapDomainSummary(json),
      text: rdapDomainToWhois(json, { kind: source, now: new Date(), registrarWhoisServer: typeof json.port43 === 'string' ? json.port43 : null }).replace(/\r\n/g, '\n').trimEnd(),
    };
  }

  private answer(data: WhoisLookupData): WhoisSearchResult {
    return { result: { result: true, data }, error_msg: [] };
  }

  private async fetchRdap(url: string): Promise<{ status: number; json: Json | null }> {
    const res = await fetch(url, { headers: { Accept: `${RDAP_CONTENT_TYPE}, application/json` }, redirect: 'follow', signal: AbortSignal.timeout(this.config.RDAP_CLIENT_TIMEOUT_MS) });
    const body = await res.text();
    if (body.length > 1_000_000) throw new Error('answer too large');
    let json: Json | null = null;
    try {
      json = JSON.parse(body) as Json;
    } catch {
      json = null;
    }
    return { status: res.status, json };
  }
}
