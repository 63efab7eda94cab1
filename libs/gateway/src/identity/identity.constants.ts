export const IDENTITY_SCHEMA = 'identity';
/** The Redis connection used for sessions, throttles and SMS codes. */
export const IDENTITY_REDIS = Symbol('IDENTITY_REDIS');
export const SESSION_COOKIE = 'registrar_session';
/** A guest's CSRF token (double-submit cookie) until the session holds something and gets its own token. */
export const GUEST_CSRF_COOKIE = 'registrar_csrf';
