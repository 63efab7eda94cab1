import { Inject, Injectable, Optional } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { DnsRecord } from '@registrar/rules';
import { nsec3Hash } from '../dnssec/nsec3';
import { PdnsApiClient } from '../dnssec/pdns-api.client';
import { nextSerial, PdnsRecord, pdnsRecords } from './zone-content';

/** Rows other parts of the dns service add to a published zone (forwarding: the forwarder's A/AAAA, our MX), read in the publishing transaction. */
export const ZONE_EXTRA_ROWS = Symbol('ZONE_EXTRA_ROWS');
export interface ZoneExtraRows {
  zoneRows(m: EntityManager, punycode: string, domainPkId: number): Promise<PdnsRecord[]>;
  /** the name is no longer ours: its rules go with the zone */
  dropZone(m: EntityManager, punycode: string): Promise<void>;
  /** the name was registered again (another domain id): the earlier holder's rules go */
  dropEarlier(m: EntityManager, punycode: string, domainPkId: number): Promise<void>;
  /** messages refusing member records that collide with these rows (an A record on a forwarded host) */
  conflicts(domainPkId: number, punycode: string, records: DnsRecord[]): Promise<string[]>;
}

export const DNS_SCHEMA = 'dns';

export interface ZoneRow {
  domainPkId: number;
  punycode: string;
  served: boolean;
  serial: number;
  /** the DS set the registry holds, as last sent; null when unknown (a failed update may have been applied) */
  ds: { keyTag: number; alg: number; digestType: number; digest: string }[] | null;
}

const COLS = ['host_name', 'recode_type', 'ttl', 'record', 'priority', 'weight', 'port', 'service_name', 'protocol', 'alg', 'digest', 'digest_type', 'key_tag'] as const;

function toZone(r: Record<string, any>): ZoneRow {
  return { domainPkId: Number(r.domain_pk_id), punycode: r.punycode, served: r.served, serial: Number(r.serial), ds: r.ds === null || r.ds === undefined ? null : r.ds };
}

/**
 * The dns schema: our records (zones, zone_records) and PowerDNS's tables (domains, records), always written together
 * in one transaction, so what PowerDNS answers is what was saved.
 */
@Injectable()
export class ZoneRepository {
  constructor(
    @InjectDataSource(DNS_SCHEMA) private readonly ds: DataSource,
    @Optional() @Inject(ZONE_EXTRA_ROWS) private readonly extras?: ZoneExtraRows,
    @Optional() private readonly pdns?: PdnsApiClient,
  ) {}

  transaction<T>(fn: (m: EntityManager) => Promise<T>): Promise<T> {
    return this.ds.transaction(fn);
  }

  async zoneByName(punycode: string, m: EntityManager | DataSource = this.ds): Promise<ZoneRow | null> {
    const rows = await m.query('SELECT * FROM dns.zones WHERE punycode = $1', [punycode]);
    return rows.length ? toZone(rows[0]) : null;
  }

  async zoneById(domainPkId: number, m: EntityManager | DataSource = this.ds): Promise<ZoneRow | null> {
    const rows = await m.query('SELECT * FROM dns.zones WHERE domain_pk_id = $1', [domainPkId]);
    return rows.length ? toZone(rows[0]) : null;
  }

