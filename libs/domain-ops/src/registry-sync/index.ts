/**
 * Registry sync and reconciliation (a feature of domain-ops, the top of its layers): comparing our records with the
 * registry and resynchronising them (the admin's tool, the demo seeding), and the money reconciler that resumes or
 * refunds what a lost job left. For the composition (domain-ops.module.ts); see ../../README.md.
 */
import type { Provider, Type } from '@nestjs/common';
import { DemoRegistrySeeder } from './demo-registry.seeder';
import { DemoSeedRpcController } from './demo-seed.rpc.controller';
import { RegistrySyncRpcController } from './registry-sync.rpc.controller';
import { RegistrySyncService } from './registry-sync.service';

export { REGISTRY_SYNC_JOBS } from './registry-sync.jobs';
export { REGISTRY_SYNC_MIGRATIONS, REGISTRY_SYNC_TABLES } from './migrations';

export const REGISTRY_SYNC_PROVIDERS: Provider[] = [RegistrySyncService, DemoRegistrySeeder];
export const REGISTRY_SYNC_CONTROLLERS: Type[] = [RegistrySyncRpcController, DemoSeedRpcController];
