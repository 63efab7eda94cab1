/**
 * Boots the real catalog service (a microservice on the Redis transport, with its PostgreSQL schema, migrations
 * and the bundled master data) and the gateway's catalogue HTTP module on a random port, against the PostgreSQL
 * and Redis that the test runner started.
 */
import 'reflect-metadata';
import { INestMicroservice, Module, ValidationPipe } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ClientProxy } from '@nestjs/microservices';
import { NestExpressApplication } from '@nestjs/platform-express';
import type { AddressInfo } from 'node:net';
import { Client } from 'pg';
import { CatalogServiceModule } from '@registrar/catalog';
import { BullRpcClient, rpc, startService } from '@registrar/infra';
import { CatalogHttpModule } from '../../../libs/gateway/src/catalog/catalog-http.module';

@Module({ imports: [CatalogHttpModule] })
class GatewayCatalogTestModule {}

export interface CatalogHarness {
  url: string;
  service: INestMicroservice;
  gateway: NestExpressApplication;
  client: ClientProxy;
  db: Client;
  call<T>(pattern: string, payload?: unknown): Promise<T>;
  close(): Promise<void>;
}

/** Drops the catalog schema so the service starts from an empty database and loads the master data itself. */
export async function startCatalogHarness(): Promise<CatalogHarness> {
  process.env.NODE_ENV = 'test';
  process.env.GATEWAY_CATALOG_CACHE_MS = '30000';
  const db = new Client({ connectionString: process.env.DATABASE_URL });
  await db.connect();
  await db.query('DROP SCHEMA IF EXISTS catalog CASCADE');
  const service = await startService('catalog', CatalogServiceModule, process.env.REDIS_URL);
  const gateway = await NestFactory.create<NestExpressApplication>(GatewayCatalogTestModule, { logger: ['error'] });
  // the same global pipe as the gateway (libs/gateway/src/main.ts)
  gateway.useGlobalPipes(new ValidationPipe({ whitelist: true, transform: true, forbidNonWhitelisted: false }));
  await gateway.listen(0, '127.0.0.1');
  const port = (gateway.getHttpServer().address() as AddressInfo).port;
  const client = new BullRpcClient(process.env.REDIS_URL!);
  await client.connect();
  return {
    url: `http://127.0.0.1:${port}`,
    service, gateway, client, db,
    call: <T>(pattern: string, payload: unknown = {}) => rpc<T>(client, pattern, payload, 30_000),
    close: async () => {
      await client.close();
      await gateway.close();
      await service.close();
      await db.end();
    },
  };
}
