import { Injectable } from '@nestjs/common';
import { DefaultSettingResult, WhoisContactRpcRequest, WhoisContactResult } from '@registrar/contracts';
import { validateWhoisContact } from '@registrar/rules';
import { ContactsRepository } from '../contacts/contacts.repository';
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
}
