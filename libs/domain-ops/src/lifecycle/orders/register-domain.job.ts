import { Inject, Injectable, Logger } from '@nestjs/common';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { ActionCodes, DefaultSettingDto, JobName, RegisterDomainJobData, WhoisContactDto } from '@registrar/contracts';
import { ContactCreateInput, DomainContact, DomainInfo, EPP_CLIENT, EppClientPool, EppError, EppResultCode, eppClientOptionsFromEnv } from '@registrar/epp';
import { fmt, M, registryErrorMessage } from '@registrar/messages';
import { newMemberContactId } from '../../shared/contacts/contact-ids';
import { ContactsRepository } from '../../shared/contacts/contacts.repository';
import { ActionLogRepository } from '../../shared/domains/action-log.repository';
import { OwnedDomainRepository } from '../../shared/domains/owned-domain.repository';
import { createdBy, itemAuthInfo, itemKeys } from './item-keys';
import { ItemEnd, OrderItem, RegistrationOrder, RegistrationOrderRepository } from './registration-order.repository';
import { CatalogPort } from '../../shared/ports/catalog.port';
import { OrdersPort } from '../../shared/ports/orders.port';
import { DefaultSettingsRepository, defaultsOf, DefaultSettingsRow, PrereqRepository, StoredPrereq } from '../../portfolio';
import type { JobAttempt } from '@registrar/infra';
import { DnsZoneEvents } from '../../shared/queue/dns-zone.events';
import { DomainOpsConfig } from '../../shared/domain-ops.config';
import { ProxyIdentityRepository, WhoisQueue } from '../../whois';
import { LifecycleQueue } from '../lifecycle.queue';
import { CompleteOrderJob } from './complete-order.job';
import { e164 } from '../../shared/contacts/e164';
import { AnyContact, postalOf, proxyContactInput } from '../../shared/contacts/epp-contacts';

/** A failure that no retry can mend: the member gets the points back. */
class PermanentFailure extends Error {}
/** The item was ended by another run of its job while this one was about to send its create: nothing is sent. */
class EndedByAnotherRun extends Error {}

const TRANSIENT = new Set<number>([EppResultCode.CommandFailed, EppResultCode.CommandFailedServerClosingConnection, EppResultCode.AuthenticationErrorServerClosingConnection, EppResultCode.SessionLimitExceededServerClosingConnection]);

/**
 * One domain of an order, registered through the registry (one job per item; the last item to end closes the order). Exactly once: before the
 * create, domain:info tells whether an earlier attempt already registered it for us (then it is recorded, not
 * created again); a 1001 answer is 'accepted' (pending). A domain that fails for good — the registry refuses it, or
 * the last attempt fails before the registry has it — is refunded to points in the same ledger (one key per item) with
 * the reason in the action log. Once the registry has it, no failure refunds it: the job is retried, then the money
 * reconciler resumes the item.
 */
@Injectable()
export class RegisterDomainJob {
  static readonly jobName = JobName.RegisterDomain;
  private readonly logger = new Logger(RegisterDomainJob.name);
  private readonly clientId = eppClientOptionsFromEnv().clientId;
  /** registry contacts known to exist (contacts are never deleted by this service): one contact:check fewer per domain */
  private readonly knownContacts = new Set<string>();

  constructor(
    @Inject(EPP_CLIENT) private readonly epp: EppClientPool,
    private readonly orders: RegistrationOrderRepository,
    private readonly domains: OwnedDomainRepository,
    private readonly actionLog: ActionLogRepository,
    private readonly contacts: ContactsRepository,
    private readonly prereqs: PrereqRepository,
    private readonly settings: DefaultSettingsRepository,
    private readonly ledger: OrdersPort,
    private readonly catalog: CatalogPort,
    private readonly dnsZones: DnsZoneEvents,
    private readonly proxies: ProxyIdentityRepository,
    private readonly config: DomainOpsConfig,
    private readonly queue: LifecycleQueue,
    private readonly whoisQueue: WhoisQueue,
    private readonly completion: CompleteOrderJob,
  ) {}

