import { AdminInit1797300000100 } from './1797300000100-admin-init';

/** Every migration of the admin schema, in order. Never edit one that has landed; add a new one. */
export const ADMIN_MIGRATIONS = [AdminInit1797300000100];
