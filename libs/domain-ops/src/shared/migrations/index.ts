import { CreateRegistrarLog1795000000000 } from '@registrar/epp';
import { DomainOpsInit1795500000000 } from './1795500000000-domain-ops-init';

/**
 * The tables of the domain_ops schema that every feature reads and writes (ADR 0036): the owned domains and their name
 * servers, the contacts, the action log, and the registrar log (the EPP client's, its migration from libs/epp).
 */
export const SHARED_TABLES = ['domains', 'domain_name_servers', 'contacts', 'action_logs', 'registrar_log'] as const;

/**
 * The shared migrations. The init is history: it created the first tables of several features at once (the default
 * settings and prerequisites of the portfolio, the registration orders of the lifecycle) before they had folders;
 * those tables are owned by their feature now (its `*_TABLES`), and a new change to them is a migration in its folder.
 */
export const SHARED_MIGRATIONS = [CreateRegistrarLog1795000000000, DomainOpsInit1795500000000];
