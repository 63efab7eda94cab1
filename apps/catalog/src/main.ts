import 'reflect-metadata';
import { startService } from '@registrar/infra';
import { CatalogServiceModule } from '@registrar/catalog';

startService('catalog', CatalogServiceModule).catch((e) => {
  console.error(e);
  process.exit(1);
});
