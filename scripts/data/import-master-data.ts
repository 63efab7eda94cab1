/**
 * Loads data/master into the catalog schema with the catalog service's own import code (the same the admin
 * TLD import screen calls). Idempotent: running it twice changes nothing the second time.
 *   DATABASE_URL=postgres://… [REDIS_URL=redis://…] node_modules/.bin/node -r @swc-node/register scripts/data/import-master-data.ts
 * With REDIS_URL, running services drop their cached catalogue at once.
 */
import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { CatalogImportService, CatalogServiceModule } from '@registrar/catalog';

async function main() {
  process.env.CATALOG_AUTOLOAD = '0';
  const app = await NestFactory.createApplicationContext(CatalogServiceModule, { logger: ['error', 'warn'] });
  try {
    const r = await app.get(CatalogImportService).import({ kind: 'all' });
    console.log(r.message);
    for (const e of r.errors) console.log(`  ${e}`);
    process.exitCode = r.result ? 0 : 1;
  } finally {
    await app.close();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
