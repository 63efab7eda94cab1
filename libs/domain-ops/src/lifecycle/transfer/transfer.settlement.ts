import { Inject, Injectable, Logger } from '@nestjs/common';
import { ActionCodes } from '@registrar/contracts';
import { EPP_CLIENT, EppClientPool } from '@registrar/epp';
import { Clock, CLOCK } from '@registrar/infra';
import { MailOutbox } from '@registrar/mail';
import { fmt, M } from '@registrar/messages';
import { formatDateJst } from '@registrar/rules';
import { ContactsRepository } from '../../shared/contacts/contacts.repository';
import { ActionLogRepository } from '../../shared/domains/action-log.repository';
import { DnsZoneEvents } from '../../shared/queue/dns-zone.events';
import { CatalogPort } from '../../shared/ports/catalog.port';
import { OrdersPort } from '../../shared/ports/orders.port';
import { DefaultSettingsRepository } from '../../portfolio';
import { RegistryContacts } from '../../whois';
import { TransferIn, TransferOut, TransferRepository } from './transfer.repository';

export const transferMoneyKeys = (id: number) => ({ spend: `transfer:${id}:spend`, refund: `transfer:${id}:refund` });

/**
 * How a transfer ends, whoever notices it first (the request's answer, the poll reader, the 7-day sweep, the member's
 * answer to a transfer-out). Each step happens once: the state changes only from open, the refund has its own key.
 */
@Injectable()
export class TransferSettlement {
  private readonly logger = new Logger(TransferSettlement.name);

