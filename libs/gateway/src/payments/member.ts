import { createParamDecorator, ExecutionContext, ForbiddenException, UnauthorizedException } from '@nestjs/common';
import type { Request } from 'express';

/**
 * Who is calling, for the orders endpoints. The identity module's RolesGuard (global) checks access for every route
 * (paths under /mypage are member-only, under /admin admin-only, others as declared with Member()/Purchaser()/Public())
 * and sets req.user; these decorators only read it, and refuse when it is missing, so an orders endpoint fails closed
 * even if it were reached without the guard.
 */
type WithUser = Request & { user?: { id: number | string; adminRole?: number | null }; session?: { userId?: number } };

export const MemberId = createParamDecorator((_data: unknown, ctx: ExecutionContext): number => {
  const req = ctx.switchToHttp().getRequest<WithUser>();
  const id = Number(req.user?.id ?? 0);
  if (!Number.isSafeInteger(id) || id <= 0) throw new UnauthorizedException();
  return id;
});

/** A super admin (role 1) only: for the money calls (002 §6 gives normal admins domain management and the logs only). */
export const SuperAdminId = createParamDecorator((_data: unknown, ctx: ExecutionContext): number => {
  const req = ctx.switchToHttp().getRequest<WithUser>();
  const id = Number(req.user?.id ?? 0);
  if (!Number.isSafeInteger(id) || id <= 0) throw new UnauthorizedException();
  if (req.user?.adminRole !== 1) throw new ForbiddenException();
  return id;
});

/** The app's base URL for return addresses: APP_URL when configured, else the request's own origin. */
export function appUrlFor(req: Request, configured: string): string {
  return configured || `${req.protocol}://${req.get('host')}`;
}
