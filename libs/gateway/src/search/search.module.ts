import { Module } from '@nestjs/common';
import { AVAILABILITY_CLIENT } from '@registrar/contracts';
import { createRedis, rpcClientModule } from '@registrar/infra';
import { SearchController } from './search.controller';
import { SEARCH_REDIS, SearchRateLimiter } from './search.rate-limiter';

/** Domain search at the HTTP edge: dispatch, availability checks (as jobs in the availability service), claim check, form posts. */
@Module({
  imports: [rpcClientModule(AVAILABILITY_CLIENT)],
  controllers: [SearchController],
  providers: [
    { provide: SEARCH_REDIS, useFactory: () => createRedis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379') },
    SearchRateLimiter,
  ],
})
export class SearchModule {}
