import { Controller, UseFilters } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { AdminStatsPatterns, DomainOpsErrorCode, StatsResult } from '@registrar/contracts';
import { validateStatsQuery } from '@registrar/rules';
import { DomainOpsException } from '../../shared/common/domain-ops.exception';
import { DomainOpsRpcErrorFilter } from '../../shared/common/rpc-errors.filter';
import { ContractStatsRepository } from './contract-stats.repository';

/** Contract stats for the super admins' screen (the gateway checks the role). */
@Controller()
@UseFilters(DomainOpsRpcErrorFilter)
export class ContractStatsRpcController {
  constructor(private readonly repo: ContractStatsRepository) {}

  @MessagePattern(AdminStatsPatterns.DomainStats)
  async stats(@Payload() req: unknown): Promise<StatsResult> {
    const { value, errors } = validateStatsQuery((req ?? {}) as object, 9999);
    if (Object.keys(errors).length) throw new DomainOpsException(DomainOpsErrorCode.Invalid, Object.values(errors)[0]![0]!);
    return { stats: await this.repo.stats(value) };
  }
}
