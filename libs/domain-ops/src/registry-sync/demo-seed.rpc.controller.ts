import { Controller, UseFilters } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { DomainListPatterns, DomainOpsErrorCode } from '@registrar/contracts';
import { DomainListService } from '../portfolio';
import { DomainOpsException } from '../shared/common/domain-ops.exception';
import { userIdOf } from '../shared/common/rpc-payload';
import { DomainOpsRpcErrorFilter } from '../shared/common/rpc-errors.filter';
import { DemoRegistrySeeder, DemoSeedResult } from './demo-registry.seeder';

/**
 * The demo portfolio of the local runtime (docs/registry-sync.md): seeded through the registry (the demo member), or
 * only in our records (the list fillers of tests).
 */
@Controller()
@UseFilters(DomainOpsRpcErrorFilter)
export class DemoSeedRpcController {
  constructor(private readonly list: DomainListService, private readonly demoSeeder: DemoRegistrySeeder) {}

  @MessagePattern(DomainListPatterns.SeedDemo)
  async seedDemo(@Payload() req: { userId: number; count?: number; onlyIfEmpty?: boolean; viaRegistry?: boolean }): Promise<DemoSeedResult> {
    if (process.env.NODE_ENV === 'production' || !(process.env.LOCAL_RUNTIME === '1' || process.env.NODE_ENV === 'test')) {
      throw new DomainOpsException(DomainOpsErrorCode.Invalid, 'demo data is for the local runtime only');
    }
    const count = Math.max(1, Math.min(Number(req?.count) || 60, 1000));
    // the demo member's portfolio lives at the registry too (docs/registry-sync.md); list fillers of tests may stay local
    if (req?.viaRegistry) return this.demoSeeder.seed(userIdOf(req), count, req?.onlyIfEmpty !== false);
    return this.list.seedDemo(userIdOf(req), count, req?.onlyIfEmpty !== false);
  }
}
