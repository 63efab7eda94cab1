import { Module } from '@nestjs/common';
import { loadConfig } from '@registrar/infra';
import { ForwarderConfig } from './forwarder.config';
import { ForwarderServer } from './forwarder.server';

/** The forwarder process (apps/forwarder): the HTTP(S) redirect server of URL forwarding. */
@Module({
  providers: [{ provide: ForwarderConfig, useFactory: () => loadConfig(ForwarderConfig) }, ForwarderServer],
})
export class ForwarderModule {}
