import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { JobName, JpActivateResult, JpActivateRpcRequest, JpActivationListResult } from '@registrar/contracts';
import { EPP_CLIENT, EppClientPool, EppError, EppResultCode } from '@registrar/epp';
import { Clock, CLOCK } from '@registrar/infra';
import { MailOutbox } from '@registrar/mail';
import { M, registryErrorMessage } from '@registrar/messages';
import { formatDateJst, validatePrereq } from '@registrar/rules';
import { DOMAIN_OPS_SCHEMA } from '../../shared/contacts/contacts.repository';
import { ActionLogRepository } from '../../shared/domains/action-log.repository';
import { e164 } from '../../shared/contacts/e164';
import { AnyContact, postalOf } from '../../shared/contacts/epp-contacts';
import { normaliseName } from '../../shared/ports/catalog.port';
import { randomToken } from '../../whois';

/** Reminder mails go this many Tokyo days before a provisional .co.jp's deadline. */
export const PROVISIONAL_REMINDER_DAYS = [30, 14, 7, 1] as const;

interface ProvisionalRow { id: number; userId: number; name: string; punycode: string; dueDate: Date | null; prereq: { org?: unknown; reg?: unknown } | null }

/**
 * Provisional .co.jp activation (000 spec §2 "Provisional-domain activation", §5, §7): the member's provisional
 * domains with their deadline, POST mypage/JpDomainActivate/activate { domainName, contact { org, reg } } (the
 * registered organisation becomes the registrant at the registry, which makes the registration final for one year),
 * and the daily deadline job (reminders; past the deadline the registration is deleted at the registry and leaves the list).
 */
@Injectable()
export class JpActivationService {
  private readonly logger = new Logger(JpActivationService.name);

  constructor(
    @InjectDataSource(DOMAIN_OPS_SCHEMA) private readonly ds: DataSource,
    @Inject(EPP_CLIENT) private readonly epp: EppClientPool,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly actionLog: ActionLogRepository,
    private readonly mail: MailOutbox,
  ) {}

  private async provisional(where: string, params: unknown[]): Promise<ProvisionalRow[]> {
    const rows = await this.ds.query(
      `SELECT d.id, d.user_id, d.name, d.punycode, d.due_date, p.contact AS prereq FROM domain_ops.domains d
       LEFT JOIN domain_ops.registration_order_items i ON i.id = d.order_item_id LEFT JOIN domain_ops.prereqs p ON p.id = i.prereq_id
       WHERE d.status = 'provisional' AND ${where} ORDER BY d.due_date NULLS LAST, d.id`,
      params,
    );
    return rows.map((r: Record<string, any>) => ({ id: Number(r.id), userId: Number(r.user_id), name: r.name, punycode: r.punycode, dueDate: r.due_date ? new Date(r.due_date) : null, prereq: r.prereq ?? null }));
  }

  /** GET mypage/JpDomainActivate/list: the member's provisional domains, soonest deadline first, with the WHOIS entered at purchase. */
  async list(userId: number): Promise<JpActivationListResult> {
    const rows = await this.provisional('d.user_id = $1', [userId]);
    return {
      domains: rows.map((d) => ({
        id: d.id, name: d.name, punycode: d.punycode, deadline: d.dueDate ? formatDateJst(d.dueDate) : null,
        org_contact: (d.prereq?.org as JpActivationListResult['domains'][number]['org_contact']) ?? null,
        reg_contact: (d.prereq?.reg as JpActivationListResult['domains'][number]['reg_contact']) ?? null,
      })),
    };
  }

