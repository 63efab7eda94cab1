import { Injectable } from '@nestjs/common';
import { DefaultSettingDto, DefaultSettingResult, DefaultSettingSaveResult, DefaultSettingSaveRpcRequest, WhoisContactRpcRequest, WhoisContactResult } from '@registrar/contracts';
import { M } from '@registrar/messages';
import { normaliseNameServers, validateNameServers, validateWhoisContact } from '@registrar/rules';
import { ContactsRepository } from '../../shared/contacts/contacts.repository';
import { DefaultSettingsRepository } from './default-settings.repository';

const clean = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/** Default settings for new domains and the WHOIS contacts they name (001 spec §3, §5). */
@Injectable()
export class DefaultSettingsService {
  constructor(private readonly settings: DefaultSettingsRepository, private readonly contacts: ContactsRepository) {}

  async get(userId: number): Promise<DefaultSettingResult> {
    const [defaultSetting, contacts] = await Promise.all([this.settings.getOrCreate(userId), this.contacts.listByUser(userId)]);
    return { defaultSetting, contacts };
  }

  /** The WHOIS contact add form; from the cart (update_ng_contacts=1) the contact becomes the no-proxy default. */
  async addContact(req: WhoisContactRpcRequest): Promise<WhoisContactResult> {
    const errors = validateWhoisContact(req);
    if (Object.keys(errors).length) return { status: 0, contact: null, errors, error_msg: null };
    const role = Number(req.role) === 2 ? 2 : 1;
    const first = clean(req.first_name);
    const last = clean(req.last_name);
    const contact = await this.contacts.insert(req.userId, {
      email: clean(req.email),
      first_name: first,
      last_name: last,
      role,
      organization: role === 2 ? clean(req.organization) : `${first} ${last}`,
      cc: (clean(req.cc) || 'JP').toUpperCase(),
      pc: clean(req.pc).replace(/[-‐ー－]/g, ''),
      sp: clean(req.sp),
      city: clean(req.city),
      street1: clean(req.street1),
      street2: clean(req.street2) || null,
      phone_country_code: clean(req.phone_country_code) || '81',
      phone: clean(req.phone).replace(/[-‐ー－]/g, ''),
      fax_country_code: clean(req.fax_country_code) || null,
      fax: clean(req.fax).replace(/[-‐ー－]/g, '') || null,
    });
    if (Number(req.update_ng_contacts) === 1) await this.settings.setNoProxyContacts(req.userId, contact.id);
    return { status: 1, contact, errors: {}, error_msg: null };
  }

  /**
   * POST mypage/domain/default: every field of 001 "Default setting". Flags 0/1; contacts must be the member's own
   * (or empty); the name servers follow the name-server rules (2 to 8, no duplicates, letters, digits, dot, hyphen).
   */
  async save(req: DefaultSettingSaveRpcRequest): Promise<DefaultSettingSaveResult> {
    const errors: Record<string, string[]> = {};
    const bit = (k: keyof DefaultSettingDto): 0 | 1 => {
      const v = (req as Record<string, unknown>)[k];
      if (v === 1 || v === '1' || v === true) return 1;
      if (v === 0 || v === '0' || v === false) return 0;
      (errors[k] ??= []).push(M.unexpectedError);
      return 0;
    };
    const ids = ['domain_create_reg_record_id', 'domain_create_adm_contact_id', 'domain_create_tec_contact_id', 'domain_create_bil_contact_id',
      'whois_proxy_disabled_reg_record_id', 'whois_proxy_disabled_adm_contact_id', 'whois_proxy_disabled_tec_contact_id', 'whois_proxy_disabled_bil_contact_id'] as const;
    const own = new Set((await this.contacts.listByUser(req.userId)).map((c) => c.id));
    const contactIds: Record<string, number | null> = {};
    for (const k of ids) {
      const v = (req as Record<string, unknown>)[k];
      const n = v === null || v === undefined || v === '' ? null : Number(v);
      if (n !== null && !own.has(n)) (errors[k] ??= []).push(M.contactNotFound);
      contactIds[k] = n;
    }
    const ns = normaliseNameServers(req.domain_create_name_servers as string[] | string);
    const nsError = validateNameServers(ns);
    if (nsError) (errors.domain_create_name_servers ??= []).push(nsError);
    const d: DefaultSettingDto = {
      domain_create_is_domain_lock_enabled_flg: bit('domain_create_is_domain_lock_enabled_flg'),
      domain_create_is_auto_update_enabled_flg: bit('domain_create_is_auto_update_enabled_flg'),
      domain_create_is_whois_proxy_enabled_flg: bit('domain_create_is_whois_proxy_enabled_flg'),
      domain_create_name_servers: ns,
      ...(contactIds as Pick<DefaultSettingDto, (typeof ids)[number]>),
    };
    if (Object.keys(errors).length) return { status: 0, error_msg: Object.values(errors)[0][0], errors };
    await this.settings.save(req.userId, d);
    return { status: 1, error_msg: null, errors: {} };
  }
}
