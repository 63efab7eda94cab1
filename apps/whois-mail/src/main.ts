import 'reflect-metadata';
import { startService } from '@registrar/infra';
import { WhoisMailServiceModule } from '@registrar/whois-mail';

startService('whois-mail', WhoisMailServiceModule).catch((e) => {
  console.error(e);
  process.exit(1);
});
