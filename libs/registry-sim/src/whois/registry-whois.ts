import http from 'node:http';
import type { Logger } from 'pino';
import { RunningWhoisServer, startWhoisPort43 } from '@registrar/infra';
import { domainToASCII } from 'node:url';
import { domainRdap, eppToRdapStatus, helpRdap, Json, nameserverRdap, rdapDomainToWhois, rdapError, RdapRegistrar, RdapServerInfo, RDAP_CONTENT_TYPE, registrarEntityRdap, whoisNoMatch } from '@registrar/rules';
import { validAsciiName } from '../names/name-rules';
import type { DomainService } from '../domain/domain.service';
import type { DomainRow } from '../persistence/registry.repository';

export interface RegistryWhoisOptions {
  rdapPort: number;
  whoisPort: number;
  host: string;
  /** public base URL of this RDAP service (…/rdap) */
  rdapBaseUrl: string;
  /** the port-43 host name published */
  whoisServerName: string;
  /** RDAP base URL of each registrar's own service (by EPP client id): the "related" link of its names */
  registrarRdap: Map<string, string>;
  /** port-43 server of each registrar ("Registrar WHOIS Server") */
  registrarWhois: Map<string, string>;
  /** our registrar's identity (IANA id, URL, abuse contact): the same configured values its own RDAP publishes */
  ownRegistrar?: { clientId: string; name: string; ianaId: string; url: string; abuseEmail: string; abusePhone: string };
  /** a host object by name (the nameserver query); null when the registry has none */
  findHost?: (name: string) => Promise<{ name: string; roid: string; crDate: Date; upDate: Date | null; addrs: Array<{ ip: 'v4' | 'v6'; address: string }>; statuses: string[] } | null>;
}

/** A registrar's display name from its EPP client id (rakko -> Rakko Registrar, other-registrar -> Other Registrar). */
export function registrarName(clId: string): string {
  const words = clId.split(/[-_.]+/).filter(Boolean).map((w) => w[0].toUpperCase() + w.slice(1));
  if (!words.length) return clId;
  if (words.at(-1) !== 'Registrar') words.push('Registrar');
  return words.join(' ');
}

/** Registrar ids as IANA would give them (stable per client id; the simulator's own numbering). */
export function registrarIanaId(clId: string): string {
  let h = 0;
  for (const c of clId) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  return String(1000 + (h % 8000));
}

/**
 * The registry's own RDAP (HTTP, /rdap/domain/<name>, /rdap/help) and port-43 WHOIS for every name it holds. Thin
 * answers: the sponsoring registrar, dates, statuses, name servers, and a link to the registrar's RDAP service.
 */
