export const GATEWAY_REDIS = Symbol('GATEWAY_REDIS');
