import { Inject, Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { WhoisContactDto } from '@registrar/contracts';
import { ContactCreateInput, EPP_CLIENT, EppClientPool, EppError, EppResultCode } from '@registrar/epp';
import { ContactsRepository } from '../shared/contacts/contacts.repository';
import { DomainOpsConfig } from '../shared/domain-ops.config';
import { e164 } from '../shared/contacts/e164';
import { proxyContactInput } from '../shared/contacts/epp-contacts';
import { ProxyIdentityRepository } from './proxy-identity.repository';
import { newMemberContactId } from '../shared/contacts/contact-ids';

const authInfo = () => `Rk${randomBytes(9).toString('base64url')}1`;

/** The EPP contact object of a member's contact (postalInfo int: the registry shows it as given). */
export function memberContactInput(id: string, c: WhoisContactDto): Omit<ContactCreateInput, 'authInfo'> {
  const name = `${c.first_name} ${c.last_name}`.trim();
  return {
    id,
    postalInfo: [{
      type: 'loc', name, org: c.role === 2 ? c.organization ?? undefined : undefined,
      street: [c.street1, ...(c.street2 ? [c.street2] : [])], city: c.city, sp: c.sp || undefined, pc: c.pc || undefined, cc: (c.cc || 'JP').toUpperCase(),
    }],
    voice: e164(c.phone, c.phone_country_code || '81'),
    fax: c.fax ? e164(c.fax, c.fax_country_code || '81') : undefined,
    email: c.email,
  };
}

/** Registry contact ids of our contacts: a random `rkc…` for a member's contact, the domain's own `rkpx…` for the proxy. */
@Injectable()
export class RegistryContacts {
  constructor(
    @Inject(EPP_CLIENT) private readonly epp: EppClientPool,
    private readonly contacts: ContactsRepository,
    private readonly proxies: ProxyIdentityRepository,
    private readonly config: DomainOpsConfig,
  ) {}

  /** Creates the member's contact at the registry once (an existing one is brought up to date) and answers its id. */
  async member(c: WhoisContactDto & { registryContactId?: string | null }, ctx: { userId: number }): Promise<string> {
    const id = c.registryContactId ?? (await this.contacts.claimRegistryId(c.id, newMemberContactId()));
    const input = memberContactInput(id, c);
    try {
      await this.epp.contactCreate({ ...input, authInfo: authInfo() }, ctx);
    } catch (e) {
      if (!EppError.is(e, EppResultCode.ObjectExists)) throw e;
      await this.epp.contactUpdate({ id, chg: { postalInfo: input.postalInfo, voice: input.voice, email: input.email, ...(input.fax ? { fax: input.fax } : {}) } }, ctx);
    }
    await this.contacts.setRegistryId(c.id, id);
    return id;
  }

  /** The domain's proxy contact (its own identity, made once), created at the registry when missing. */
  async proxy(punycode: string, ctx: { userId: number }): Promise<string> {
    const identity = await this.proxies.ensure(punycode, this.config.WHOIS_PROXY_MAIL_DOMAIN);
    try {
      await this.epp.contactCreate({ ...proxyContactInput(identity.registryContactId, identity.email), authInfo: authInfo() }, ctx);
    } catch (e) {
      if (!EppError.is(e, EppResultCode.ObjectExists)) throw e;
    }
    return identity.registryContactId;
  }

  /**
   * Deletes from the registry every contact of the member that no domain uses any more (after the WHOIS proxy was
   * turned back on, or a change moved every domain to other contacts): a member's own name and address do not stay
   * readable at the registry (issue 23, finding 7). One the registry still links (2305) keeps its id for next time.
   */
  async releaseUnused(userId: number, ctx: { userId: number }): Promise<string[]> {
    const deleted: string[] = [];
    for (const r of await this.contacts.releaseUnused(userId)) {
      try {
        await this.remove(r.registryContactId, ctx);
        deleted.push(r.registryContactId);
      } catch {
        await this.contacts.setRegistryId(r.id, r.registryContactId);
      }
    }
    return deleted;
  }

  /** Removes a member's contact from the registry (when it was created there and no domain uses it). */
  async remove(registryContactId: string, ctx: { userId: number }): Promise<void> {
    try {
      await this.epp.contactDelete(registryContactId, ctx);
    } catch (e) {
      if (!EppError.is(e, EppResultCode.ObjectDoesNotExist)) throw e;
    }
  }
}
