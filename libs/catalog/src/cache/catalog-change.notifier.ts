import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import IORedis from 'ioredis';
import { CatalogEvents } from '@registrar/contracts';
import { CATALOG_REDIS_PUB, CATALOG_REDIS_SUB } from '../catalog.constants';

/**
 * Tells every replica (and the gateway's response cache) that the catalogue changed, over Redis pub/sub,
 * and runs the local listeners at once so that the replica that imported never serves stale data.
 */
@Injectable()
export class CatalogChangeNotifier implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(CatalogChangeNotifier.name);
  private readonly listeners: (() => void)[] = [];

  constructor(@Inject(CATALOG_REDIS_PUB) private readonly pub: IORedis, @Inject(CATALOG_REDIS_SUB) private readonly sub: IORedis) {}

  async onModuleInit(): Promise<void> {
    this.sub.on('message', (channel: string) => {
      if (channel === CatalogEvents.Changed) this.runListeners();
    });
    await this.sub.subscribe(CatalogEvents.Changed);
  }

  async onModuleDestroy(): Promise<void> {
    await Promise.allSettled([this.sub.quit(), this.pub.quit()]);
  }

  onChange(fn: () => void): void {
    this.listeners.push(fn);
  }

  async changed(kind: string): Promise<void> {
    this.runListeners();
    try {
      await this.pub.publish(CatalogEvents.Changed, kind);
    } catch (e) {
      this.logger.warn(`could not publish the catalogue change: ${(e as Error).message}`);
    }
  }

  private runListeners(): void {
    for (const fn of this.listeners) fn();
  }
}
