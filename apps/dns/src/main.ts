import 'reflect-metadata';
import { startService } from '@registrar/infra';
import { DnsServiceModule } from '@registrar/dns';

startService('dns', DnsServiceModule).catch((e) => {
  console.error(e);
  process.exit(1);
});
