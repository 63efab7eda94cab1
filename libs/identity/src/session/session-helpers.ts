import type { Request } from 'express';
import type { SessionResult, SessionUser } from '@registrar/contracts';
import { canPurchase } from '../auth/access';
import type { UserEntity } from '../users/user.entity';
import { ensureCsrfToken } from './csrf';
import './session.types';

/** A new session id (at login and at every privilege change), keeping nothing of the old session. */
export function regenerateSession(req: Request): Promise<void> {
  return new Promise((resolve, reject) => req.session.regenerate((e) => (e ? reject(e) : resolve())));
}

export function saveSession(req: Request): Promise<void> {
  return new Promise((resolve, reject) => req.session.save((e) => (e ? reject(e) : resolve())));
}

export function destroySession(req: Request): Promise<void> {
  return new Promise((resolve) => (req.session ? req.session.destroy(() => resolve()) : resolve()));
}

export function toSessionUser(u: UserEntity, point = 0): SessionUser & { can_purchase: boolean } {
  const role = u.adminRole === 1 ? 'super' : u.adminRole === 2 ? 'admin' : 'customer';
  return {
    id: u.id,
    email: u.email,
    last_name: u.lastName,
    first_name: u.firstName,
    role,
    admin_role: u.adminRole,
    is_admin: u.adminRole !== null,
    point,
    profile_completed: Boolean(u.profileCompletedAt),
    phone_authenticated: Boolean(u.phoneAuthenticated),
    identity_verify_status: u.identityVerifyStatus,
    two_factor_enabled: Boolean(u.totpEnabledAt),
    can_purchase: canPurchase(u),
  };
}

export function sessionResult(req: Request, user: UserEntity | null, point = 0): SessionResult {
  return { user: user ? { ...toSessionUser(user, point), two_factor_pending: twoFactorPending(req, user) } : null, csrfToken: ensureCsrfToken(req) };
}

/** An admin (who must use two-factor) or an account with two-factor on that has not given it in this session. */
export function twoFactorPending(req: Request, user: UserEntity): boolean {
  return (user.adminRole !== null || Boolean(user.totpEnabledAt)) && !req.session?.twoFactorVerified;
}
