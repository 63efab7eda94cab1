import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { WhoisContactDto } from '@registrar/contracts';

export const DOMAIN_OPS_SCHEMA = 'domain_ops';

export type NewContact = Omit<WhoisContactDto, 'id' | 'domain_num'>;

type Row = Record<string, unknown> & { id: string; role: number; domain_num?: string | number };
export const toContactDto = (r: Row): WhoisContactDto => ({
  id: Number(r.id),
  domain_num: Number(r.domain_num ?? 0),
  email: r.email as string,
  first_name: r.first_name as string,
  last_name: r.last_name as string,
  first_name_jp: (r.first_name_jp as string) ?? null,
  last_name_jp: (r.last_name_jp as string) ?? null,
  role: Number(r.role) === 2 ? 2 : 1,
  organization: (r.organization as string) ?? null,
  organization_jp: (r.organization_jp as string) ?? null,
  cc: r.cc as string,
  pc: r.pc as string,
  sp: r.sp as string,
  city: r.city as string,
  city_jp: (r.city_jp as string) ?? null,
  street1: r.street1 as string,
  street1_jp: (r.street1_jp as string) ?? null,
  street2: (r.street2 as string) ?? null,
  street2_jp: (r.street2_jp as string) ?? null,
  phone_country_code: r.phone_country_code as string,
  phone: r.phone as string,
  fax_country_code: (r.fax_country_code as string) ?? null,
  fax: (r.fax as string) ?? null,
});

/** domains using contact c (in any role, or as the target of a WHOIS change in progress) */
const USAGE = `(SELECT count(*) FROM domain_ops.domains d WHERE d.user_id = c.user_id AND (c.id IN (d.reg_contact_id, d.adm_contact_id, d.tec_contact_id, d.bil_contact_id)
  OR (d.whois_pending IS NOT NULL AND c.id::text IN (d.whois_pending->>'reg', d.whois_pending->>'adm', d.whois_pending->>'tec', d.whois_pending->>'bil'))))`;

/** Storage of WHOIS contacts (domain_ops.contacts). */
@Injectable()
export class ContactsRepository {
  constructor(@InjectDataSource(DOMAIN_OPS_SCHEMA) private readonly ds: DataSource) {}

  /** The member's contacts with their usage count: domains holding one in any role, or changing to it. */
  async listByUser(userId: number): Promise<WhoisContactDto[]> {
    const rows: Row[] = await this.ds.query(`SELECT c.*, ${USAGE} AS domain_num FROM domain_ops.contacts c WHERE c.user_id = $1 ORDER BY c.id`, [userId]);
    return rows.map(toContactDto);
  }

  /** The member's contacts of these ids (others' ids are simply absent). */
  async findMany(userId: number, ids: number[]): Promise<Map<number, WhoisContactDto & { registryContactId: string | null }>> {
    if (!ids.length) return new Map();
    const rows: Row[] = await this.ds.query('SELECT c.* FROM domain_ops.contacts c WHERE c.user_id = $1 AND c.id = ANY($2::bigint[])', [userId, ids]);
    return new Map(rows.map((r) => [Number(r.id), { ...toContactDto(r), registryContactId: (r.registry_contact_id as string) ?? null }]));
  }

  /**
   * The contact's registry id: the one it has, else `candidate` (kept at once, so a retried job reuses it and two jobs
   * at the same time agree on one id).
   */
  async claimRegistryId(id: number, candidate: string): Promise<string> {
    const raw: unknown[] = await this.ds.query(
      'UPDATE domain_ops.contacts SET registry_contact_id = COALESCE(registry_contact_id, $2) WHERE id = $1 RETURNING registry_contact_id', [id, candidate]);
    // TypeORM answers UPDATE … RETURNING as [rows, count] on PostgreSQL: the rows are the first element
    const rows = (Array.isArray(raw[0]) ? raw[0] : raw) as Array<{ registry_contact_id: string }>;
    return rows[0]?.registry_contact_id ?? candidate;
  }

  /**
   * The member's contacts that are at the registry but used by no domain any more (nor by a change in progress):
   * their registry ids are taken off (answered, to delete them there), in one statement per contact row lock so that
   * a parallel WHOIS change cannot slip in between (it would create the contact again under a new id).
   */
  async releaseUnused(userId: number): Promise<Array<{ id: number; registryContactId: string }>> {
    return this.ds.transaction(async (m) => {
      const rows: Row[] = await m.query(
        `SELECT c.id, c.registry_contact_id FROM domain_ops.contacts c WHERE c.user_id = $1 AND c.registry_contact_id IS NOT NULL AND ${USAGE} = 0 FOR UPDATE`, [userId]);
      if (!rows.length) return [];
      await m.query('UPDATE domain_ops.contacts SET registry_contact_id = NULL WHERE id = ANY($1::bigint[])', [rows.map((r) => r.id)]);
      return rows.map((r) => ({ id: Number(r.id), registryContactId: String(r.registry_contact_id) }));
    });
  }

  async setRegistryId(id: number, registryContactId: string): Promise<void> {
    await this.ds.query('UPDATE domain_ops.contacts SET registry_contact_id = $2 WHERE id = $1 AND registry_contact_id IS DISTINCT FROM $2', [id, registryContactId]);
  }

  /**
   * Deletes the member's contact when no domain uses it (nor is changing to it), in one statement so that a
   * parallel WHOIS change cannot slip in between. Answers the registry contact id to remove, or why not.
   */
  async deleteUnused(userId: number, id: number): Promise<{ deleted: true; registryContactId: string | null } | { deleted: false; reason: 'not-found' | 'in-use' }> {
    return this.ds.transaction(async (m) => {
      const rows: Row[] = await m.query(`SELECT c.*, ${USAGE} AS domain_num FROM domain_ops.contacts c WHERE c.user_id = $1 AND c.id = $2 FOR UPDATE`, [userId, id]);
      if (!rows.length) return { deleted: false, reason: 'not-found' } as const;
      if (Number(rows[0].domain_num) > 0) return { deleted: false, reason: 'in-use' } as const;
      await m.query('DELETE FROM domain_ops.contacts WHERE id = $1', [id]);
      return { deleted: true, registryContactId: (rows[0].registry_contact_id as string) ?? null } as const;
    });
  }

  async find(userId: number, id: number): Promise<WhoisContactDto | null> {
    const rows: Row[] = await this.ds.query('SELECT c.*, 0 AS domain_num FROM domain_ops.contacts c WHERE c.user_id = $1 AND c.id = $2', [userId, id]);
    return rows.length ? toContactDto(rows[0]) : null;
  }

  async insert(userId: number, c: NewContact): Promise<WhoisContactDto> {
    const rows: Row[] = await this.ds.query(
      `INSERT INTO domain_ops.contacts (user_id, email, first_name, last_name, role, organization, cc, pc, sp, city, street1, street2, phone_country_code, phone, fax_country_code, fax)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16) RETURNING *, 0 AS domain_num`,
      [userId, c.email, c.first_name, c.last_name, c.role, c.organization, c.cc, c.pc, c.sp, c.city, c.street1, c.street2, c.phone_country_code, c.phone, c.fax_country_code, c.fax],
    );
    return toContactDto(rows[0]);
  }
}
