/**
 * The portfolio (a feature of domain-ops): the member's domains as a list and one by one, their history, bulk
 * operations and moves, default and API settings, the estimate and prerequisites before an order, the market hold,
 * and the admin's logs and contract statistics. Its public face for the features above it (lifecycle,
 * registry-sync) and for the composition (domain-ops.module.ts); see ../../README.md.
 */
import type { Provider, Type } from '@nestjs/common';
import { AdminLogsRepository } from './admin/admin-logs.repository';
import { AdminOpsRpcController } from './admin/admin-ops.rpc.controller';
import { EstimateService } from './estimate/estimate.service';
import { ActionLogRpcController } from './list/action-log.rpc.controller';
import { ActionLogService } from './list/action-log.service';
import { DomainDetailService } from './list/domain-detail.service';
import { DomainListRepository } from './list/domain-list.repository';
import { DomainListRpcController } from './list/domain-list.rpc.controller';
import { DomainListService } from './list/domain-list.service';
import { MarketHoldRpcController } from './market/market-hold.rpc.controller';
import { MarketHoldService } from './market/market-hold.service';
import { MoveRepository } from './operations/move.repository';
import { MoveService } from './operations/move.service';
import { OperationRepository } from './operations/operation.repository';
import { OperationService } from './operations/operation.service';
import { OperationsRpcController } from './operations/operations.rpc.controller';
import { PortfolioRpcController } from './portfolio.rpc.controller';
import { PrereqRepository } from './prereq/prereq.repository';
import { PrereqService } from './prereq/prereq.service';
import { ApiSettingsService } from './settings/api-settings.service';
import { DefaultSettingsRepository } from './settings/default-settings.repository';
import { DefaultSettingsService } from './settings/default-settings.service';
import { ContractStatsRepository } from './stats/contract-stats.repository';
import { ContractStatsRpcController } from './stats/contract-stats.rpc.controller';

export { PORTFOLIO_JOBS } from './portfolio.jobs';
export { PORTFOLIO_MIGRATIONS, PORTFOLIO_TABLES } from './migrations';
export { EstimateService } from './estimate/estimate.service';
export { DomainListService, influxSince } from './list/domain-list.service';
export { buildWhere, countSql, ORDER_BY, pageIdsSql, pageRowsSql } from './list/domain-query';
export { DomainListRepository } from './list/domain-list.repository';
export { portfolio, insertPortfolio, type SeedDomain } from './list/portfolio-seed';
export { LOCK_STATUSES } from './operations/domain-operation.job';
export { OperationRepository } from './operations/operation.repository';
export { OPERATION_FLOWS, operationJobId, OperationService } from './operations/operation.service';
export { PrereqRepository, type StoredPrereq } from './prereq/prereq.repository';
export { ApiSettingsService, apiKeyHash, ipAllowed, API_KEY_FORMAT } from './settings/api-settings.service';
export { DefaultSettingsRepository, defaultsOf, type DefaultSettingsRow } from './settings/default-settings.repository';

export const PORTFOLIO_PROVIDERS: Provider[] = [
  DefaultSettingsRepository, DefaultSettingsService, PrereqRepository, PrereqService, EstimateService,
  DomainListRepository, DomainListService, DomainDetailService, ActionLogService,
  ApiSettingsService, OperationRepository, OperationService, MoveRepository, MoveService,
  MarketHoldService, AdminLogsRepository, ContractStatsRepository,
];
export const PORTFOLIO_CONTROLLERS: Type[] = [
  PortfolioRpcController, OperationsRpcController, DomainListRpcController, AdminOpsRpcController, ContractStatsRpcController, MarketHoldRpcController, ActionLogRpcController,
];
