/** Roles: customers, and admins with admin_role 1 super or 2 normal (002 spec). */
export type Role = 'customer' | 'admin' | 'super';
export const AdminRole = { Super: 1, Normal: 2 } as const;

/** Identity verification status (000 spec): 0 unapplied, 1 approval, 2 pending. */
export const IdentityVerifyStatus = { Unapplied: 0, Approval: 1, Pending: 2 } as const;

/** The signed-in user as the web app sees it. */
export interface SessionUser {
  /** the account id (the spec's ラッコID) */
  id: number;
  email: string;
  last_name: string | null;
  first_name: string | null;
  role: Role;
  /** 1 super, 2 normal, null for customers */
  admin_role: 1 | 2 | null;
  is_admin: boolean;
  /** the RP balance from the orders service's ledger (0 when it does not answer) */
  point: number;
  /** the user information registration page has been completed */
  profile_completed: boolean;
  phone_authenticated: boolean;
  identity_verify_status: 0 | 1 | 2;
  two_factor_enabled: boolean;
  /** registered profile and verified (SMS, approved identity, or prior usage): buying is allowed */
  can_purchase?: boolean;
  /**
   * the account owes its second factor in this session (an admin who has not set up or not given it; an account with
   * two-factor on that has not given it): the header shows no マイページ until it is given (issue 26)
   */
  two_factor_pending?: boolean;
}

/** GET /session -> who is signed in (null for guests) and the CSRF token for state-changing calls. */
export interface SessionResult {
  user: SessionUser | null;
  csrfToken: string;
}