  async handle(data: RegisterDomainJobData, attempt: JobAttempt): Promise<{ status: string }> {
    // the item and its order, the item marked processing unless it has ended, in one statement; an item's first
    // attempt sends its create without asking first, so its start records this run as the one whose create may go
    const startMark = attempt.attemptsMade === 0 ? randomUUID() : null;
    const started = await this.orders.startItem(Number(data.itemId), startMark);
    if (!started) return { status: 'missing' };
    const { order, item, itemCount } = started;
    if (item.status === 'done' || item.status === 'accepted' || item.status === 'error') {
      // ended by an earlier attempt that died before it could close the order
      await this.completion.completeIfEnded(order.id);
      return { status: item.status };
    }
    // the item's first attempt (never started before): no earlier attempt can have created the name
    const firstAttempt = item.status === 'queued' && attempt.attemptsMade === 0;
    let status: 'done' | 'accepted' | 'error';
    let reason: string | null = null;
    let end: ItemEnd | null = null;
    // registered: the registry has the name for us; absent: the registry is known not to have it (this attempt asked,
    // or it is the item's first, and no create of this attempt has gone since). A failure in neither state may have
    // left the name at the registry (a create whose answer was lost): it is never refunded here, the reconciler asks.
    // mark: this run's record on the item that its create may go (its start's, or the one written before its create);
    // "absent" holds for this run only: another run (a stalled one BullMQ started again) may send its create after this
    // run's domain:info, so a refund also needs the item to show no other run's mark (voidCreate)
    const progress = { registered: false, absent: firstAttempt, mark: firstAttempt ? startMark : null };
    try {
      ({ status, end } = await this.register(order, item, firstAttempt, started.defaults ? defaultsOf(started.defaults as DefaultSettingsRow) : null, itemCount === 1, progress));
    } catch (e) {
      // another run of the job ended the item while this one ran (a stalled run BullMQ started again): nothing to do
      if (e instanceof EndedByAnotherRun) return { status: 'ended' };
      const last = attempt.attemptsMade + 1 >= attempt.attempts;
      // the registry has the domain for us: a failure after that (recording it, the history line, the item's end) is
      // never a reason to refund it; the job is retried, and once its attempts are spent the money reconciler resumes
      // the item (its job finds the domain ours and records it)
      if (progress.registered) {
        if (last) this.logger.error(`${item.punycode} of order ${order.id} is registered but could not be recorded: ${(e as Error).message} (left to the money reconciler, not refunded)`);
        throw e;
      }
      if (!(e instanceof PermanentFailure) && !isPermanent(e) && !last) {
        // this run's create never went: its mark is taken back, so that a later attempt may still refund on its own
        if (progress.absent && progress.mark) await this.orders.clearCreateMark(item.id, progress.mark).catch(() => undefined);
        throw e;
      }
      // the last attempt of a transient failure, with a create that may have reached the registry (sent by this
      // attempt, or by an earlier one: its answer lost, and this attempt could not ask): only the registry can tell,
      // so the item stays processing and the money reconciler asks it (settleLeftover), never a refund on a guess
      if (!(e instanceof PermanentFailure) && !isPermanent(e) && !progress.absent) {
        this.logger.error(`${item.punycode} of order ${order.id}: the registry may have it and could not be asked: ${(e as Error).message} (left to the money reconciler, not refunded)`);
        throw e;
      }
      // known absent by this run, its own create never sent: another run's create may still have gone (after this
      // run's domain:info). Refunded only when the item shows no other run's mark; the same statement voids it, so no
      // create is sent for the item after this (ADR 0050)
      if (!(e instanceof PermanentFailure) && !isPermanent(e) && !(await this.orders.voidCreate(item.id, progress.mark))) {
        this.logger.error(`${item.punycode} of order ${order.id}: another run's create may have reached the registry: ${(e as Error).message} (left to the money reconciler, not refunded)`);
        throw e;
      }
      reason = e instanceof PermanentFailure ? e.message : EppError.is(e, EppResultCode.ObjectExists) ? M.domainTaken : e instanceof EppError ? registryErrorMessage(e.code) : M.registrationFailed;
      this.logger.warn(`${item.punycode} of order ${order.id} failed for good: ${(e as Error).message}`);
      await this.fail(order, item, reason);
      status = 'error';
    }
    // the order has no parent job: the last item to end closes it (mail, status). A one-item order's item is the last,
    // so its items are known without reading them back; registered, its end is written with the order's close (one
    // statement, after the mail). Outside the registration's try: a failure here retries the job (which finds the
    // domain recorded and ends here again), it never refunds a registered domain.
    if (itemCount !== 1) await this.completion.completeIfEnded(order.id);
    else if (end) await this.completion.close(order, [{ ...item, ...end, errorMsg: null }], { itemId: item.id, end });
    else await this.completion.close(order, [{ ...item, status, errorMsg: reason }]);
    return { status };
  }

