import { startGateway } from '@registrar/gateway';

startGateway().catch((e) => {
  console.error(e);
  process.exit(1);
});
