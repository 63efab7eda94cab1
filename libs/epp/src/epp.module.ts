import { DynamicModule, Inject, Injectable, Module, OnApplicationShutdown, Optional } from '@nestjs/common';
import { EppClientPool } from './client/epp-client-pool';
import { eppClientOptionsFromEnv, EppClientOptions } from './client/epp-client.config';
import { REGISTRAR_LOG_SINK, RegistrarLogSink } from './registrar-log/registrar-log.types';

export const EPP_CLIENT = Symbol('EPP_CLIENT');

@Injectable()
class EppClientLifecycle implements OnApplicationShutdown {
  constructor(@Inject(EPP_CLIENT) private readonly pool: EppClientPool, @Optional() @Inject(REGISTRAR_LOG_SINK) private readonly sink?: RegistrarLogSink) {}
  async onApplicationShutdown(): Promise<void> {
    await this.pool.close();
    await this.sink?.close();
  }
}

/**
 * Provides the EPP client pool as EPP_CLIENT, configured from the environment (EPP_HOST, EPP_PORT, EPP_CLIENT_ID, …).
 * The registrar-log sink comes from the importing service: provide REGISTRAR_LOG_SINK (e.g. a PostgresRegistrarLogSink
 * over the domain_ops connection) through `sinkModule`, or none to log nothing.
 *
 *   EppModule.forRoot({ imports: [DomainOpsDbModule], sinkProvider: { provide: REGISTRAR_LOG_SINK, useFactory: (ds) => new PostgresRegistrarLogSink(ds), inject: [getDataSourceToken('domain_ops')] } })
 */
@Module({})
export class EppModule {
  static forRoot(o: { options?: Partial<EppClientOptions>; imports?: DynamicModule['imports']; sinkProvider?: any } = {}): DynamicModule {
    return {
      module: EppModule,
      imports: o.imports ?? [],
      providers: [
        ...(o.sinkProvider ? [o.sinkProvider] : []),
        {
          provide: EPP_CLIENT,
          useFactory: (sink?: RegistrarLogSink) => new EppClientPool({ ...eppClientOptionsFromEnv(), ...o.options }, sink),
          inject: [{ token: REGISTRAR_LOG_SINK, optional: true }],
        },
        EppClientLifecycle,
      ],
      exports: [EPP_CLIENT],
    };
  }
}

/** Without Nest: a pool from the environment. */
export function createEppClientFromEnv(sink?: RegistrarLogSink, overrides: Partial<EppClientOptions> = {}): EppClientPool {
  return new EppClientPool({ ...eppClientOptionsFromEnv(), ...overrides }, sink);
}