  /**
   * An item the reconciler found unfinished after its resumed job ended (ADR 0009, 0050): the registry decides. Held by
   * us → recorded as the member's (no create is sent); no such name, or held by another → ended as an error and
   * refunded. The registry unreachable (or any other failure) throws: the item stays as it is and the next pass asks
   * again, so no guess ever refunds a domain the member holds.
   */
  async settleLeftover(order: RegistrationOrder, item: OrderItem): Promise<'done' | 'accepted' | 'error'> {
    let info: DomainInfo | null;
    try {
      info = await this.heldByUs(item, { userId: order.userId });
    } catch (e) {
      // a registry refusal to tell (2201: another's name, as registries that hide others' domains answer) is its word,
      // as in the item's own attempts: asked again it answers the same, so the item would stay open (unrefunded) forever
      if (isPermanent(e)) {
        await this.fail(order, item, EppError.is(e, EppResultCode.AuthorizationError) ? M.domainTaken : registryErrorMessage((e as EppError).code));
        return 'error';
      }
      if (!(e instanceof PermanentFailure)) throw e;
      await this.fail(order, item, e.message);
      return 'error';
    }
    if (!info) {
      await this.fail(order, item, M.registrationFailed);
      return 'error';
    }
    const { status } = await this.register(order, item, false, null, false, { registered: false, absent: false, mark: null }, info);
    return status;
  }

