import 'reflect-metadata';
import { INestApplicationContext, INestMicroservice, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { createLogger, PinoNestLogger } from './logger';
import { BullRpcServer } from './rpc';
import { startHealthServer } from './health';

/**
 * Starts one service module as a microservice consuming its request queue `rpc-<name>` (BullMQ, docs/adr/0008-
 * rpc-over-bullmq.md). With HEALTH_PORT set, the process also answers /health/live and /health/ready on that port.
 * apps/<service>/src/main.ts calls this; the local runtime calls it for every service in one process.
 */
export async function startService(name: string, module: Type<unknown>, redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'): Promise<INestMicroservice> {
  const logger = createLogger(name);
  const strategy = new BullRpcServer({ service: name, redisUrl, concurrency: Number(process.env.RPC_CONCURRENCY) || undefined });
  const app = await NestFactory.createMicroservice(module, { strategy, logger: new PinoNestLogger(logger) });
  app.enableShutdownHooks();
  await app.listen();
  logger.info({ redis: redisUrl.replace(/:[^:@/]*@/, ':***@'), queues: strategy.queueNames() }, `${name} service listening on its request queue`);
  if (process.env.HEALTH_PORT) {
    const health = await startHealthServer(Number(process.env.HEALTH_PORT), { redisUrl, databaseUrl: process.env.DATABASE_URL, extra: { requests: () => strategy.isReady() } });
    logger.info({ port: health.port }, `${name} health on /health/live and /health/ready`);
    const close = app.close.bind(app);
    app.close = async () => {
      await health.close();
      await close();
    };
  }
  return app;
}

/** Closes Nest applications in reverse start order. */
export async function closeAll(apps: INestApplicationContext[]): Promise<void> {
  for (const app of [...apps].reverse()) {
    try { await app.close(); } catch { /* already closed */ }
  }
}
