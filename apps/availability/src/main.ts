import 'reflect-metadata';
import { startService } from '@registrar/infra';
import { AvailabilityServiceModule } from '@registrar/availability';

startService('availability', AvailabilityServiceModule).catch((e) => {
  console.error(e);
  process.exit(1);
});