  private async register(order: RegistrationOrder, item: OrderItem, firstAttempt: boolean, stored: DefaultSettingDto | null, single: boolean, progress: { registered: boolean; absent: boolean; mark: string | null }, known?: DomainInfo): Promise<{ status: 'done' | 'accepted'; end: ItemEnd }> {
    const ctx = { userId: order.userId };
    const [defaults, prereq] = await Promise.all([stored ?? this.settings.getOrCreate(order.userId), item.prereqId ? this.prereqs.byId(item.prereqId) : Promise.resolve(null)]);
    const provisional = !!prereq?.preRegister;

    // exactly once: an earlier attempt may have created it (its answer lost)
    let created: { exDate?: Date; pending: boolean } | null = null;
    // without proxy: the proxy-unavailable contacts where the TLD has no proxy, else the default contacts (each role
    // falls back to the other set, then to the registrant)
    const np = [defaults.whois_proxy_disabled_reg_record_id, defaults.whois_proxy_disabled_adm_contact_id, defaults.whois_proxy_disabled_tec_contact_id, defaults.whois_proxy_disabled_bil_contact_id];
    const dc = [defaults.domain_create_reg_record_id, defaults.domain_create_adm_contact_id, defaults.domain_create_tec_contact_id, defaults.domain_create_bil_contact_id];
    const [first, second] = defaults.domain_create_is_whois_proxy_enabled_flg === 1 ? [np, dc] : [dc, np];
    const reg = first[0] ?? second[0] ?? null;
    const roleIds = [0, 1, 2, 3].map((i) => first[i] ?? second[i] ?? reg) as Array<number | null>;
    const contactIds = !item.whoisProxy && !prereq && reg ? { reg: roleIds[0], adm: roleIds[1], tec: roleIds[2], bil: roleIds[3] } : null;
    // the TLD's rules (can it lock), asked while the registry works: one wait fewer on the member's path
    const quoting = this.catalog.quote(item.punycode).catch(() => null);
    // exactly once: a later attempt asks the registry first whether an earlier one created it; the first attempt sends
    // the create at once (one command fewer), and a name that exists then is checked the same way (ours or taken)
    // (the reconciler's settleLeftover passes what the registry said: held by us, so nothing is created)
    let info = known ?? (firstAttempt ? null : await this.heldByUs(item, ctx));
    if (!info) {
      progress.absent = true;
      const { registrant, contacts } = await this.contactsFor(order.userId, item, prereq, roleIds, ctx);
      // a later attempt records its run before its create goes (the first did with its start): a last attempt that
      // failed before its own create then knows this create may have gone. Refused: an attempt has refunded the item
      // (or is refunding it): no create may go
      if (!firstAttempt) {
        const mark = randomUUID();
        const marked = await this.orders.markCreate(item.id, mark);
        if (marked === 'ended') throw new EndedByAnotherRun();
        if (marked === 'void') throw new PermanentFailure(M.registrationFailed);
        progress.mark = mark;
      }
      // from the moment the create goes, its outcome is unknown until answered (a refusal is a permanent error)
      progress.absent = false;
      try {
        created = await this.epp.create({
          name: item.punycode,
          period: provisional ? { value: 6, unit: 'm' } : { value: item.period, unit: 'y' },
          ns: defaults.domain_create_name_servers,
          registrant,
          contacts,
          // marked with this item (ADR 0052): the registry's own record of which registration's create it accepted
          authInfo: itemAuthInfo(item.id),
        }, ctx);
      } catch (e) {
        if (!EppError.is(e, EppResultCode.ObjectExists)) throw e;
        info = await this.heldByUs(item, ctx);
        if (!info) throw e;
      }
    }
    // from here the registry has the name for us (created now, or found ours): whatever fails later refunds nothing
    progress.registered = true;
    const quote = await quoting;
    const pending = !!created?.pending;
    // the registry's view comes from the create's answer (crDate, exDate; RFC 5731 resData) or, for a domain an
    // earlier attempt created, from the info that found it. The default lock (clientTransferProhibited, where the TLD
    // has one) and the ROID follow in their own job, started right after the record: the domain shows its lock as
    // 設定中 until the registry has it (docs/purchase.md, ADR 0041).
    const wantLock = defaults.domain_create_is_domain_lock_enabled_flg === 1 && !!quote?.summary.can_lock && !provisional && !pending && !item.tld.endsWith('jp');
    const lock = !!info?.statuses.includes('clientTransferProhibited');
    const applyLock = wantLock && !lock;
    // the balance this item's charge left (kept with the charge); asked of the ledger only for an item without one
    const remaining = item.spentBalanceAfter ?? await this.ledger.balance(order.userId).catch(() => null);
    // the domain's row, its name servers and the member's history line, in one statement (the line once per item: its key)
    const domainPkId = await this.domains.record({
      userId: order.userId,
      name: item.name,
      punycode: item.punycode,
      tld: item.tld,
      registryDomainId: info?.roid ?? null,
      dueDate: created?.exDate ?? info?.exDate ?? null,
      status: pending ? 'pending' : provisional ? 'provisional' : 'active',
      autoUpdate: defaults.domain_create_is_auto_update_enabled_flg === 1,
      whoisProxy: item.whoisProxy,
      contactIds,
      lock,
      lockState: applyLock ? 'applying' : null,
      // the ROID, and the lock where wanted, follow (not for a pending domain: the registry's poll message activates it)
      followUp: !pending && (applyLock || !info?.roid) ? { lock: applyLock } : undefined,
      nameServers: defaults.domain_create_name_servers,
      orderItemId: item.id,
      log: {
        domainName: item.name,
        type: 0,
        point: item.point,
        remainingPoint: remaining,
        subject: 'ドメイン新規登録',
        content: `${item.name}（${provisional ? '仮登録' : `${item.period}年`}）`,
        dedupeKey: `item:${item.id}:register`,
        actionId: ActionCodes.Register,
      },
    });
    // two independent steps, each safe to repeat, at once; both before the item ends, so that a death here leaves the
    // item to a retry, which records and does them again (the follow-up is marked on the domain by the record, and the
    // schedule runs it should the run asked for here be lost)
    await Promise.all([
      !pending && (applyLock || !info?.roid) ? this.queue.kickFollowUps() : null,
      // on our name servers the zone is served at once (SOA, NS); the dns service decides from the domain's state
      pending ? null : this.dnsZones.changed(item.punycode),
    ]);
    const status = pending ? 'accepted' : 'done';
    const end: ItemEnd = { status, domainPkId: pending ? null : domainPkId, registryDomainId: pending ? null : (info?.roid ?? null), info: provisional ? '仮登録' : null };
    // the item's end: for a one-item order written by the caller with the order's close, after the mail
    if (!single) await this.orders.setItem(item.id, end);
    return { status, end };
  }

