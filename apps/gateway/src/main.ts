import 'reflect-metadata';
import { startGateway } from '@registrar/gateway';

startGateway().catch((e) => {
  console.error(e);
  process.exit(1);
});
