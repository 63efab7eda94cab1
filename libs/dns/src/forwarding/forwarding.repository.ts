import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { MailForwardDto, UrlForwardDto } from '@registrar/contracts';
import { CATCH_ALL, DNS_TYPE, DnsRecord } from '@registrar/rules';
import { fmt, M } from '@registrar/messages';
import type { PdnsRecord } from '../zones/zone-content';
import type { ZoneExtraRows } from '../zones/zone.repository';
import { ForwardingConfig } from './forwarding.config';

type Q = EntityManager | DataSource;
type Row = Record<string, any>;

const toUrl = (r: Row): UrlForwardDto => ({
  id: Number(r.id), host: r.host, fqdn: r.fqdn, target: r.target, status: Number(r.status) as 301 | 302, keep_path: !!r.keep_path,
  certificate: null,
  created_at: new Date(r.created_at).toISOString(), updated_at: new Date(r.updated_at).toISOString(),
});
const toMail = (r: Row): MailForwardDto => ({
  id: Number(r.id), local_part: r.local_part, address: `${r.local_part}@${r.punycode}`, target: r.target, created_at: new Date(r.created_at).toISOString(),
});

/** The forwarding rules (dns.url_forwards, dns.mail_forwards) and the zone rows they add. */
@Injectable()
export class ForwardingRepository implements ZoneExtraRows {
  constructor(@InjectDataSource('dns') private readonly ds: DataSource, private readonly config: ForwardingConfig) {}

  async urlForwards(domainPkId: number, m: Q = this.ds): Promise<UrlForwardDto[]> {
    return (await m.query('SELECT * FROM dns.url_forwards WHERE domain_pk_id = $1 ORDER BY host, id', [domainPkId])).map(toUrl);
  }

  async mailForwards(domainPkId: number, m: Q = this.ds): Promise<MailForwardDto[]> {
    return (await m.query(`SELECT * FROM dns.mail_forwards WHERE domain_pk_id = $1 ORDER BY local_part = '*', local_part, id`, [domainPkId])).map(toMail);
  }

  /** Whether this name is forwarded by us (any member): a target pointing at it would loop. */
  async isForwardedHost(fqdn: string, m: Q = this.ds): Promise<boolean> {
    return (await m.query('SELECT 1 FROM dns.url_forwards WHERE fqdn = $1', [fqdn])).length > 0;
  }

  /** Whether mail to this domain is forwarded by us (a target there would loop). */
  async isMailForwardedDomain(punycode: string, m: Q = this.ds): Promise<boolean> {
    return (await m.query('SELECT 1 FROM dns.mail_forwards WHERE punycode = $1 LIMIT 1', [punycode])).length > 0;
  }

  async upsertUrl(m: EntityManager, f: { id?: number; domainPkId: number; userId: number; punycode: string; host: string; fqdn: string; target: string; status: number; keepPath: boolean }): Promise<void> {
    if (f.id) {
      await m.query(
        'UPDATE dns.url_forwards SET host = $3, fqdn = $4, target = $5, status = $6, keep_path = $7, updated_at = now() WHERE id = $1 AND domain_pk_id = $2',
        [f.id, f.domainPkId, f.host, f.fqdn, f.target, f.status, f.keepPath],
      );
      return;
    }
    await m.query(
      'INSERT INTO dns.url_forwards (domain_pk_id, user_id, punycode, host, fqdn, target, status, keep_path) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)',
      [f.domainPkId, f.userId, f.punycode, f.host, f.fqdn, f.target, f.status, f.keepPath],
    );
  }

  async upsertMail(m: EntityManager, f: { id?: number; domainPkId: number; userId: number; punycode: string; localPart: string; target: string }): Promise<void> {
    if (f.id) {
      await m.query('UPDATE dns.mail_forwards SET local_part = $3, target = $4 WHERE id = $1 AND domain_pk_id = $2', [f.id, f.domainPkId, f.localPart, f.target]);
      return;
    }
    await m.query('INSERT INTO dns.mail_forwards (domain_pk_id, user_id, punycode, local_part, target) VALUES ($1, $2, $3, $4, $5)', [f.domainPkId, f.userId, f.punycode, f.localPart, f.target]);
  }