  /**
   * The registry's view of the name when it says we hold it for this item (an earlier attempt registered it), null
   * when it does not exist; a name held by another registrar, or by us for another registration (its create's mark,
   * or its domain row), is a permanent failure: the name is taken.
   */
  private async heldByUs(item: OrderItem, ctx: { userId: number }): Promise<DomainInfo | null> {
    try {
      const info = await this.epp.info(item.punycode, {}, ctx);
      if (info.clID !== this.clientId) throw new PermanentFailure(M.domainTaken);
      const row = await this.domains.byPunycode(item.punycode);
      if (row && row.orderItemId !== item.id) throw new PermanentFailure(M.domainTaken);
      // not recorded yet, and created by another registration of the name (another member's order at the same
      // moment, whose create the registry accepted): its authInfo carries that item's mark. Without a mark (a create
      // of an earlier release, or no authInfo in the answer) it is taken as ours, as before.
      if (!row && createdBy(info.authInfo, item.id) === false) throw new PermanentFailure(M.domainTaken);
      return info;
    } catch (e) {
      if (EppError.is(e, EppResultCode.ObjectDoesNotExist)) return null;
      throw e;
    }
  }

  private async contactsFor(userId: number, item: OrderItem, prereq: StoredPrereq | null, noProxyContactIds: Array<number | null>, ctx: { userId: number }): Promise<{ registrant: string; contacts: DomainContact[] }> {
    if (prereq) {
      const c = prereq.contact;
      // contact handles are global at the registry: a sequence number alone would meet another database's (or an
      // earlier installation's) handle, and the existing contact would be taken for ours. The handle is derived from the
      // prerequisite and its content (the same on a retry, so a retry reuses what an earlier attempt created).
      const id = (role: string, data: unknown) => `rkj${role}${createHash('sha256').update(`${prereq.id}\n${JSON.stringify(data)}`).digest('hex').slice(0, 12)}`;
      const make = (role: string, data: unknown) => this.ensureContact(id(role, data), data as AnyContact, ctx);
      const reg = await make('r', c.reg);
      const org = await make('o', c.org);
      const tec = c.tec ? await make('t', c.tec) : reg;
      const adm = c.adm ? await make('a', c.adm) : reg;
      const bil = c.bil ? await make('b', c.bil) : reg;
      return { registrant: prereq.preRegister ? reg : org, contacts: [{ type: 'admin', id: adm }, { type: 'tech', id: tec }, { type: 'billing', id: bil }] };
    }
    if (item.whoisProxy) {
      const proxy = await this.proxyContact(item.punycode, ctx);
      return { registrant: proxy, contacts: [{ type: 'admin', id: proxy }, { type: 'tech', id: proxy }, { type: 'billing', id: proxy }] };
    }
    const ids: string[] = [];
    for (const contactId of noProxyContactIds) {
      const contact = contactId ? await this.contacts.find(userId, contactId) : null;
      if (!contact) throw new PermanentFailure(M.transferNeedsWhois);
      const id = await this.ensureContact(await this.contacts.claimRegistryId(contact.id, newMemberContactId()), contact as unknown as AnyContact, ctx, contact);
      ids.push(id);
    }
    return { registrant: ids[0], contacts: [{ type: 'admin', id: ids[1] }, { type: 'tech', id: ids[2] }, { type: 'billing', id: ids[3] }] };
  }

