import { Controller, UseFilters } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  ActionLogRowDto, ActionLogSearchResult, ActionLogSearchRpcRequest, DomainBannerCounts, DomainCsvChunkResult, DomainCsvChunkRpcRequest, DomainDetailDto,
  DomainIdsResult, DomainIdsRpcRequest, DomainListPatterns, DomainReadyResult, DomainReadyRpcRequest, DomainSearchConditionData,
  DomainSearchResult, DomainSearchRpcRequest,
} from '@registrar/contracts';
import { userIdOf } from '../../shared/common/rpc-payload';
import { DomainOpsRpcErrorFilter } from '../../shared/common/rpc-errors.filter';
import { ActionLogService } from './action-log.service';
import { DomainDetailService } from './domain-detail.service';
import { DomainListService } from './domain-list.service';

const conditionOf = (c: unknown): Record<string, unknown> => (c && typeof c === 'object' && !Array.isArray(c) ? (c as Record<string, unknown>) : {});

/**
 * The domain list, detail view and action history on the request transport (BullMQ command queues) (patterns in
 * @registrar/contracts); the demo portfolio's SeedDemo is registry-sync's (it may seed through the registry).
 */
@Controller()
@UseFilters(DomainOpsRpcErrorFilter)
export class DomainListRpcController {
  constructor(private readonly list: DomainListService, private readonly detailService: DomainDetailService, private readonly logs: ActionLogService) {}

  @MessagePattern(DomainListPatterns.Search)
  search(@Payload() req: DomainSearchRpcRequest): Promise<DomainSearchResult> {
    // the admin list (002) searches every member: it sends allMembers and no member id
    return this.list.search(req?.allMembers === true ? null : userIdOf(req), conditionOf(req?.condition));
  }

  @MessagePattern(DomainListPatterns.Ids)
  ids(@Payload() req: DomainIdsRpcRequest): Promise<DomainIdsResult> {
    return this.list.ids(userIdOf(req), conditionOf(req?.condition), req?.limit);
  }

  @MessagePattern(DomainListPatterns.Ready)
  ready(@Payload() req: DomainReadyRpcRequest): Promise<DomainReadyResult> {
    return this.list.ready(userIdOf(req), { domainPkIds: req?.domainPkIds, allPageFlg: req?.allPageFlg, condition: conditionOf(req?.condition) });
  }

  @MessagePattern(DomainListPatterns.CsvChunk)
  csv(@Payload() req: DomainCsvChunkRpcRequest): Promise<DomainCsvChunkResult> {
    const userId = req?.allMembers === true ? null : userIdOf(req);
    return this.list.csvChunk(userId, conditionOf(req?.condition), req?.after ?? null, Number(req?.limit) || 5000, userId === null || req?.withMemberId === true);
  }

  @MessagePattern(DomainListPatterns.Count)
  count(@Payload() req: { userId: number }): Promise<{ count: number }> {
    return this.list.count(userIdOf(req));
  }

  @MessagePattern(DomainListPatterns.Banner)
  banner(@Payload() req: { userId: number; email?: unknown }): Promise<DomainBannerCounts> {
    return this.list.banner(userIdOf(req), typeof req?.email === 'string' && req.email.length <= 254 ? req.email : null);
  }

  @MessagePattern(DomainListPatterns.Condition)
  condition(@Payload() req: { userId?: number; allMembers?: boolean }): Promise<DomainSearchConditionData> {
    // the admin list's advanced search (002 GET /admin/api/domains/search/condition): name servers of every member
    return this.list.conditionData(req?.allMembers === true ? null : userIdOf(req));
  }

  @MessagePattern(DomainListPatterns.Detail)
  detail(@Payload() req: { userId: number; id: unknown }): Promise<DomainDetailDto> {
    return this.detailService.detail(userIdOf(req), Number(req?.id));
  }

  @MessagePattern(DomainListPatterns.ActionLogSearch)
  actionLogs(@Payload() req: ActionLogSearchRpcRequest): Promise<ActionLogSearchResult> {
    return this.logs.search(userIdOf(req), req ?? {});
  }

  @MessagePattern(DomainListPatterns.ActionLogDetail)
  actionLog(@Payload() req: { userId: number; id: unknown }): Promise<ActionLogRowDto> {
    return this.logs.one(userIdOf(req), Number(req?.id));
  }
}
