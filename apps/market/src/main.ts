import 'reflect-metadata';
import { startService } from '@registrar/infra';
import { MarketServiceModule } from '@registrar/market';

startService('market', MarketServiceModule).catch((e) => {
  console.error(e);
  process.exit(1);
});