  /**
   * The domain's proxy contact: one of the reserve made ahead at the registry when there is one (no command on the
   * member's path; the reserve is topped up when it falls under half), else the domain's own identity made now.
   */
  private async proxyContact(punycode: string, ctx: { userId: number }): Promise<string> {
    const mailDomain = this.config.WHOIS_PROXY_MAIL_DOMAIN;
    if (this.config.PROXY_RESERVE_SIZE > 0) {
      // the reserve's rows are counted only up to half its size: enough to know whether to top it up
      const { identity, left } = await this.proxies.take(punycode, mailDomain, Math.ceil(this.config.PROXY_RESERVE_SIZE / 2));
      if (left * 2 < this.config.PROXY_RESERVE_SIZE) this.whoisQueue.refillReserve().catch((e) => this.logger.warn(`proxy reserve refill: ${(e as Error).message}`));
      if (identity) {
        this.knownContacts.add(identity.registryContactId);
        return identity.registryContactId;
      }
    }
    const identity = await this.proxies.ensure(punycode, mailDomain);
    return this.ensureContact(identity.registryContactId, null, ctx, undefined, identity.email);
  }

  /**
   * Creates the registry contact once (a contact made by an earlier attempt or another order is reused): the create is
   * sent at once and "exists" (2302) means it is there already, one command where a check first took two.
   */
  private async ensureContact(id: string, c: AnyContact | null, ctx: { userId: number }, dto?: WhoisContactDto, proxyEmail?: string): Promise<string> {
    if (this.knownContacts.has(id)) return id;
    const input: ContactCreateInput = c
      ? { id, postalInfo: [postalOf(c, id)], voice: e164(c.phone as string, (dto?.phone_country_code ?? (c.phone_country_code as string)) || '81'), email: String(c.email ?? 'noreply@rakko.example'), authInfo: `Rk${randomBytes(9).toString('base64url')}1` }
      : { ...proxyContactInput(id, proxyEmail!), authInfo: `Rk${randomBytes(9).toString('base64url')}1` };
    try {
      await this.epp.contactCreate(input, ctx);
    } catch (e) {
      if (!EppError.is(e, EppResultCode.ObjectExists)) throw e;
    }
    this.knownContacts.add(id);
    return id;
  }

  /** The item failed for good: points back (once), the campaign slot back, the reason in the action log. */
  async fail(order: RegistrationOrder, item: OrderItem, reason: string): Promise<void> {
    const keys = itemKeys(order.id, item.punycode);
    if (item.spent && item.point > 0) {
      const entry = await this.ledger.refund(order.userId, item.point, keys.refund, `order:${order.id}`);
      await this.orders.markRefunded(item.id);
      await this.actionLog.write({
        userId: order.userId,
        domainName: item.name,
        type: 1,
        point: item.point,
        remainingPoint: entry.balanceAfter,
        subject: 'ドメイン新規登録失敗',
        content: `${item.name}: ${fmt(M.refundedPoints, { point: item.point, reason })}`,
        dedupeKey: `item:${item.id}:refund`,
        actionId: ActionCodes.RegisterRefund,
      });
    }
    if (item.isCampaign) await this.catalog.release(keys.campaign);
    await this.orders.setItem(item.id, { status: 'error', errorMsg: reason });
    // the proxy contact this registration took (from the reserve, or made for the name) goes back to the reserve
    // unless another registration, a domain or a transfer-in of the name may use it (ADR 0050); left on a failure
    // here, it stays the name's identity, used by the next registration of the name
    if (item.whoisProxy && !item.prereqId) {
      await this.proxies.release(item.punycode, item.id).catch((e) => this.logger.warn(`proxy identity of ${item.punycode} not given back: ${(e as Error).message}`));
    }
  }
}

function isPermanent(e: unknown): boolean {
  return e instanceof EppError && !TRANSIENT.has(e.code);
}
