/**
 * Boots the real catalog and availability services (microservices on the Redis transport; the catalog loads the
 * bundled master data, the availability service runs its BullMQ worker and talks EPP to the simulator the test runner
 * started) and the gateway's search module on a random port.
 */
import 'reflect-metadata';
import { INestMicroservice, Module, ValidationPipe } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ClientProxy } from '@nestjs/microservices';
import { NestExpressApplication } from '@nestjs/platform-express';
import type { AddressInfo } from 'node:net';
import { AvailabilityQueue, AvailabilityServiceModule } from '@registrar/availability';
import { CatalogServiceModule } from '@registrar/catalog';
import { BullRpcClient, rpc, startService } from '@registrar/infra';
import { SearchModule } from '../../../libs/gateway/src/search/search.module';

@Module({ imports: [SearchModule] })
class GatewaySearchTestModule {}

export interface AvailabilityHarness {
  url: string;
  queue: AvailabilityQueue;
  call<T>(pattern: string, payload?: unknown): Promise<T>;
  close(): Promise<void>;
}

export async function startAvailabilityHarness(): Promise<AvailabilityHarness> {
  process.env.NODE_ENV = 'test';
  const catalog: INestMicroservice = await startService('catalog', CatalogServiceModule, process.env.REDIS_URL);
  const availability: INestMicroservice = await startService('availability', AvailabilityServiceModule, process.env.REDIS_URL);
  const gateway = await NestFactory.create<NestExpressApplication>(GatewaySearchTestModule, { logger: ['error'] });
  gateway.useGlobalPipes(new ValidationPipe({ whitelist: true, transform: true, forbidNonWhitelisted: false }));
  await gateway.listen(0, '127.0.0.1');
  const port = (gateway.getHttpServer().address() as AddressInfo).port;
  const client: ClientProxy = new BullRpcClient(process.env.REDIS_URL!);
  await client.connect();
  return {
    url: `http://127.0.0.1:${port}`,
    queue: availability.get(AvailabilityQueue),
    call: <T>(pattern: string, payload: unknown = {}) => rpc<T>(client, pattern, payload, 30_000),
    close: async () => {
      await client.close();
      await gateway.close();
      await availability.close();
      await catalog.close();
    },
  };
}
