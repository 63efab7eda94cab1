import { OrdersInit1763800000000 } from './1763800000000-orders-init';

/** Every migration of the orders schema, in order. Never edit one that has landed; add a new one. */
export const ORDERS_MIGRATIONS = [OrdersInit1763800000000];
