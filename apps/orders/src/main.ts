import 'reflect-metadata';
import { startService } from '@registrar/infra';
import { OrdersServiceModule } from '@registrar/orders';

startService('orders', OrdersServiceModule).catch((e) => {
  console.error(e);
  process.exit(1);
});
