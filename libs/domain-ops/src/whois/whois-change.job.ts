import { Inject, Injectable, Logger } from '@nestjs/common';
import { JobName, type WhoisChangeJobData } from '@registrar/contracts';
import { DomainContact, EPP_CLIENT, EppClientPool, EppError, EppResultCode } from '@registrar/epp';
import { M, registryErrorMessage } from '@registrar/messages';
import { ContactsRepository } from '../shared/contacts/contacts.repository';
import { ActionLogRepository } from '../shared/domains/action-log.repository';
import type { JobAttempt } from '../shared/queue/domain-ops.queue';
import { RegistryContacts } from './registry-contacts';
import { WhoisDomain, WhoisDomainRepository, WhoisPending } from './whois-domain.repository';

const TRANSIENT = new Set<number>([EppResultCode.CommandFailed, EppResultCode.CommandFailedServerClosingConnection]);
const ROLES = [['admin', 'adm'], ['tech', 'tec'], ['billing', 'bil']] as const;

/**
 * One domain's WHOIS change at the registry (docs/whois.md): the registry contacts are created (or brought up to
 * date), then one domain:update sets the registrant and the admin, tech and billing contacts. A 1000 answer ends the
 * change; a 1001 answer means the registrant must approve by mail (gTLD Change of Registrant): the domain keeps flag 1
 * until WhoisPendingSweep sees the new registrant at the registry. A refusal ends the change with the domain as it was.
 */
@Injectable()
export class WhoisChangeJob {
  static readonly jobName = JobName.WhoisChange;
  private readonly logger = new Logger(WhoisChangeJob.name);

  constructor(
    @Inject(EPP_CLIENT) private readonly epp: EppClientPool,
    private readonly domains: WhoisDomainRepository,
    private readonly contacts: ContactsRepository,
    private readonly registry: RegistryContacts,
    private readonly actionLog: ActionLogRepository,
  ) {}

  async handle(data: WhoisChangeJobData, attempt: JobAttempt): Promise<{ status: string }> {
    const d = await this.domains.get(Number(data.domainId));
    const p = d?.pending;
    if (!d || !p || p.token !== data.token) return { status: 'gone' };
    if (p.awaitingApproval) return { status: 'awaiting' };
    // admin-locked after the request was accepted: refused before anything reaches the registry (a retry may follow a
    // lost answer of an update that did reach it, so only the first attempt refuses)
    if (d.adminLock && attempt.attemptsMade === 0) {
      if (await this.domains.clear(d.id, p.token)) await this.log(d, p, M.adminLocked, 'failed');
      return { status: 'error' };
    }
    try {
      return { status: await this.apply(d, p) };
    } catch (e) {
      const last = attempt.attemptsMade + 1 >= attempt.attempts;
      const transient = !(e instanceof EppError) || TRANSIENT.has(e.code);
      if (transient && !last) throw e;
      this.logger.warn(`WHOIS change of ${d.punycode} failed: ${(e as Error).message}`);
      if (await this.domains.clear(d.id, p.token)) {
        // the member reads what the registry's answer means and its code; the English text stays in the log above
        await this.log(d, p, `${M.whoisChangeFailed} ${e instanceof EppError ? registryErrorMessage(e.code) : M.operationRetryFailed}`, 'failed');
      }
      return { status: 'error' };
    }
  }

