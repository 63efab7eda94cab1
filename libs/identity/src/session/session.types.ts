import 'express-session';

declare module 'express-session' {
  interface SessionData {
    /** the signed-in account id */
    userId?: number;
    /** the CSRF token bound to this session */
    csrfToken?: string;
    /** set once the second factor was given at login (or set up) in this session */
    twoFactorVerified?: boolean;
    /** an account id that passed the password check and still owes its second factor */
    pendingTwoFactorUserId?: number;
    /** TOTP secret offered on the security page, waiting for its first code */
    pendingTotpSecret?: string;
    /** the account's session generation when signed in: a password change ends other sessions */
    authEpoch?: number;
    /** when the cookie's expiry was last pushed forward (SessionMiddleware: at most once an hour, not on every response) */
    cookieRefreshedAt?: number;
  }
}
