import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { JpContact, JpOrgContact, WhoisOrgContacts, WhoisOrgGetResult, WhoisOrgUpdateResult, WhoisOrgUpdateRpcRequest } from '@registrar/contracts';
import { EPP_CLIENT, EppClientPool, EppError } from '@registrar/epp';
import { Clock, CLOCK } from '@registrar/infra';
import { M, registryErrorMessage } from '@registrar/messages';
import { formatDateJst, isCoJpLike, validatePrereq } from '@registrar/rules';
import { DOMAIN_OPS_SCHEMA } from '../shared/contacts/contacts.repository';
import { ActionLogRepository } from '../shared/domains/action-log.repository';
import { e164 } from '../shared/contacts/e164';
import { AnyContact, postalOf } from '../shared/contacts/epp-contacts';
import { normaliseName } from '../shared/ports/catalog.port';
import { randomToken } from './proxy-identity.repository';
import { WhoisDomainRepository } from './whois-domain.repository';

type Sections = { org?: JpOrgContact; reg?: JpContact; tec?: JpContact; adm?: JpContact; bil?: JpContact };
const blank = (c: unknown) => !c || typeof c !== 'object' || Object.values(c as Record<string, unknown>).every((v) => v == null || String(v).trim() === '');

/**
 * The .co.jp organisation form (001 spec §5; one domain at a time): GET shows the WHOIS as last set (the purchase's
 * .co.jp WHOIS until changed), POST validates it with the .co.jp rules and replaces the domain's registry contacts
 * (new contact objects, then domain:update of the registrant and the admin, tech and billing contacts; the old
 * objects are deleted). A provisional .co.jp is refused (it is completed on the activation page instead).
 */
@Injectable()
export class WhoisOrgService {
  private readonly logger = new Logger(WhoisOrgService.name);

  constructor(
    @InjectDataSource(DOMAIN_OPS_SCHEMA) private readonly ds: DataSource,
    @Inject(EPP_CLIENT) private readonly epp: EppClientPool,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly domains: WhoisDomainRepository,
    private readonly actionLog: ActionLogRepository,
  ) {}

  private async current(domainId: number): Promise<Sections | null> {
    const rows = await this.ds.query(
      `SELECT d.jp_contacts, p.contact AS prereq FROM domain_ops.domains d
       LEFT JOIN domain_ops.registration_order_items i ON i.id = d.order_item_id LEFT JOIN domain_ops.prereqs p ON p.id = i.prereq_id
       WHERE d.id = $1`,
      [domainId],
    );
    return (rows[0]?.jp_contacts ?? rows[0]?.prereq ?? null) as Sections | null;
  }

  async get(userId: number, domainName: unknown): Promise<WhoisOrgGetResult & { error?: string }> {
    const empty: WhoisOrgContacts = { org_contact: null, reg_contact: null, adm_contact: null, tec_contact: null, bil_contact: null };
    const n = typeof domainName === 'string' ? normaliseName(domainName) : null;
    const d = n ? await this.domains.byName(userId, n.punycode) : null;
    if (!d) return { contacts: empty, error: M.domainNotFound };
    if (!isCoJpLike(d.punycode)) return { contacts: empty, error: M.whoisNotCoJp };
    const c = await this.current(d.id);
    return { contacts: { org_contact: c?.org ?? null, reg_contact: c?.reg ?? null, adm_contact: c?.adm ?? null, tec_contact: c?.tec ?? null, bil_contact: c?.bil ?? null } };
  }

  async update(req: WhoisOrgUpdateRpcRequest): Promise<WhoisOrgUpdateResult> {
    const fail = (message: string[], errors: WhoisOrgUpdateResult['errors'] = {}): WhoisOrgUpdateResult => ({ result: false, message, errors });
    const n = typeof req.domainName === 'string' ? normaliseName(req.domainName) : null;
    const d = n ? await this.domains.byName(req.userId, n.punycode) : null;
    if (!d) return fail([M.domainNotFound]);
    if (!isCoJpLike(d.punycode)) return fail([M.whoisNotCoJp]);
    if (d.adminLock) return fail([M.adminLocked]);
    if (d.status === 'provisional') return fail([M.whoisProvisionalCoJp]);
    if (d.flag !== 0) return fail([M.whoisProcessing]);
    const contact: Sections = req.contact ?? {};
    const input = {
      contact,
      preRegister: false,
      isDifferentTec: req.isDifferentTec ?? !blank(contact.tec),
      isDifferentAdm: req.isDifferentAdm ?? !blank(contact.adm),
      isDifferentBil: req.isDifferentBil ?? !blank(contact.bil),
    };
    const v = validatePrereq(input, formatDateJst(this.clock.now()).replace(/\D/g, ''));
    if (v.errorMsg.length || Object.keys(v.errors).length) return fail(v.errorMsg.length ? v.errorMsg : [M.errorOccurred], v.errors);

    const ctx = { userId: req.userId };
    const make = async (role: string, c: AnyContact) => {
      const id = `rkj${role}${randomToken(12)}`;
      const p = postalOf(c, id);
      await this.epp.contactCreate({ id, postalInfo: [p], voice: e164(c.phone as string, (c.phone_country_code as string) || '81'), email: String(c.email ?? ''), authInfo: `Rk${randomBytes(9).toString('base64url')}1` }, ctx);
      return id;
    };
    try {
      const before = await this.epp.info(d.punycode, {}, ctx);
      const org = await make('o', contact.org as AnyContact);
      const reg = await make('r', contact.reg as AnyContact);
      const tec = input.isDifferentTec ? await make('t', contact.tec as AnyContact) : reg;
      const adm = input.isDifferentAdm ? await make('a', contact.adm as AnyContact) : reg;
      const bil = input.isDifferentBil ? await make('b', contact.bil as AnyContact) : reg;
      const want = [{ type: 'admin' as const, id: adm }, { type: 'tech' as const, id: tec }, { type: 'billing' as const, id: bil }];
      await this.epp.update({ name: d.punycode, chg: { registrant: org }, add: { contacts: want }, rem: { contacts: before.contacts } }, ctx);
      // the replaced objects are no longer linked; the registry refuses the delete of one still in use (kept then)
      const old = new Set([before.registrant, ...before.contacts.map((c) => c.id)].filter((x): x is string => !!x && x.startsWith('rk')));
      for (const id of old) await this.epp.contactDelete(id, ctx).catch(() => undefined);
    } catch (e) {
      this.logger.warn(`.co.jp WHOIS of ${d.punycode}: ${(e as Error).message}`);
      return fail([`${M.whoisChangeFailed}${e instanceof EppError ? ` ${registryErrorMessage(e.code)}` : ''}`]);
    }
    const stored: Sections = { org: contact.org, reg: contact.reg, ...(input.isDifferentTec ? { tec: contact.tec } : {}), ...(input.isDifferentAdm ? { adm: contact.adm } : {}), ...(input.isDifferentBil ? { bil: contact.bil } : {}) };
    await this.ds.query('UPDATE domain_ops.domains SET jp_contacts = $2, updated_at = now() WHERE id = $1', [d.id, JSON.stringify(stored)]);
    await this.actionLog.write({ userId: req.userId, domainId: d.id, domainName: d.name, type: 2, point: 0, remainingPoint: null, subject: 'WHOIS変更', content: `${d.name}: ${M.whoisOrgUpdated}`, dedupeKey: `whois-org:${d.id}:${Date.now()}` });
    return { result: true, message: [M.whoisOrgUpdated], errors: {} };
  }
}
