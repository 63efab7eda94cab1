import 'reflect-metadata';
import { ForwarderModule } from '@registrar/dns';
import { startService } from '@registrar/infra';

// the URL forwarding server (docs/forwarding.md): HTTP(S) redirects by Host header, rules from PostgreSQL
startService('forwarder', ForwarderModule).catch((e) => {
  console.error(e);
  process.exit(1);
});
