import { Injectable } from '@nestjs/common';
import {
  WHOIS_MAIL_STATUSES, WHOIS_MAIL_TYPES, WhoisEmailCountResult, WhoisEmailDetailDto, WhoisEmailListRequest, WhoisEmailListResult,
  WhoisEmailUpdateResult, WhoisMailErrorCode, WhoisMailType,
} from '@registrar/contracts';
import { WM } from '@registrar/messages';
import { WhoisMailException } from '../common/whois-mail.exception';
import { WhoisMailQueue } from '../processing/whois-mail.queue';
import { WhoisMailConfig } from '../whois-mail.config';
import { EmailsRepository, PAGE_SIZE } from './emails.repository';

const invalid = (m: string) => new WhoisMailException(WhoisMailErrorCode.Invalid, m);

/** Reads an optional filter: empty means all. */
export function optionalEnum(v: unknown, allowed: readonly number[], message: string): number | null {
  if (v === undefined || v === null || v === '') return null;
  const n = Number(v);
  if (!Number.isInteger(n) || !allowed.includes(n)) throw invalid(message);
  return n;
}

export function requiredId(v: unknown): number {
  const n = Number(v);
  if (!Number.isSafeInteger(n) || n <= 0) throw new WhoisMailException(WhoisMailErrorCode.NotFound, WM.notFound);
  return n;
}

/** The admin inbox over stored mail: list, counts, detail, reclassification, marking done. */
@Injectable()
export class EmailsService {
  constructor(private readonly emails: EmailsRepository, private readonly queue: WhoisMailQueue, private readonly config: WhoisMailConfig) {}

  async list(req: WhoisEmailListRequest): Promise<WhoisEmailListResult> {
    const type = optionalEnum(req?.type, WHOIS_MAIL_TYPES, WM.typeInvalid);
    const status = optionalEnum(req?.status, WHOIS_MAIL_STATUSES, WM.statusInvalid);
    const page = req?.page === undefined || req?.page === null || (req.page as unknown) === '' ? 1 : Number(req.page);
    if (!Number.isInteger(page) || page < 1 || page > 1_000_000) throw invalid(WM.pageInvalid);
    const { data, total } = await this.emails.list({ type, status, page });
    return { data, total, last_page: Math.max(1, Math.ceil(total / PAGE_SIZE)), current_page: page, per_page: PAGE_SIZE };
  }

  counts(): Promise<WhoisEmailCountResult> {
    return this.emails.counts();
  }

  async get(id: unknown): Promise<WhoisEmailDetailDto> {
    const mail = await this.emails.detail(requiredId(id));
    if (!mail) throw new WhoisMailException(WhoisMailErrorCode.NotFound, WM.notFound);
    return mail;
  }

  /** A new type; a mail not yet successful is processed again under it. */
  async updateType(idIn: unknown, typeIn: unknown): Promise<WhoisEmailUpdateResult> {
    const id = requiredId(idIn);
    const type = optionalEnum(typeIn, WHOIS_MAIL_TYPES, WM.typeInvalid);
    if (type === null) throw invalid(WM.typeInvalid);
    const r = await this.emails.updateType(id, type as WhoisMailType, this.config.WHOIS_MAIL_LEASE_S);
    if (r === 'missing') throw new WhoisMailException(WhoisMailErrorCode.NotFound, WM.notFound);
    if (r === 'busy') throw new WhoisMailException(WhoisMailErrorCode.Conflict, WM.busy);
    const email = (await this.emails.row(id))!;
    if (email.status === 0) await this.queue.enqueue(id, `t${Date.now()}`);
    return { email };
  }

  async markSuccess(idIn: unknown, typeIn: unknown): Promise<WhoisEmailUpdateResult> {
    const id = requiredId(idIn);
    const type = optionalEnum(typeIn, WHOIS_MAIL_TYPES, WM.typeInvalid);
    if (type === null) throw invalid(WM.typeInvalid);
    const r = await this.emails.markSuccess(id, type as WhoisMailType);
    if (r === 'missing') throw new WhoisMailException(WhoisMailErrorCode.NotFound, WM.notFound);
    if (r === 'busy') throw new WhoisMailException(WhoisMailErrorCode.Conflict, WM.busy);
    if (r === 'type-changed') throw new WhoisMailException(WhoisMailErrorCode.Conflict, WM.typeChangedMeanwhile);
    if (r === 'already') throw new WhoisMailException(WhoisMailErrorCode.Conflict, WM.alreadySuccess);
    return { email: (await this.emails.row(id))! };
  }
}
