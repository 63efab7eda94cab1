import { Provider } from '@nestjs/common';
import { createEppClientFromEnv } from '@registrar/epp';
import { AvailabilityConfig } from '../availability.config';
import { REGISTRY_PORT, RegistryCheckAnswer, RegistryCheckError, RegistryPort } from './registry.port';

/** The part of the EPP client (@registrar/epp) the adapter uses. */
export interface EppCheckClient {
  check(names: string[]): Promise<{ name: string; avail: boolean; reason?: string }[]>;
}

/** RegistryPort over the EPP client pool: one domain:check command per call. */
export class EppRegistryAdapter implements RegistryPort {
  constructor(private readonly client: EppCheckClient) {}

  async check(names: string[]): Promise<RegistryCheckAnswer[]> {
    try {
      const answers = await this.client.check(names);
      return answers.map((a) => ({ name: a.name.toLowerCase(), available: a.avail, ...(a.reason ? { reason: a.reason } : {}) }));
    } catch (e) {
      const code = (e as { code?: unknown }).code;
      throw new RegistryCheckError(`EPP domain:check of ${names.length} names failed: ${(e as Error).message}`, typeof code === 'number' ? code : undefined);
    }
  }
}

/** REGISTRY_PORT: this service's own EPP pool (AVAILABILITY_EPP_POOL_SIZE sessions), closed at shutdown. */
export const registryPortProvider: Provider = {
  provide: REGISTRY_PORT,
  useFactory: (config: AvailabilityConfig): RegistryPort & { close(): Promise<void>; warmUp(n: number): Promise<void> } => {
    const pool = createEppClientFromEnv(undefined, { poolSize: config.AVAILABILITY_EPP_POOL_SIZE, commandTimeoutMs: config.AVAILABILITY_EPP_TIMEOUT_MS, trIdPrefix: 'avail' });
    const adapter = new EppRegistryAdapter(pool);
    return { check: (names) => adapter.check(names), close: () => pool.close(), warmUp: (n: number) => pool.warmUp(n) };
  },
  inject: [AvailabilityConfig],
};
