import 'reflect-metadata';
import { INestApplicationContext, INestMicroservice, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MicroserviceOptions } from '@nestjs/microservices';
import { createLogger, PinoNestLogger } from './logger';
import { redisTransport } from './rpc';

/**
 * Starts one service module as a microservice on the Redis transport.
 * apps/<service>/src/main.ts calls this; the local runtime calls it for every service in one process.
 */
export async function startService(name: string, module: Type<unknown>, redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'): Promise<INestMicroservice> {
  const logger = createLogger(name);
  const app = await NestFactory.createMicroservice<MicroserviceOptions>(module, {
    ...redisTransport(redisUrl),
    logger: new PinoNestLogger(logger),
  } as MicroserviceOptions);
  app.enableShutdownHooks();
  await app.listen();
  logger.info({ redis: redisUrl.replace(/:[^:@/]*@/, ':***@') }, `${name} service listening on the Redis transport`);
  return app;
}

/** Closes Nest applications in reverse start order. */
export async function closeAll(apps: INestApplicationContext[]): Promise<void> {
  for (const app of [...apps].reverse()) {
    try { await app.close(); } catch { /* already closed */ }
  }
}