  /**
   * The zone row of the domain, created when missing, locked for the transaction. A row of the same name left by an
   * earlier holder (another domain id: the name was deleted and registered again) is dropped with its records.
   */
  async lockZone(m: EntityManager, domainPkId: number, punycode: string): Promise<ZoneRow> {
    if (this.pdns && (await m.query('SELECT 1 FROM dns.zones WHERE punycode = $1 AND domain_pk_id <> $2 AND served', [punycode, domainPkId])).length) {
      // an earlier holder's zone still served: its keys and NSEC3 settings go through PowerDNS's API first, which also
      // clears PowerDNS's key and metadata caches (deleting the rows alone, it kept signing with them for a while)
      const keys = (await this.pdns.keys(punycode)) ?? [];
      for (const k of keys) await this.pdns.deleteKey(punycode, k.id);
      const nsec3 = await m.query(`SELECT 1 FROM dns.domainmetadata md JOIN dns.domains d ON d.id = md.domain_id WHERE d.name = $1 AND md.kind = 'NSEC3PARAM' LIMIT 1`, [punycode]);
      if (nsec3.length) await this.pdns.setNsec3(punycode, '');
    }
    // (a DELETE ... RETURNING answers [rows, count] through TypeORM)
    const [earlier] = await m.query('DELETE FROM dns.zones WHERE punycode = $1 AND domain_pk_id <> $2 RETURNING domain_pk_id', [punycode, domainPkId]);
    await m.query('INSERT INTO dns.zones (domain_pk_id, punycode) VALUES ($1, $2) ON CONFLICT (domain_pk_id) DO UPDATE SET punycode = EXCLUDED.punycode', [domainPkId, punycode]);
    const rows = await m.query('SELECT * FROM dns.zones WHERE domain_pk_id = $1 FOR UPDATE', [domainPkId]);
    const zone = toZone(rows[0]);
    if (earlier.length || !zone.served) {
      // PowerDNS's zone of the name is not this domain's (an earlier holder's, still served when the name was deleted
      // and registered again, or left over): it goes with its DNSSEC keys and metadata (cascade), so a zone published
      // now starts unsigned and empty; publishing would otherwise take over the row (ON CONFLICT) and sign the new
      // holder's zone with the earlier holder's keys. The earlier holder's DNSSEC state and forwarding rules go too.
      await m.query('DELETE FROM dns.domains WHERE name = $1', [punycode]);
      await m.query('DELETE FROM dns.dnssec WHERE punycode = $1 AND domain_pk_id <> $2', [punycode, domainPkId]);
      if (earlier.length) await this.extras?.dropEarlier(m, punycode, domainPkId);
    }
    return zone;
  }

  async records(domainPkId: number, m: EntityManager | DataSource = this.ds): Promise<DnsRecord[]> {
    const rows = await m.query(`SELECT id, ${COLS.join(', ')} FROM dns.zone_records WHERE domain_pk_id = $1 ORDER BY position, id`, [domainPkId]);
    return rows.map((r: Record<string, any>) => ({
      id: Number(r.id), host_name: r.host_name, recode_type: r.recode_type, ttl: r.ttl, record: r.record, priority: r.priority, weight: r.weight, port: r.port,
      service_name: r.service_name, protocol: r.protocol, alg: r.alg, digest: r.digest, digest_type: r.digest_type, key_tag: r.key_tag,
    }));
  }

  /** Replaces the zone's records (our table) and the DS set last sent to the registry. */
  async replaceRecords(m: EntityManager, domainPkId: number, records: DnsRecord[], ds: NonNullable<ZoneRow['ds']>): Promise<void> {
    await m.query('DELETE FROM dns.zone_records WHERE domain_pk_id = $1', [domainPkId]);
    if (records.length) {
      // one statement whatever the count (column arrays: a VALUES list would pass PostgreSQL's 65,535 parameters
      // at about 4,400 records, which a zone file import may hold)
      const TYPES: Record<(typeof COLS)[number], string> = {
        host_name: 'text', recode_type: 'int', ttl: 'int', record: 'text', priority: 'int', weight: 'int', port: 'int', service_name: 'text', protocol: 'text',
        alg: 'int', digest: 'text', digest_type: 'int', key_tag: 'int',
      };
      await m.query(
        `INSERT INTO dns.zone_records (domain_pk_id, position, ${COLS.join(', ')})
         SELECT $1, x.pos - 1, ${COLS.map((c) => `x.${c}`).join(', ')}
         FROM unnest(${COLS.map((c, i) => `$${i + 2}::${TYPES[c]}[]`).join(', ')}) WITH ORDINALITY AS x(${COLS.join(', ')}, pos)`,
        [domainPkId, ...COLS.map((c) => records.map((r) => r[c] ?? null))],
      );
    }
    await m.query('UPDATE dns.zones SET ds = $2::jsonb, updated_at = now() WHERE domain_pk_id = $1', [domainPkId, JSON.stringify(ds)]);
  }