  async activate(req: JpActivateRpcRequest): Promise<JpActivateResult> {
    const fail = (message: string[], errors: JpActivateResult['errors'] = {}): JpActivateResult => ({ result: false, message, errors });
    const n = typeof req.domainName === 'string' ? normaliseName(req.domainName) : null;
    const [d] = n ? await this.provisional('d.user_id = $1 AND d.punycode = $2', [req.userId, n.punycode]) : [];
    if (!d) return fail([M.activateNotProvisional]);
    const contact = { org: req.contact?.org, reg: req.contact?.reg };
    const v = validatePrereq({ contact, preRegister: false, isDifferentTec: false, isDifferentAdm: false, isDifferentBil: false }, formatDateJst(this.clock.now()).replace(/\D/g, ''));
    // the activation's own wording for a registration date in the future (000 spec §5 "Provisional activation")
    const msgs = v.errorMsg.map((m) => (m === M.futureRegistrationDate ? M.futureRegistrationDateActivate : m));
    if (msgs.length || Object.keys(v.errors).length) return fail(msgs.length ? msgs : [M.errorOccurred], v.errors as JpActivateResult['errors']);

    const ctx = { userId: req.userId };
    let exDate: Date | null = null;
    try {
      const make = async (role: string, c: AnyContact) => {
        const id = `rkv${role}${randomToken(12)}`;
        await this.epp.contactCreate({ id, postalInfo: [postalOf(c, id)], voice: e164(c.phone as string, (c.phone_country_code as string) || '81'), email: String(c.email ?? ''), authInfo: `Rk${randomBytes(9).toString('base64url')}1` }, ctx);
        return id;
      };
      const before = await this.epp.info(d.punycode, {}, ctx);
      // already final at the registry (an earlier attempt whose answer was lost): record it
      if (!before.statuses.includes('serverHold')) exDate = before.exDate ?? null;
      else {
        const org = await make('o', contact.org as AnyContact);
        await make('r', contact.reg as AnyContact);
        await this.epp.update({ name: d.punycode, chg: { registrant: org } }, ctx);
        exDate = (await this.epp.info(d.punycode, {}, ctx)).exDate ?? null;
      }
    } catch (e) {
      this.logger.warn(`activation of ${d.punycode}: ${(e as Error).message}`);
      const taken = e instanceof EppError && e.code === EppResultCode.DataManagementPolicyViolation;
      return fail([taken ? M.activateOrgHoldsCoJp : `${M.activateFailed}${e instanceof EppError ? ` ${registryErrorMessage(e.code)}` : ''}`]);
    }
    await this.ds.query(
      `UPDATE domain_ops.domains SET status = 'active', due_date = COALESCE($2, due_date), jp_contacts = $3, updated_at = now() WHERE id = $1 AND status = 'provisional'`,
      [d.id, exDate, JSON.stringify(contact)],
    );
    await this.actionLog.write({ userId: req.userId, domainId: d.id, domainName: d.name, type: 2, point: 0, remainingPoint: null, subject: '本登録', content: `${d.name}: ${M.activateDone}`, dedupeKey: `activate:${d.id}` });
    return { result: true, message: [M.activateDone], errors: {} };
  }

  /**
   * The daily deadline job (PROVISIONAL_DEADLINE_CRON, Asia/Tokyo): a reminder mail 30, 14, 7 and 1 days before each
   * provisional .co.jp's deadline (key per domain and day: a rerun sends nothing twice); past the deadline the
   * registration is deleted at the registry (already gone counts as deleted), the domain leaves the list and the member
   * is told once.
   */
  async sweep(): Promise<{ today: string; reminded: number; released: number; failed: number }> {
    const today = formatDateJst(this.clock.now());
    const rows = await this.provisional('d.due_date IS NOT NULL', []);
    let reminded = 0;
    let released = 0;
    let failed = 0;
    for (const d of rows) {
      const deadline = formatDateJst(d.dueDate!);
      const daysLeft = Math.round((Date.parse(deadline.replace(/\//g, '-')) - Date.parse(today.replace(/\//g, '-'))) / 86_400_000);
      if (daysLeft >= 0 && (PROVISIONAL_REMINDER_DAYS as readonly number[]).includes(daysLeft)) {
        await this.mail.send({ template: 'domain.cojp-deadline', userId: d.userId, key: `cojp-deadline:${d.id}:${deadline}:${daysLeft}`, params: { name: d.name, deadline, daysLeft } });
        reminded++;
      }
      if (d.dueDate!.getTime() > this.clock.now().getTime()) continue;
      try {
        await this.epp.delete(d.punycode, { userId: d.userId }).catch((e) => {
          if (!EppError.is(e, EppResultCode.ObjectDoesNotExist)) throw e;
        });
      } catch (e) {
        this.logger.warn(`releasing the lapsed provisional ${d.punycode}: ${(e as Error).message}`);
        failed++;
        continue;
      }
      await this.actionLog.write({ userId: d.userId, domainId: null, domainName: d.name, type: 2, point: 0, remainingPoint: null, subject: '仮登録削除', content: `${d.name}: ${M.activateReleased}`, dedupeKey: `cojp-released:${d.id}` });
      await this.ds.query(`DELETE FROM domain_ops.domains WHERE id = $1 AND status = 'provisional'`, [d.id]);
      await this.mail.send({ template: 'domain.cojp-released', userId: d.userId, key: `cojp-released:${d.id}`, params: { name: d.name } });
      released++;
    }
    return { today, reminded, released, failed };
  }
}

/** The job of JpActivationService.sweep on QueueName.DomainOpsLifecycle. */
@Injectable()
export class ProvisionalDeadlineJob {
  static readonly jobName = JobName.ProvisionalDeadlineSweep;
  constructor(private readonly activation: JpActivationService) {}
  handle(): Promise<{ today: string; reminded: number; released: number; failed: number }> {
    return this.activation.sweep();
  }
}
