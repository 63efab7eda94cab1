import { Controller, Get, HttpCode, OnModuleDestroy, ServiceUnavailableException } from '@nestjs/common';
import { readiness, redisProbe } from '@registrar/infra';
import { GatewayConfig } from '../gateway.config';

@Controller('health')
export class HealthController implements OnModuleDestroy {
  /** a connection of its own that fails at once while Redis is away (the app's connections wait for it) */
  private readonly redis: ReturnType<typeof redisProbe>;

  constructor(private readonly config: GatewayConfig) {
    this.redis = redisProbe(config.REDIS_URL);
  }

  onModuleDestroy(): void {
    this.redis.close();
  }

  /** Liveness: the process answers. */
  @Get('live')
  @HttpCode(200)
  live() {
    return { status: 'ok' };
  }

  /** Readiness: Redis (the request queues and the session store) and PostgreSQL answer. */
  @Get('ready')
  async ready() {
    const r = await readiness({ redisUrl: this.config.REDIS_URL, databaseUrl: this.config.DATABASE_URL }, this.redis);
    if (!r.ok) throw new ServiceUnavailableException({ status: 'error', ...r.checks });
    return { status: 'ok', ...r.checks };
  }
}
