import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { M } from '@registrar/messages';
import { IdentityErrorCode, IdentityException } from '../identity.errors';
import { UsersRepository } from '../users/users.repository';
import { canPurchase } from './access';
import { normalisedPath } from '@registrar/infra';
import { Access, ACCESS_KEY, AuthedRequest } from './roles.decorator';

export function inferAccess(rawPath: string): Access {
  const path = normalisedPath(rawPath);
  if (/^\/mypage(\/|$)/.test(path)) return 'member';
  if (/^\/admin(\/|$)/.test(path)) return 'admin';
  return 'public';
}

/**
 * Checks every HTTP route against its declared access (see roles.decorator.ts). A session whose account is gone or
 * disabled, or was signed in before a password change, is ended here and the answer carries the logout marker.
 */
@Injectable()
export class RolesGuard implements CanActivate {
  constructor(private readonly reflector: Reflector, private readonly users: UsersRepository) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    if (ctx.getType() !== 'http') return true;
    const req = ctx.switchToHttp().getRequest<AuthedRequest>();
    const access = this.reflector.getAllAndOverride<Access | undefined>(ACCESS_KEY, [ctx.getHandler(), ctx.getClass()]) ?? inferAccess(req.originalUrl ?? req.path);
    if (access === 'public') return true;

    const userId = req.session?.userId;
    if (!userId) throw new IdentityException(IdentityErrorCode.NotSignedIn, { logout: true });
    const user = await this.users.findById(userId);
    if (!user || user.disabledAt || (req.session.authEpoch ?? 0) !== user.sessionEpoch) {
      await new Promise<void>((resolve) => req.session.destroy(() => resolve()));
      throw new IdentityException(IdentityErrorCode.SessionEnded, { logout: true });
    }
    req.user = user;
    if (access === 'member') return true;
    if (access === 'purchaser') {
      if (!user.profileCompletedAt) throw new IdentityException(IdentityErrorCode.VerificationRequired, { redirect: '/mypage/user/register' }, M.profileRequired);
      if (!canPurchase(user)) throw new IdentityException(IdentityErrorCode.VerificationRequired, { redirect: '/mypage/user/register' });
      return true;
    }
    if (user.adminRole !== 1 && user.adminRole !== 2) throw new IdentityException(IdentityErrorCode.Forbidden);
    if (!user.totpEnabledAt || !req.session.twoFactorVerified) throw new IdentityException(IdentityErrorCode.AdminNeedsTwoFactor);
    if (access === 'super' && user.adminRole !== 1) throw new IdentityException(IdentityErrorCode.Forbidden);
    return true;
  }
}
