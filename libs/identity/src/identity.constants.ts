export const IDENTITY_SCHEMA = 'identity';
/** The Redis connection used for sessions, throttles and SMS codes. */
export const IDENTITY_REDIS = Symbol('IDENTITY_REDIS');
export const SESSION_COOKIE = 'registrar_session';
/** A guest's CSRF token (double-submit cookie) until the session holds something and gets its own token. */
export const GUEST_CSRF_COOKIE = 'registrar_csrf';
/** a browser that completed a sign-in: its own login failure count (issue 23, finding 10) */
export const DEVICE_COOKIE = 'registrar_device';
