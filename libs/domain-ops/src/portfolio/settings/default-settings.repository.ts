import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { DefaultSettingDto } from '@registrar/contracts';
import { DEFAULT_NAME_SERVERS } from '@registrar/rules';
import { DOMAIN_OPS_SCHEMA } from '../../shared/contacts/contacts.repository';

export type DefaultSettingsRow = {
  lock_enabled: boolean; auto_update_enabled: boolean; whois_proxy_enabled: boolean; name_servers: string[];
  reg_contact_id: string | null; adm_contact_id: string | null; tec_contact_id: string | null; bil_contact_id: string | null;
  np_reg_contact_id: string | null; np_adm_contact_id: string | null; np_tec_contact_id: string | null; np_bil_contact_id: string | null;
};
const id = (v: string | null) => (v == null ? null : Number(v));
const flag = (b: boolean): 0 | 1 => (b ? 1 : 0);

/** The member's defaults from their stored row (as `to_jsonb` of it gives it too). */
export function defaultsOf(r: DefaultSettingsRow): DefaultSettingDto {
  return {
    domain_create_is_domain_lock_enabled_flg: flag(r.lock_enabled),
    domain_create_is_auto_update_enabled_flg: flag(r.auto_update_enabled),
    domain_create_is_whois_proxy_enabled_flg: flag(r.whois_proxy_enabled),
    domain_create_reg_record_id: id(r.reg_contact_id),
    domain_create_adm_contact_id: id(r.adm_contact_id),
    domain_create_tec_contact_id: id(r.tec_contact_id),
    domain_create_bil_contact_id: id(r.bil_contact_id),
    domain_create_name_servers: r.name_servers,
    whois_proxy_disabled_reg_record_id: id(r.np_reg_contact_id),
    whois_proxy_disabled_adm_contact_id: id(r.np_adm_contact_id),
    whois_proxy_disabled_tec_contact_id: id(r.np_tec_contact_id),
    whois_proxy_disabled_bil_contact_id: id(r.np_bil_contact_id),
  };
}

/** Storage of the members' default settings for new domains (domain_ops.default_settings). */
@Injectable()
export class DefaultSettingsRepository {
  constructor(@InjectDataSource(DOMAIN_OPS_SCHEMA) private readonly ds: DataSource) {}

  /** The member's defaults, created on first read: proxy on, auto-renew on, lock on, name servers 01-04.dnsv.jp. */
  async getOrCreate(userId: number): Promise<DefaultSettingDto> {
    // one round trip: the stored row, or the one this statement creates (a member's first purchase). A parallel first
    // read may have created it since this statement's snapshot (neither part then answers): it is read back
    let rows: DefaultSettingsRow[] = await this.ds.query(
      `WITH made AS (
         INSERT INTO domain_ops.default_settings (user_id, name_servers) VALUES ($1, $2) ON CONFLICT (user_id) DO NOTHING RETURNING *
       )
       SELECT * FROM made UNION ALL SELECT * FROM domain_ops.default_settings WHERE user_id = $1`,
      [userId, [...DEFAULT_NAME_SERVERS]],
    );
    if (!rows.length) rows = await this.ds.query('SELECT * FROM domain_ops.default_settings WHERE user_id = $1', [userId]);
    return defaultsOf(rows[0]!);
  }

  /** Sets the contacts used where WHOIS proxy is unavailable (the WHOIS-add dialog from the cart, update_ng_contacts=1). */
  async setNoProxyContacts(userId: number, contactId: number): Promise<void> {
    await this.getOrCreate(userId);
    await this.ds.query(
      `UPDATE domain_ops.default_settings SET np_reg_contact_id = $2, np_adm_contact_id = $2, np_tec_contact_id = $2, np_bil_contact_id = $2, updated_at = now() WHERE user_id = $1`,
      [userId, contactId],
    );
  }

  /** Saves every field of the member's defaults (validated by DefaultSettingsService). */
  async save(userId: number, d: DefaultSettingDto): Promise<void> {
    await this.getOrCreate(userId);
    await this.ds.query(
      `UPDATE domain_ops.default_settings SET lock_enabled = $2, auto_update_enabled = $3, whois_proxy_enabled = $4,
         reg_contact_id = $5, adm_contact_id = $6, tec_contact_id = $7, bil_contact_id = $8, name_servers = $9,
         np_reg_contact_id = $10, np_adm_contact_id = $11, np_tec_contact_id = $12, np_bil_contact_id = $13, updated_at = now()
       WHERE user_id = $1`,
      [userId, d.domain_create_is_domain_lock_enabled_flg === 1, d.domain_create_is_auto_update_enabled_flg === 1, d.domain_create_is_whois_proxy_enabled_flg === 1,
        d.domain_create_reg_record_id, d.domain_create_adm_contact_id, d.domain_create_tec_contact_id, d.domain_create_bil_contact_id, d.domain_create_name_servers,
        d.whois_proxy_disabled_reg_record_id, d.whois_proxy_disabled_adm_contact_id, d.whois_proxy_disabled_tec_contact_id, d.whois_proxy_disabled_bil_contact_id],
    );
  }
}
