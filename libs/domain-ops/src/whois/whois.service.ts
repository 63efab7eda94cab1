import { Inject, Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import {
  ContactDeleteResult, WhoisCancelResult, WhoisContactDto, WhoisDispatchResult, WhoisDispatchRpcRequest, WhoisResultRow,
} from '@registrar/contracts';
import { EPP_CLIENT, EppClientPool } from '@registrar/epp';
import { M } from '@registrar/messages';
import { BULK_LIMIT, isCoJpLike, jpContactCountryOk, orgJpRegistrantOk } from '@registrar/rules';
import { ContactsRepository } from '../shared/contacts/contacts.repository';
import { ActionLogRepository } from '../shared/domains/action-log.repository';
import { CatalogPort, normaliseName } from '../shared/ports/catalog.port';
import { RegistryContacts } from './registry-contacts';
import { WhoisDomain, WhoisDomainRepository, WhoisPending } from './whois-domain.repository';
import { WhoisQueue } from './whois.queue';

const flag = (v: unknown): boolean => v === true || v === 1 || v === '1' || v === 'true';
const idOf = (v: unknown): number | null => {
  const n = Number(v);
  return v != null && v !== '' && Number.isSafeInteger(n) && n > 0 ? n : null;
};

/**
 * WHOIS information management and WHOIS change (001 spec §4, §5, §7; docs/whois.md): the member's contacts with their
 * usage count, deletion of unused ones, the change of one or many domains to chosen contacts or to the proxy (a job
 * per domain, flag 1 or 2 meanwhile), cancelling a change that waits for the registrant's approval, and the count the
 * page polls.
 */
@Injectable()
export class WhoisService {
  private readonly logger = new Logger(WhoisService.name);

  constructor(
    private readonly contacts: ContactsRepository,
    private readonly domains: WhoisDomainRepository,
    private readonly catalog: CatalogPort,
    private readonly registry: RegistryContacts,
    private readonly actionLog: ActionLogRepository,
    @Inject(EPP_CLIENT) private readonly epp: EppClientPool,
    private readonly queue: WhoisQueue,
  ) {}

  listContacts(userId: number): Promise<WhoisContactDto[]> {
    return this.contacts.listByUser(userId);
  }

  async deleteContact(userId: number, contactId: unknown): Promise<ContactDeleteResult> {
    const id = idOf(contactId);
    if (!id) return { status: 0, error_msg: M.contactNotFound };
    const r = await this.contacts.deleteUnused(userId, id);
    if (!r.deleted) return { status: 0, error_msg: r.reason === 'in-use' ? M.contactInUse : M.contactNotFound };
    if (r.registryContactId) {
      // the registry keeps an unused contact harmlessly if this fails; our record is gone either way
      await this.registry.remove(r.registryContactId, { userId }).catch((e) => this.logger.warn(`contact ${r.registryContactId} stays at the registry: ${(e as Error).message}`));
    }
    return { status: 1, error_msg: null };
  }

  async dispatch(req: WhoisDispatchRpcRequest): Promise<WhoisDispatchResult> {
    const userId = req.userId;
    const ids = [...new Set((Array.isArray(req.domains) ? req.domains : []).map((d) => idOf(typeof d === 'object' && d ? (d as { id?: unknown }).id : d)).filter((n): n is number => n !== null))];
    if (!ids.length) return { status: 2, errors: [M.selectDomain], contents: [] };
    if (ids.length > BULK_LIMIT) return { status: 2, errors: [M.bulkLimit1000], contents: [] };
    const proxy = !flag(req.useOriginalWhois);
    const domains = await this.domains.forUser(userId, ids);
    if (domains.length !== ids.length) return { status: 2, errors: [M.domainNotFound], contents: [] };

    let chosen: { reg: WhoisContactDto; adm: WhoisContactDto; tec: WhoisContactDto; bil: WhoisContactDto } | null = null;
    if (!proxy) {
      const c = req.contacts ?? {};
      const want = { reg: idOf(c.whoisRegType), adm: idOf(c.whoisAdmType), tec: idOf(c.whoisTecType), bil: idOf(c.whoisBilType) };
      if (Object.values(want).some((v) => v === null)) return { status: 2, errors: [M.selectWhoisContact], contents: [] };
      const found = await this.contacts.findMany(userId, Object.values(want) as number[]);
      const get = (k: keyof typeof want) => found.get(want[k]!);
      if (!get('reg') || !get('adm') || !get('tec') || !get('bil')) return { status: 2, errors: [M.contactNotFound], contents: [] };
      chosen = { reg: get('reg')!, adm: get('adm')!, tec: get('tec')!, bil: get('bil')! };
    }

    const contents: WhoisResultRow[] = [];
    for (const d of domains) {
      const refusal = await this.refusal(d, proxy, chosen);
      if (refusal) {
        contents.push({ id: d.id, status: 2, message: refusal });
        continue;
      }
      const pending: WhoisPending = {
        token: randomUUID(), kind: proxy ? 'proxy' : 'contacts', requestedAt: new Date().toISOString(),
        reg: chosen?.reg.id ?? null, adm: chosen?.adm.id ?? null, tec: chosen?.tec.id ?? null, bil: chosen?.bil.id ?? null,
      };
      if (!(await this.domains.start(d.id, proxy ? 2 : 1, pending))) {
        contents.push({ id: d.id, status: 2, message: M.whoisProcessing });
        continue;
      }
      await this.queue.enqueueChange(d.id, pending.token);
      contents.push({ id: d.id, status: 1, message: proxy ? M.whoisProxyAccepted : M.whoisChangeAccepted });
    }
    return { status: 1, errors: [], contents };
  }

  /** Why this domain cannot take this change (null: it can). */
  private async refusal(d: WhoisDomain, proxy: boolean, chosen: Record<'reg' | 'adm' | 'tec' | 'bil', WhoisContactDto> | null): Promise<string | null> {
    if (d.adminLock) return M.adminLocked;
    if (d.flag !== 0) return M.whoisProcessing;
    if (d.status === 'provisional') return M.whoisProvisionalCoJp;
    if (d.status !== 'active') return M.whoisProcessing;
    if (isCoJpLike(d.punycode)) return M.whoisCoJpIndividual;
    if (proxy) {
      const tld = await this.catalog.tld(d.tld);
      if (!tld?.can_proxy) return M.whoisProxyUnavailable;
      return null;
    }
    if (!jpContactCountryOk(d.punycode, Object.values(chosen!).map((c) => c.cc))) return M.jpContactCountry;
    if (!orgJpRegistrantOk(d.punycode, chosen!.reg.role)) return M.orgJpRegistrantOrganisation;
    return null;
  }

  /** POST mypage/domain/whois/select/cancel: withdraws a change that waits for the registrant's approval. */
  async cancel(userId: number, domainName: unknown): Promise<WhoisCancelResult> {
    const n = typeof domainName === 'string' ? normaliseName(domainName) : null;
    const d = n ? await this.domains.byName(userId, n.punycode) : null;
    if (!d) return { status: 2, errors: [M.domainNotFound], contents: { status: 2, message: M.domainNotFound } };
    if (d.flag !== 1 || !d.pending) return { status: 2, errors: [M.whoisNoPendingChange], contents: { status: 2, message: M.whoisNoPendingChange } };
    const ctx = { userId };
    if (d.pending.awaitingApproval) {
      // the registry withdraws a held registrant change when the registrant is set to the current one
      const info = await this.epp.info(d.punycode, {}, ctx);
      if (info.registrant === d.pending.registrant) {
        // approved meanwhile: it is done, not cancellable
        return { status: 2, errors: [M.whoisNoPendingChange], contents: { status: 2, message: M.whoisNoPendingChange } };
      }
      await this.epp.update({ name: d.punycode, chg: { registrant: info.registrant } }, ctx);
    }
    if (!(await this.domains.clear(d.id, d.pending.token))) return { status: 2, errors: [M.whoisNoPendingChange], contents: { status: 2, message: M.whoisNoPendingChange } };
    await this.actionLog.write({ userId, domainId: d.id, domainName: d.name, type: 2, point: 0, remainingPoint: null, subject: 'WHOIS変更取消', content: `${d.name}: ${M.whoisChangeCancelled}`, dedupeKey: `whois:${d.pending.token}:cancelled` });
    return { status: 1, errors: [], contents: { status: 1, message: M.whoisChangeCancelled } };
  }

  statusCount(userId: number): Promise<number> {
    return this.domains.countProcessing(userId);
  }
}
