import { Injectable } from '@nestjs/common';
import { ActionLogRowDto, ActionLogSearchResult, DomainOpsErrorCode } from '@registrar/contracts';
import { M } from '@registrar/messages';
import { DomainOpsException } from '../../shared/common/domain-ops.exception';
import { ActionLogRepository } from '../../shared/domains/action-log.repository';
import { tokyoDateStart } from './domain-query';

export const ACTION_LOG_PER_PAGE = 20;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const str = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '').normalize('NFKC').trim();

/** GET mypage/actionLog/search (001 §2 "Action history page"): filter by text, action code and Tokyo dates; 20 a page. */
@Injectable()
export class ActionLogService {
  constructor(private readonly repo: ActionLogRepository) {}

  async search(userId: number, q: { page?: unknown; actionId?: unknown; description?: unknown; date1?: unknown; date2?: unknown; perPage?: unknown }): Promise<ActionLogSearchResult> {
    const bad: string[] = [];
    const page = str(q.page);
    const actionId = str(q.actionId);
    const description = str(q.description);
    const date1 = str(q.date1).replace(/\//g, '-');
    const date2 = str(q.date2).replace(/\//g, '-');
    if (page && !/^\d{1,9}$/.test(page)) bad.push('page');
    if (actionId && !/^\d{1,6}$/.test(actionId)) bad.push('actionId');
    if (description.length > 253) bad.push('description');
    if (date1 && (!DATE.test(date1) || Number.isNaN(Date.parse(date1)))) bad.push('date1');
    if (date2 && (!DATE.test(date2) || Number.isNaN(Date.parse(date2)))) bad.push('date2');
    const perPage = Math.max(1, Math.min(Number(str(q.perPage)) || ACTION_LOG_PER_PAGE, 100));
    if (bad.length) return { actionLogs: { data: [], current_page: 1, last_page: 1, per_page: perPage, total: 0 }, errors: [M.badSearchCondition + bad.join(', ')] };
    const filter = {
      userId,
      actionId: actionId ? Number(actionId) : undefined,
      description: description || undefined,
      from: date1 ? tokyoDateStart(date1) : undefined,
      to: date2 ? tokyoDateStart(date2, 1) : undefined,
    };
    const want = Math.max(1, Number(page) || 1);
    let r = await this.repo.search(filter, perPage, (want - 1) * perPage);
    const lastPage = Math.max(1, Math.ceil(r.total / perPage));
    const current = Math.min(want, lastPage);
    if (current !== want) r = await this.repo.search(filter, perPage, (current - 1) * perPage);
    return { actionLogs: { data: r.rows, current_page: current, last_page: lastPage, per_page: perPage, total: r.total }, errors: [] };
  }

  async one(userId: number, id: number): Promise<ActionLogRowDto> {
    const row = Number.isSafeInteger(id) && id > 0 ? await this.repo.one(userId, id) : null;
    if (!row) throw new DomainOpsException(DomainOpsErrorCode.NotFound, M.noMatchingData);
    return row;
  }

  /** The latest rows of one domain (the detail view). */
  async forDomain(userId: number, domainId: number, limit = 50): Promise<ActionLogRowDto[]> {
    return (await this.repo.search({ userId, domainId }, limit, 0)).rows;
  }
}
