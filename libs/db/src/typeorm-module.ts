import { DynamicModule } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { migrateWithLock, ensureSchema, schemaDataSourceOptions, SchemaOptions } from './data-source';
import { ServiceDataSource } from './service-data-source';

/**
 * TypeOrmModule.forRootAsync for one service schema, named after the schema so several services can share a process.
 * Migrations are applied at boot under an advisory lock.
 */
export function schemaTypeOrmModule(o: SchemaOptions): DynamicModule {
  return TypeOrmModule.forRootAsync({
    name: o.schema,
    useFactory: async () => {
      await ensureSchema(o.schema, o.url);
      return { ...schemaDataSourceOptions(o), name: o.schema };
    },
    dataSourceFactory: async (options) => {
      const ds = new ServiceDataSource(options!);
      await ds.initialize();
      await migrateWithLock(ds, o.schema);
      return ds;
    },
  });
}
