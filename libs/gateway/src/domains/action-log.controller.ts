import { Controller, Get, Param, Query } from '@nestjs/common';
import { ActionLogRowDto, ActionLogSearchResult, DomainListPatterns } from '@registrar/contracts';
import { Member } from '@registrar/identity';
import { MemberId } from '../payments/member';
import { DomainOpsClient } from '../purchase/domain-ops.client';

/** The action history (001 spec §2 "Action history page", §7 GET mypage/actionLog/search). */
@Controller('mypage/actionLog')
@Member()
export class ActionLogController {
  constructor(private readonly domainOps: DomainOpsClient) {}

  /** GET mypage/actionLog/search?page&actionId&description&date1&date2 -> { actionLogs (paged), errors } */
  @Get('search')
  search(@MemberId() userId: number, @Query() q: Record<string, unknown>): Promise<ActionLogSearchResult> {
    const one = (v: unknown) => (Array.isArray(v) ? v[0] : v);
    return this.domainOps.call(DomainListPatterns.ActionLogSearch, {
      userId, page: one(q.page), actionId: one(q.actionId), description: one(q.description), date1: one(q.date1), date2: one(q.date2),
    });
  }

  /** GET mypage/actionLog/detail/:id -> the row with its result (the registrar-queue modal); 404 for another member's row */
  @Get('detail/:id')
  detail(@MemberId() userId: number, @Param('id') id: string): Promise<ActionLogRowDto> {
    return this.domainOps.call(DomainListPatterns.ActionLogDetail, { userId, id: /^\d{1,18}$/.test(id) ? Number(id) : 0 });
  }
}
