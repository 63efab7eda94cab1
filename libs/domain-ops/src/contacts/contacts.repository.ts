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

/** Storage of WHOIS contacts (domain_ops.contacts). */
@Injectable()
export class ContactsRepository {
  constructor(@InjectDataSource(DOMAIN_OPS_SCHEMA) private readonly ds: DataSource) {}

  async listByUser(userId: number): Promise<WhoisContactDto[]> {
    const rows: Row[] = await this.ds.query('SELECT c.*, 0 AS domain_num FROM domain_ops.contacts c WHERE c.user_id = $1 ORDER BY c.id', [userId]);
    return rows.map(toContactDto);
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