  /**
   * Makes PowerDNS serve the zone with these records (a NATIVE zone: SOA with a new serial, the fixed NS records, the
   * member's records), or stop serving it. Runs inside the caller's transaction.
   */
  async publish(m: EntityManager, zone: ZoneRow, records: DnsRecord[], serve: boolean, now: Date): Promise<number | null> {
    if (!serve) {
      await m.query('DELETE FROM dns.domains WHERE name = $1', [zone.punycode]);
      await m.query('UPDATE dns.zones SET served = false, updated_at = now() WHERE domain_pk_id = $1', [zone.domainPkId]);
      return null;
    }
    const serial = nextSerial(zone.serial, now);
    const [d] = await m.query(
      `INSERT INTO dns.domains (name, type) VALUES ($1, 'NATIVE') ON CONFLICT (name) DO UPDATE SET type = 'NATIVE' RETURNING id`,
      [zone.punycode],
    );
    const domainId = Number(d.id);
    await m.query('DELETE FROM dns.records WHERE domain_id = $1', [domainId]);
    const rows = [...pdnsRecords(zone.punycode, records, serial), ...(this.extras ? await this.extras.zoneRows(m, zone.punycode, zone.domainPkId) : [])];
    // a zone signed with NSEC3 (docs/dns.md "DNSSEC") gets each name's hash as ordername in the same transaction, so its
    // denials stay valid; the dns service rectifies it after the commit (delegations, empty non-terminals)
    const signed = (await m.query(`SELECT 1 FROM dns.domainmetadata WHERE domain_id = $1 AND kind = 'NSEC3PARAM' LIMIT 1`, [domainId])).length > 0;
    await m.query(
      `INSERT INTO dns.records (domain_id, name, type, content, ttl, prio, disabled, auth, ordername)
       SELECT $1, n, t, c, ttl, prio, false, true, o FROM unnest($2::text[], $3::text[], $4::text[], $5::int[], $6::int[], $7::text[]) AS x(n, t, c, ttl, prio, o)`,
      [domainId, rows.map((r) => r.name), rows.map((r) => r.type), rows.map((r) => r.content), rows.map((r) => r.ttl), rows.map((r) => r.prio), rows.map((r) => (signed ? nsec3Hash(r.name) : null))],
    );
    await m.query('UPDATE dns.zones SET served = true, serial = $2, updated_at = now() WHERE domain_pk_id = $1', [zone.domainPkId, serial]);
    return serial;
  }

  /** Why these member records cannot be saved next to the zone's other rows (forwarding); none when they can. */
  async extraConflicts(domainPkId: number, punycode: string, records: DnsRecord[]): Promise<string[]> {
    return this.extras ? this.extras.conflicts(domainPkId, punycode, records) : [];
  }

  /** After a failed DS update whose outcome is unknown: the next save sends its DS set to the registry. */
  async markDsUnknown(domainPkId: number): Promise<void> {
    await this.ds.query(`UPDATE dns.zones SET ds = 'null'::jsonb WHERE domain_pk_id = $1`, [domainPkId]);
  }

  /** Drops the zone of a domain no longer held by us: PowerDNS stops answering and our records go. */
  async dropZone(m: EntityManager, punycode: string): Promise<void> {
    await m.query('DELETE FROM dns.domains WHERE name = $1', [punycode]);
    await m.query('DELETE FROM dns.zones WHERE punycode = $1', [punycode]);
    await this.extras?.dropZone(m, punycode);
  }

  /** Names of zones in our table after `after` (the reconciliation pages through them). */
  async zoneNames(after: string, limit: number): Promise<string[]> {
    const rows = await this.ds.query('SELECT punycode FROM dns.zones WHERE punycode > $1 ORDER BY punycode LIMIT $2', [after, limit]);
    return rows.map((r: { punycode: string }) => r.punycode);
  }

  /** PowerDNS rows of a served zone (for state and tests). */
  async servedCount(punycode: string): Promise<number> {
    const rows = await this.ds.query('SELECT count(r.id)::int AS n FROM dns.domains d JOIN dns.records r ON r.domain_id = d.id WHERE d.name = $1', [punycode]);
    return rows[0]?.n ?? 0;
  }
}
