import 'reflect-metadata';
import { startService } from '@registrar/infra';
import { AdminServiceModule } from '@registrar/admin';

startService('admin', AdminServiceModule).catch((e) => {
  console.error(e);
  process.exit(1);
});
