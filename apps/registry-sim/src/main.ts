import 'reflect-metadata';
import { startRegistrySim } from '@registrar/registry-sim';

startRegistrySim()
  .then((sim) => {
    const stop = () => sim.stop().then(() => process.exit(0), () => process.exit(1));
    process.on('SIGTERM', stop);
    process.on('SIGINT', stop);
  })
  .catch((e) => {
    console.error(e);
    process.exit(1);
  });
