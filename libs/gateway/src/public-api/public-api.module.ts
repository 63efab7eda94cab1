import { Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import type IORedis from 'ioredis';
import { AVAILABILITY_CLIENT, CATALOG_CLIENT, DNS_CLIENT, DOMAIN_OPS_CLIENT } from '@registrar/contracts';
import { createRedis, rpcClientModule } from '@registrar/infra';
import { DnsClient } from '../dns/dns.client';
import { IdentityModule } from '@registrar/identity';
import { OperationsHttpModule } from '../operations/operations.module';
import { DomainOpsClient } from '../purchase/domain-ops.client';
import { ApiConfig, apiConfig } from './api.config';
import { ApiKeyGuard } from './api-key.guard';
import { API_REDIS, ApiRateLimiter } from './api-rate-limiter';
import { ApiV1Controller, ApiV1FallbackController } from './api-v1.controller';
import { ApiV1DnssecController } from './api-v1-dnssec.controller';
import { ApiV1ZoneController } from './api-v1-zone.controller';
import { OpenApiController, OpenApiDocumentHolder } from './openapi';
import { ForwardingApiService } from './forwarding-api';
import { PublicApiService } from './public-api.service';

/**
 * The public API v1 under /api/v1 (docs/public-api.md): API-key authentication, the IP allow-list and per-key rate
 * limits, the same service calls as the web app, jobs to poll, and the OpenAPI document generated from this module.
 */
@Module({
  imports: [
    IdentityModule, OperationsHttpModule,
    rpcClientModule(DOMAIN_OPS_CLIENT), rpcClientModule(DNS_CLIENT), rpcClientModule(AVAILABILITY_CLIENT), rpcClientModule(CATALOG_CLIENT),
  ],
  // the fallback (any other /api/v1 path answers a JSON 404) must be registered after every API route
  controllers: [OpenApiController, ApiV1Controller, ApiV1DnssecController, ApiV1ZoneController, ApiV1FallbackController],
  providers: [
    { provide: ApiConfig, useFactory: apiConfig },
    { provide: API_REDIS, useFactory: (c: ApiConfig) => createRedis(c.REDIS_URL), inject: [ApiConfig] },
    DomainOpsClient, DnsClient, ApiRateLimiter, ApiKeyGuard, PublicApiService, ForwardingApiService, OpenApiDocumentHolder,
  ],
  exports: [OpenApiDocumentHolder],
})
export class PublicApiModule implements OnApplicationShutdown {
  constructor(@Inject(API_REDIS) private readonly redis: IORedis) {}

  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => undefined);
  }
}
