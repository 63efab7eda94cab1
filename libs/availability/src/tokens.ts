/** The availability service's own Redis connection (cache; BullMQ makes its own connections). */
export const AVAILABILITY_REDIS = Symbol('AVAILABILITY_REDIS');