  constructor(
    private readonly repo: TransferRepository,
    private readonly settings: DefaultSettingsRepository,
    private readonly registryContacts: RegistryContacts,
    private readonly contacts: ContactsRepository,
    private readonly catalog: CatalogPort,
    private readonly ledger: OrdersPort,
    private readonly actionLog: ActionLogRepository,
    private readonly mail: MailOutbox,
    private readonly dnsZones: DnsZoneEvents,
    @Inject(EPP_CLIENT) private readonly epp: EppClientPool,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /**
   * The transfer-in is done (we sponsor the domain): it joins the member's list with their default settings — WHOIS
   * proxy (or their default contacts), name servers, lock and auto-renew — and the member gets the mail.
   */
  async completed(t: TransferIn): Promise<void> {
    const ctx = { userId: t.userId };
    const info = await this.epp.info(t.punycode, {}, ctx);
    const defaults = await this.settings.getOrCreate(t.userId);
    const q = await this.catalog.quote(t.punycode).catch(() => null);
    const jp = t.tld === 'jp' || t.tld.endsWith('.jp');
    const proxy = defaults.domain_create_is_whois_proxy_enabled_flg === 1 && !!q?.summary.can_proxy;
    let contactIds: { reg: number | null; adm: number | null; tec: number | null; bil: number | null } | null = null;
    const update: Parameters<EppClientPool['update']>[0] = { name: t.punycode };
    // contacts: the domain's proxy contact, else the member's default contacts (where the registry takes ours)
    try {
      if (proxy) {
        const id = await this.registryContacts.proxy(t.punycode, ctx);
        update.chg = { registrant: id };
        update.rem = { contacts: info.contacts };
        update.add = { contacts: [{ type: 'admin', id }, { type: 'tech', id }, { type: 'billing', id }] };
      } else {
        const np = [defaults.whois_proxy_disabled_reg_record_id, defaults.whois_proxy_disabled_adm_contact_id, defaults.whois_proxy_disabled_tec_contact_id, defaults.whois_proxy_disabled_bil_contact_id];
        const dc = [defaults.domain_create_reg_record_id, defaults.domain_create_adm_contact_id, defaults.domain_create_tec_contact_id, defaults.domain_create_bil_contact_id];
        const reg = np[0] ?? dc[0] ?? null;
        if (reg) {
          const roleIds = [0, 1, 2, 3].map((i) => np[i] ?? dc[i] ?? reg) as number[];
          const ids: string[] = [];
          for (const cid of roleIds) {
            const c = await this.contacts.find(t.userId, cid);
            if (!c) throw new Error(`contact ${cid} of member ${t.userId} is gone`);
            ids.push(await this.registryContacts.member(c, ctx));
          }
          contactIds = { reg: roleIds[0]!, adm: roleIds[1]!, tec: roleIds[2]!, bil: roleIds[3]! };
          update.chg = { registrant: ids[0] };
          update.rem = { contacts: info.contacts };
          update.add = { contacts: [{ type: 'admin', id: ids[1]! }, { type: 'tech', id: ids[2]! }, { type: 'billing', id: ids[3]! }] };
        }
      }
    } catch (e) {
      this.logger.warn(`transfer of ${t.punycode}: contacts not applied: ${(e as Error).message}`);
    }
    // name servers: the member's defaults replace the old registrar's
    const ns = defaults.domain_create_name_servers;
    if (ns.length) {
      const remNs = info.ns.filter((n) => !ns.includes(n.toLowerCase()));
      const addNs = ns.filter((n) => !info.ns.map((x) => x.toLowerCase()).includes(n));
      if (remNs.length) update.rem = { ...(update.rem ?? {}), ns: remNs };
      if (addNs.length) update.add = { ...(update.add ?? {}), ns: addNs };
    }
    const wantLock = defaults.domain_create_is_domain_lock_enabled_flg === 1 && !!q?.summary.can_lock && !jp;
    if (wantLock && !info.statuses.includes('clientTransferProhibited')) update.add = { ...(update.add ?? {}), statuses: ['clientTransferProhibited'] };
    let applied = true;
    if (update.add || update.rem || update.chg) {
      try {
        await this.epp.update(update, ctx);
      } catch (e) {
        applied = false;
        this.logger.warn(`transfer of ${t.punycode}: default settings not applied at the registry: ${(e as Error).message}`);
      }
    }
    const fresh = await this.epp.info(t.punycode, {}, ctx).catch(() => info);
    const domainId = await this.repo.recordTransferred({
      userId: t.userId, name: t.name, punycode: t.punycode, tld: t.tld, registryDomainId: fresh.roid, dueDate: fresh.exDate ?? t.exDate,
      autoUpdate: defaults.domain_create_is_auto_update_enabled_flg === 1, whoisProxy: applied && proxy, lock: fresh.statuses.includes('clientTransferProhibited'),
      nameServers: applied && ns.length ? ns : fresh.ns, contactIds: applied ? contactIds : null,
    });
    if (!(await this.repo.settle(t.id, 'done', { domainId, exDate: fresh.exDate ?? null, now: this.clock.now() }))) return;
    await this.dnsZones.changed(t.punycode);
    const remaining = await this.ledger.balance(t.userId).catch(() => null);
    await this.actionLog.write({
      userId: t.userId, domainId, domainName: t.name, type: t.point > 0 ? 0 : 2, point: t.point, remainingPoint: remaining, subject: '他社からの移管',
      content: `${t.name}: 移管が完了しました`, dedupeKey: `transfer:${t.id}:done`, actionId: ActionCodes.TransferResult,
      result: { domain: t.name, status: 'done', expiry: fresh.exDate ? formatDateJst(fresh.exDate) : null },
    });
    await this.mail.send({ template: 'domain.transfer-done', userId: t.userId, key: `transfer:${t.id}:done`, params: { name: t.name, newExpiry: fresh.exDate ? formatDateJst(fresh.exDate) : '' } });
  }

  /**
   * The transfer-in failed (refused at the request, rejected by the losing registrar, cancelled): the points back once,
   * the reason kept; the mail when it had been requested. False when it had already ended.
   */
  async refused(t: TransferIn, reason: string, mail: boolean, status: 'error' | 'rejected' | 'cancelled' = 'error'): Promise<boolean> {
    const fresh = (await this.repo.find(t.id)) ?? t;
    if (fresh.status !== 'requesting' && fresh.status !== 'pending') return false;
    let refundedPoint = 0;
    if (fresh.spent && fresh.point > 0 && !fresh.refunded) {
      const entry = await this.ledger.refund(t.userId, fresh.point, transferMoneyKeys(t.id).refund, `transfer:${t.id}`);
      await this.repo.markRefunded(t.id);
      refundedPoint = fresh.point;
      await this.actionLog.write({
        userId: t.userId, domainName: t.name, type: 1, point: fresh.point, remainingPoint: entry.balanceAfter, subject: '他社からの移管失敗',
        content: `${t.name}: ${fmt(M.transferRefundedPoints, { point: fresh.point, reason })}`, dedupeKey: `transfer:${t.id}:refund`, actionId: ActionCodes.TransferResult,
        result: { domain: t.name, status, reason },
      });
    }
    if (!(await this.repo.settle(t.id, status, { errorMsg: reason, now: this.clock.now() }))) return false;
    if (mail) await this.mail.send({ template: 'domain.transfer-rejected', userId: t.userId, key: `transfer:${t.id}:${status}`, params: { name: t.name, refunded: refundedPoint, reason } });
    return true;
  }

  /**
   * A transfer-in the money reconciler gave up before its request was sent (the row already ended, `giveUpUnsent`): the
   * charge is voided at the ledger (a spend still on its way is refused; one already taken is refunded once), the member
   * reads why in their history and gets the mail. Answers the points refunded by this call (0 when none were taken or
   * an earlier pass refunded them).
   */
  async abandonedUnsent(t: TransferIn, reason: string): Promise<number> {
    let refundedPoint = 0;
    if (t.point > 0) {
      const k = transferMoneyKeys(t.id);
      const v = await this.ledger.voidCharge(t.userId, t.point, k.spend, k.refund, `transfer:${t.id}`);
      if (v.refunded && v.entry) {
        await this.repo.markRefunded(t.id);
        if (!v.entry.replayed) refundedPoint = t.point;
        await this.actionLog.write({
          userId: t.userId, domainName: t.name, type: 1, point: t.point, remainingPoint: v.entry.balanceAfter, subject: '他社からの移管失敗',
          content: `${t.name}: ${fmt(M.transferRefundedPoints, { point: t.point, reason })}`, dedupeKey: `transfer:${t.id}:refund`, actionId: ActionCodes.TransferResult,
          result: { domain: t.name, status: 'error', reason },
        });
      }
    }
    await this.mail.send({ template: 'domain.transfer-rejected', userId: t.userId, key: `transfer:${t.id}:error`, params: { name: t.name, refunded: refundedPoint || (t.refunded ? t.point : 0), reason } });
    return refundedPoint;
  }

  /** Another registrar asked for one of our domains: it shows on the member's list until answered or auto-approved. */
  async requestedOut(punycode: string, requestedBy: string, requestedAt: Date, autoApproveAt: Date): Promise<void> {
    const d = await this.repo.ds.query('SELECT id, user_id, name FROM domain_ops.domains WHERE punycode = $1', [punycode]);
    if (!d.length) return;
    const recorded = await this.repo.recordOut({ domainId: Number(d[0].id), userId: Number(d[0].user_id), punycode, requestedBy, requestedAt, autoApproveAt });
    if (recorded) {
      await this.mail.send({ template: 'domain.transfer-out-requested', userId: Number(d[0].user_id), key: `transfer-out:${punycode}:${requestedAt.toISOString()}`,
        params: { name: d[0].name, deadline: formatDateJst(autoApproveAt) } });
    }
  }

  /** The domain went to the other registrar (the member approved, or the registry did after 5 days): it leaves the list. */
  async lostOut(o: Pick<TransferOut, 'id' | 'domainId' | 'userId' | 'punycode' | 'name'> | null, status: 'approved' | 'auto_approved', punycode?: string): Promise<void> {
    const p = o?.punycode ?? punycode!;
    const d = await this.repo.ds.query('SELECT id, user_id, name FROM domain_ops.domains WHERE punycode = $1', [p]);
    if (o) await this.repo.endOut(o.id, status, this.clock.now());
    if (!d.length) return;
    await this.actionLog.write({
      userId: Number(d[0].user_id), domainId: null, domainName: d[0].name, type: 2, point: 0, remainingPoint: null, subject: '他社への移管',
      content: `${d[0].name}: ${status === 'approved' ? '移管を承認しました' : '移管期限を過ぎたため、レジストリにより移管が承認されました'}`, dedupeKey: `transfer-out:${p}:${d[0].id}:gone`,
    });
    await this.repo.ds.query('DELETE FROM domain_ops.domains WHERE id = $1', [d[0].id]);
    await this.dnsZones.changed(p);
  }

  async endOut(o: Pick<TransferOut, 'id'>, status: 'rejected' | 'cancelled'): Promise<void> {
    await this.repo.endOut(o.id, status, this.clock.now());
  }
}
