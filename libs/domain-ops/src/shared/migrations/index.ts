import { CreateRegistrarLog1795000000000 } from '@registrar/epp';
import { DomainOpsInit1795500000000 } from './1795500000000-domain-ops-init';
import { DomainFollowUps17979100000000 } from './17979100000000-domain-follow-ups';

/**
 * The tables of the domain_ops schema that every feature reads and writes (ADR 0036): the owned domains and their name
 * servers, the contacts, the action log, the registrar log (the EPP client's, its migration from libs/epp), and the
 * follow-ups of registered domains (marked by the domain's record, run by the lifecycle: ADR 0060).
 */
export const SHARED_TABLES = ['domains', 'domain_name_servers', 'contacts', 'action_logs', 'registrar_log', 'domain_follow_ups'] as const;

/**
 * The shared migrations. The init is history: it created the first tables of several features at once (the default
 * settings and prerequisites of the portfolio, the registration orders of the lifecycle) before they had folders;
 * those tables are owned by their feature now (its `*_TABLES`), and a new change to them is a migration in its folder.
 */
export const SHARED_MIGRATIONS = [CreateRegistrarLog1795000000000, DomainOpsInit1795500000000, DomainFollowUps17979100000000];
