import { CreateRegistrarLog1795000000000 } from '@registrar/epp';
import { DomainOpsInit1795500000000 } from './1795500000000-domain-ops-init';

/** Every migration of the domain_ops schema, in order. Never edit one that has landed; add a new one. */
export const DOMAIN_OPS_MIGRATIONS = [CreateRegistrarLog1795000000000, DomainOpsInit1795500000000];
