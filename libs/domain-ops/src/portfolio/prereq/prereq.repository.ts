import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { PrereqRequest } from '@registrar/contracts';
import { DOMAIN_OPS_SCHEMA } from '../../shared/contacts/contacts.repository';

export interface StoredPrereq {
  id: number;
  userId: number;
  punycode: string;
  preRegister: boolean;
  contact: PrereqRequest['contact'] & { isDifferentTec?: boolean; isDifferentAdm?: boolean; isDifferentBil?: boolean };
}

/** The .co.jp WHOIS registrations made before purchase (domain_ops.prereqs), one per member and domain. */
@Injectable()
export class PrereqRepository {
  constructor(@InjectDataSource(DOMAIN_OPS_SCHEMA) private readonly ds: DataSource) {}

  async upsert(userId: number, punycode: string, preRegister: boolean, contact: StoredPrereq['contact']): Promise<number> {
    const rows: { id: string }[] = await this.ds.query(
      `INSERT INTO domain_ops.prereqs (user_id, punycode, pre_register, contact) VALUES ($1, $2, $3, $4)
       ON CONFLICT (user_id, punycode) DO UPDATE SET pre_register = EXCLUDED.pre_register, contact = EXCLUDED.contact, created_at = now() RETURNING id`,
      [userId, punycode, preRegister, JSON.stringify(contact)],
    );
    return Number(rows[0].id);
  }

  async find(userId: number, punycode: string): Promise<StoredPrereq | null> {
    const rows = await this.ds.query('SELECT id, user_id, punycode, pre_register, contact FROM domain_ops.prereqs WHERE user_id = $1 AND punycode = $2', [userId, punycode]);
    return rows.length ? this.toPrereq(rows[0]) : null;
  }

  async byId(id: number): Promise<StoredPrereq | null> {
    const rows = await this.ds.query('SELECT id, user_id, punycode, pre_register, contact FROM domain_ops.prereqs WHERE id = $1', [id]);
    return rows.length ? this.toPrereq(rows[0]) : null;
  }

  private toPrereq(r: { id: string; user_id: string; punycode: string; pre_register: boolean; contact: StoredPrereq['contact'] }): StoredPrereq {
    return { id: Number(r.id), userId: Number(r.user_id), punycode: r.punycode, preRegister: r.pre_register, contact: r.contact };
  }
}
