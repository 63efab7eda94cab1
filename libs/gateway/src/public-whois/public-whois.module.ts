import { Module } from '@nestjs/common';
import { DOMAIN_OPS_CLIENT } from '@registrar/contracts';
import { createRedis, loadConfig, rpcClientModule } from '@registrar/infra';
import { SEARCH_REDIS, SearchRateLimiter } from '../search/search.rate-limiter';
import { PublicToolsConfig } from './public-tools.config';
import { PublicWhoisService } from './public-whois.service';
import { RdapController } from './rdap.controller';
import { WhoisSearchController } from './whois-search.controller';
import { ConnectionCheckController } from '../connection-check/connection-check.controller';
import { ConnectionCheckService } from '../connection-check/connection-check.service';

/**
 * Public tools: RDAP of our domains, the WHOIS lookup page's call, (started by startGateway) the port-43 server, and
 * the website connection check.
 */
@Module({
  imports: [rpcClientModule(DOMAIN_OPS_CLIENT)],
  controllers: [RdapController, WhoisSearchController, ConnectionCheckController],
  providers: [
    { provide: PublicToolsConfig, useFactory: () => loadConfig(PublicToolsConfig) },
    { provide: SEARCH_REDIS, useFactory: () => createRedis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379') },
    SearchRateLimiter,
    PublicWhoisService,
    ConnectionCheckService,
  ],
  exports: [PublicWhoisService, PublicToolsConfig],
})
export class PublicWhoisModule {}
