import { CreateRegistrarLog1795000000000 } from '@registrar/epp';
import { DomainOpsInit1795500000000 } from './1795500000000-domain-ops-init';
import { DomainList1795533250219 } from './1795533250219-domain-list';

/** Every migration of the domain_ops schema, in order. Never edit one that has landed; add a new one. */
export const DOMAIN_OPS_MIGRATIONS = [CreateRegistrarLog1795000000000, DomainOpsInit1795500000000, DomainList1795533250219];
