import { Controller, Get, HttpCode, Inject, ServiceUnavailableException } from '@nestjs/common';
import IORedis from 'ioredis';
import { GATEWAY_REDIS } from '../tokens';

@Controller('health')
export class HealthController {
  constructor(@Inject(GATEWAY_REDIS) private readonly redis: IORedis) {}

  /** Liveness: the process answers. */
  @Get('live')
  @HttpCode(200)
  live() {
    return { status: 'ok' };
  }

  /** Readiness: Redis answers (the transport and the session store). */
  @Get('ready')
  async ready() {
    try {
      await this.redis.ping();
      return { status: 'ok', redis: 'ok' };
    } catch {
      throw new ServiceUnavailableException({ status: 'error', redis: 'down' });
    }
  }
}
