/** The tables of the domain_ops schema registry sync owns: none (it compares and corrects the shared domains; ADR 0036). */
export const REGISTRY_SYNC_TABLES = [] as const;

/** Registry sync's migrations: none yet; one that adds a table of its own goes here. */
export const REGISTRY_SYNC_MIGRATIONS: (new () => unknown)[] = [];
