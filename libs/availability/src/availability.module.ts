import { Inject, Logger, Module, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { BullModule } from '@nestjs/bullmq';
import type IORedis from 'ioredis';
import { CATALOG_CLIENT, QueueName } from '@registrar/contracts';
import { bullRootModule, createRedis, loadConfig, rpcClientModule } from '@registrar/infra';
import { AvailabilityConfig } from './availability.config';
import { AvailabilityRpcController } from './availability.rpc.controller';
import { AvailabilityProcessor, AvailabilityQueue } from './check/availability.queue';
import { AvailabilityService } from './check/availability.service';
import { CheckAvailabilityJob } from './check/check-availability.job';
import { CheckCacheRepository } from './check/check-cache.repository';
import { DispatchService } from './dispatch/dispatch.service';
import { registryPortProvider } from './registry/epp-registry.adapter';
import { REGISTRY_PORT, type RegistryPort } from './registry/registry.port';
import { AVAILABILITY_REDIS } from './tokens';

/** The availability service: domain search dispatch and registry checks as BullMQ jobs (QueueName.Availability). */
@Module({
  imports: [rpcClientModule(CATALOG_CLIENT), bullRootModule(), BullModule.registerQueue({ name: QueueName.Availability })],
  controllers: [AvailabilityRpcController],
  providers: [
    { provide: AvailabilityConfig, useFactory: () => loadConfig(AvailabilityConfig) },
    { provide: AVAILABILITY_REDIS, useFactory: (c: AvailabilityConfig) => createRedis(c.REDIS_URL), inject: [AvailabilityConfig] },
    registryPortProvider,
    CheckCacheRepository,
    CheckAvailabilityJob,
    AvailabilityQueue,
    AvailabilityProcessor,
    AvailabilityService,
    DispatchService,
  ],
  exports: [AvailabilityService, AvailabilityQueue],
})
export class AvailabilityServiceModule implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('AvailabilityServiceModule');

  constructor(
    @Inject(AVAILABILITY_REDIS) private readonly redis: IORedis,
    @Inject(REGISTRY_PORT) private readonly registry: RegistryPort & { close?: () => Promise<void>; warmUp?: (n: number) => Promise<void> },
    private readonly config: AvailabilityConfig,
  ) {}

  /** Opens EPP sessions in the background; a registry that is not up yet only delays the first search. */
  onApplicationBootstrap(): void {
    const n = this.config.AVAILABILITY_EPP_WARM_SESSIONS;
    if (n > 0 && this.registry.warmUp) {
      this.registry.warmUp(n).catch((e: Error) => this.logger.warn(`EPP warm-up: ${e.message} (sessions open on first use)`));
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.registry.close?.().catch(() => undefined);
    await this.redis.quit().catch(() => undefined);
  }
}