  private async apply(d: WhoisDomain, p: WhoisPending): Promise<'done' | 'awaiting'> {
    const ctx = { userId: d.userId };
    let target: { registrant: string; admin: string; tech: string; billing: string };
    if (p.kind === 'proxy') {
      const id = await this.registry.proxy(d.punycode, ctx);
      target = { registrant: id, admin: id, tech: id, billing: id };
    } else {
      const found = await this.contacts.findMany(d.userId, [p.reg!, p.adm!, p.tec!, p.bil!]);
      const ids = new Map<number, string>();
      for (const c of found.values()) ids.set(c.id, await this.registry.member(c, ctx));
      const of = (id: number | null) => {
        const r = id == null ? undefined : ids.get(id);
        if (!r) throw new EppError(EppResultCode.ObjectDoesNotExist, 'contact missing', 'whois-change');
        return r;
      };
      target = { registrant: of(p.reg), admin: of(p.adm), tech: of(p.tec), billing: of(p.bil) };
    }
    const info = await this.epp.info(d.punycode, {}, ctx);
    const want: DomainContact[] = ROLES.map(([type]) => ({ type, id: target[type] }));
    const rem = info.contacts.filter((c) => !want.some((w) => w.type === c.type && w.id === c.id));
    const add = want.filter((w) => !info.contacts.some((c) => c.type === w.type && c.id === w.id));
    const chgRegistrant = info.registrant !== target.registrant;
    let pending = false;
    if (chgRegistrant && info.statuses.includes('pendingUpdate')) {
      // a retry after the registry held our registrant change but its 1001 answer was lost (a timeout): the domain is
      // ours alone while flag 1 is set, so the held change is this one; it waits for the approval like any other
      pending = true;
    } else if (add.length || rem.length || chgRegistrant) {
      const r = await this.epp.update({
        name: d.punycode,
        ...(add.length ? { add: { contacts: add } } : {}),
        ...(rem.length ? { rem: { contacts: rem } } : {}),
        ...(chgRegistrant ? { chg: { registrant: target.registrant } } : {}),
      }, ctx);
      pending = r.pending;
    }
    if (pending) {
      await this.domains.markAwaiting(d.id, p.token, target.registrant);
      await this.log(d, p, M.whoisChangeNeedsApproval, 'requested');
      return 'awaiting';
    }
    if (await this.domains.complete(d.id, p.token, p)) await this.log(d, p, p.kind === 'proxy' ? 'WHOIS代理公開を設定しました' : 'WHOIS情報を変更しました', 'done');
    await this.registry.releaseUnused(d.userId, ctx);
    return 'done';
  }

  private log(d: WhoisDomain, p: WhoisPending, content: string, step: string): Promise<void> {
    return this.actionLog.write({
      userId: d.userId, domainId: d.id, domainName: d.name, type: 2, point: 0, remainingPoint: null,
      subject: p.kind === 'proxy' ? 'WHOIS代理公開設定' : 'WHOIS変更', content: `${d.name}: ${content}`, dedupeKey: `whois:${p.token}:${step}`,
    });
  }
}

/**
 * Completes WHOIS changes whose registrant approval has arrived: for each domain waiting (flag 1), domain:info shows
 * the requested registrant once the mailed link was followed; a domain no longer pendingUpdate at the registry with
 * another registrant had its change withdrawn or refused (it ends, unchanged).
 */
@Injectable()
export class WhoisPendingSweep {
  static readonly jobName = JobName.WhoisPendingSweep;
  private readonly logger = new Logger(WhoisPendingSweep.name);

  constructor(
    @Inject(EPP_CLIENT) private readonly epp: EppClientPool,
    private readonly domains: WhoisDomainRepository,
    private readonly actionLog: ActionLogRepository,
    private readonly registry: RegistryContacts,
  ) {}

  async handle(data: { userId?: number } = {}): Promise<{ completed: number; ended: number }> {
    let completed = 0;
    let ended = 0;
    for (const d of await this.domains.awaitingApproval(data.userId)) {
      const p = d.pending!;
      try {
        const info = await this.epp.info(d.punycode, {}, { userId: d.userId });
        if (info.registrant === p.registrant) {
          if (await this.domains.complete(d.id, p.token, p)) {
            completed++;
            await this.actionLog.write({
              userId: d.userId, domainId: d.id, domainName: d.name, type: 2, point: 0, remainingPoint: null, subject: 'WHOIS変更',
              content: `${d.name}: 登録者の承認によりWHOIS情報を変更しました`, dedupeKey: `whois:${p.token}:done`,
            });
            await this.registry.releaseUnused(d.userId, { userId: d.userId });
          }
        } else if (!info.statuses.includes('pendingUpdate')) {
          if (await this.domains.clear(d.id, p.token)) ended++;
        }
      } catch (e) {
        this.logger.warn(`WHOIS approval check of ${d.punycode}: ${(e as Error).message}`);
      }
    }
    return { completed, ended };
  }
}