  /** Deletes one rule of the domain; answers what was deleted (null when none). */
  async remove(m: EntityManager, kind: 'url' | 'mail', domainPkId: number, id: number): Promise<Row | null> {
    const table = kind === 'url' ? 'dns.url_forwards' : 'dns.mail_forwards';
    const [rows] = await m.query(`DELETE FROM ${table} WHERE id = $1 AND domain_pk_id = $2 RETURNING *`, [id, domainPkId]);
    return rows?.[0] ?? null;
  }

  /** Rules of a name no longer ours (the zone was dropped): they go with it. */
  async dropZone(m: EntityManager, punycode: string): Promise<void> {
    await m.query('DELETE FROM dns.url_forwards WHERE punycode = $1', [punycode]);
    await m.query('DELETE FROM dns.mail_forwards WHERE punycode = $1', [punycode]);
  }

  /** Rules of an earlier holder of the name (registered again under another domain id). */
  async dropEarlier(m: EntityManager, punycode: string, domainPkId: number): Promise<void> {
    await m.query('DELETE FROM dns.url_forwards WHERE punycode = $1 AND domain_pk_id <> $2', [punycode, domainPkId]);
    await m.query('DELETE FROM dns.mail_forwards WHERE punycode = $1 AND domain_pk_id <> $2', [punycode, domainPkId]);
  }

  /** Mail to `local@punycode`: its own rule, else the domain's catch-all. */
  async mailTarget(punycode: string, local: string): Promise<Row | null> {
    const rows = await this.ds.query(
      // only while the zone is served by us (the domain is ours, on our name servers, not expired)
      `SELECT f.* FROM dns.mail_forwards f JOIN dns.zones z ON z.domain_pk_id = f.domain_pk_id AND z.punycode = f.punycode AND z.served
        WHERE f.punycode = $1 AND f.local_part IN ($2, $3) ORDER BY f.local_part = $3 LIMIT 1`,
      [punycode, local, CATCH_ALL],
    );
    return rows[0] ?? null;
  }

  /**
   * The rows forwarding adds to the zone PowerDNS serves: A (and AAAA) of the forwarder for every forwarded host, and
   * the MX of our inbound SMTP at the apex when any address is forwarded. Read in the publishing transaction.
   */
  async zoneRows(m: Q, punycode: string, domainPkId: number): Promise<PdnsRecord[]> {
    const c = this.config;
    const out: PdnsRecord[] = [];
    const urls: Row[] = await m.query('SELECT fqdn FROM dns.url_forwards WHERE punycode = $1 AND domain_pk_id = $2 ORDER BY fqdn', [punycode, domainPkId]);
    for (const u of urls) {
      out.push({ name: u.fqdn, type: 'A', content: c.FORWARDER_IPV4, ttl: c.FORWARD_RECORD_TTL, prio: 0 });
      if (c.FORWARDER_IPV6) out.push({ name: u.fqdn, type: 'AAAA', content: c.FORWARDER_IPV6, ttl: c.FORWARD_RECORD_TTL, prio: 0 });
    }
    const mail = await m.query('SELECT 1 FROM dns.mail_forwards WHERE punycode = $1 AND domain_pk_id = $2 LIMIT 1', [punycode, domainPkId]);
    if (mail.length) out.push({ name: punycode, type: 'MX', content: `${c.FORWARD_MX_HOST.toLowerCase()}.`, ttl: c.FORWARD_RECORD_TTL, prio: 10 });
    return out;
  }

  /** Member records that would collide with forwarding: A/AAAA/CNAME on a forwarded host, MX at the apex while mail is forwarded. */
  async conflicts(domainPkId: number, punycode: string, records: DnsRecord[]): Promise<string[]> {
    const out: string[] = [];
    const urls = await this.urlForwards(domainPkId);
    const hosts = new Set(urls.filter((u) => u.fqdn === forwardName(u.host, punycode)).map((u) => u.host));
    const address: number[] = [DNS_TYPE.A, DNS_TYPE.AAAA, DNS_TYPE.CNAME];
    for (const h of new Set(records.filter((r) => address.includes(r.recode_type) && hosts.has(r.host_name)).map((r) => r.host_name))) {
      out.push(fmt(M.fwdDnsConflict, { host: forwardName(h, punycode) }));
    }
    if (records.some((r) => r.recode_type === DNS_TYPE.MX && r.host_name === '') && (await this.mailForwards(domainPkId)).length) out.push(M.fwdMxConflict);
    return out;
  }
}

const forwardName = (host: string, zone: string) => (host ? `${host}.${zone}` : zone);
