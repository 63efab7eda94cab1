import 'reflect-metadata';
import { startService } from '@registrar/infra';
import { DomainOpsServiceModule } from '@registrar/domain-ops';

startService('domain-ops', DomainOpsServiceModule).catch((e) => {
  console.error(e);
  process.exit(1);
});