export async function startRegistryWhois(o: RegistryWhoisOptions, domains: DomainService, log: Logger): Promise<{ rdapPort: number; whoisPort: number; close(): Promise<void> }> {
  const info = (): RdapServerInfo => ({ baseUrl: o.rdapBaseUrl.replace(/\/+$/, ''), port43: o.whoisServerName, kind: 'registry', now: new Date() });
  const own = o.ownRegistrar;
  const registrar = (clId: string): RdapRegistrar => own && clId === own.clientId
    ? { handle: own.ianaId, name: own.name, ianaId: own.ianaId, url: own.url, abuseEmail: own.abuseEmail, abusePhone: own.abusePhone }
    : { handle: registrarIanaId(clId), name: registrarName(clId), ianaId: registrarIanaId(clId), url: `https://${clId}.example`, abuseEmail: `abuse@${clId}.example`, abusePhone: '+81.300000000' };
  const answer = async (name: string): Promise<{ json: Json; row: DomainRow } | null> => {
    const found = await domains.publicLookup(name);
    if (!found) return null;
    const d = found.domain;
    const json = domainRdap({
      ldhName: d.name, unicodeName: null, handle: d.roid, createdAt: d.crDate.toISOString(), updatedAt: (d.upDate ?? d.crDate).toISOString(),
      expiresAt: d.exDate.toISOString(), statuses: found.statuses, nameServers: d.ns.map((n) => n.toLowerCase()),
    }, registrar(d.clId), info(), { registrarRdapBase: o.registrarRdap.get(d.clId) ?? null });
    return { json, row: d };
  };
  const send = (res: http.ServerResponse, status: number, body: Json) => {
    res.writeHead(status, { 'Content-Type': `${RDAP_CONTENT_TYPE}; charset=utf-8`, 'Access-Control-Allow-Origin': '*' });
    res.end(JSON.stringify(body));
  };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const path = url.pathname.replace(/^\/rdap/, '');
    void (async () => {
      if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, rdapError(405, 'Method Not Allowed'));
      // RFC 9082/7480: a query this server does not offer answers 501, a malformed one 400, an unknown object 404;
      // the raw input is never echoed
      if (path === '/help') return send(res, 200, helpRdap(info()));
      const [, type = '', value, ...more] = path.split('/');
      if (['ip', 'autnum', 'domains', 'nameservers', 'entities'].includes(type)) return send(res, 501, rdapError(501, 'Not Implemented', ['this registry answers domain, nameserver, entity and help queries']));
      if (!['domain', 'nameserver', 'entity'].includes(type) || value === undefined || more.length) return send(res, 400, rdapError(400, 'Bad Request', ['not an RDAP query of this server (see /help)']));
      let decoded: string;
      try {
        decoded = decodeURIComponent(value).trim().toLowerCase().replace(/\.$/, '');
      } catch {
        return send(res, 400, rdapError(400, 'Bad Request', ['the query is not valid percent-encoding']));
      }
      if (type === 'entity') {
        const clId = [...o.registrarWhois.keys(), ...(own ? [own.clientId] : [])].find((c) => registrar(c).ianaId === decoded);
        if (!/^\d{1,10}$/.test(decoded)) return send(res, 400, rdapError(400, 'Bad Request', ['an entity of this registry is a registrar, by its IANA id']));
        return clId ? send(res, 200, registrarEntityRdap(registrar(clId), info())) : send(res, 404, rdapError(404, 'Not Found', ['no registrar with this IANA id']));
      }
      const name = domainToASCII(decoded);
      if (!name || !validAsciiName(name)) return send(res, 400, rdapError(400, 'Bad Request', [`not a valid ${type === 'domain' ? 'domain' : 'host'} name`]));
      if (type === 'nameserver') {
        const h = await o.findHost?.(name);
        if (!h) return send(res, 404, rdapError(404, 'Not Found', ['this registry holds no such name server']));
        const json = nameserverRdap(h.name, info());
        if (h.roid) json.handle = h.roid;
        json.status = (h.statuses.length ? h.statuses : ['ok']).map(eppToRdapStatus);
        if (h.addrs.length) json.ipAddresses = { v4: h.addrs.filter((x) => x.ip === 'v4').map((x) => x.address), v6: h.addrs.filter((x) => x.ip === 'v6').map((x) => x.address) };
        json.events = [...(h.roid ? [{ eventAction: 'registration', eventDate: h.crDate.toISOString() }] : []), ...(h.upDate ? [{ eventAction: 'last changed', eventDate: h.upDate.toISOString() }] : []), { eventAction: 'last update of RDAP database', eventDate: info().now.toISOString() }];
        return send(res, 200, json);
      }
      const a = await answer(name);
      return a ? send(res, 200, a.json) : send(res, 404, rdapError(404, 'Not Found', ['this registry holds no such domain']));
    })().catch((e: Error) => {
      log.error({ err: e }, 'registry RDAP answer failed');
      if (!res.headersSent) send(res, 500, rdapError(500, 'Internal Server Error'));
    });
  });
  let rdapPort = 0;
  if (o.rdapPort) {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(o.rdapPort, o.host, () => resolve());
    });
    rdapPort = o.rdapPort;
  }
  let whois: RunningWhoisServer | null = null;
  if (o.whoisPort) {
    whois = await startWhoisPort43({
      port: o.whoisPort,
      host: o.host,
      onError: (e) => log.error({ err: e }, 'registry WHOIS answer failed'),
      answer: async (line) => {
        const q = line.trim().replace(/^domain\s+/i, '').toLowerCase().replace(/\.$/, '');
        if (!/^[a-z0-9.-]{1,253}$/.test(q)) return whoisNoMatch(q.slice(0, 253));
        const a = await answer(q);
        return a ? rdapDomainToWhois(a.json, { kind: 'registry', now: new Date(), registrarWhoisServer: o.registrarWhois.get(a.row.clId) ?? null }) : whoisNoMatch(q);
      },
    });
  }
  return {
    rdapPort,
    whoisPort: whois?.port ?? 0,
    close: async () => {
      await whois?.close();
      if (o.rdapPort) await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
