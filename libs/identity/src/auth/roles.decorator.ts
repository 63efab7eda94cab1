import { createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import type { Request } from 'express';
import type { UserEntity } from '../users/user.entity';

/**
 * Who may call an endpoint; checked on the server by RolesGuard for every route.
 * - public: anyone (state-changing calls still need the CSRF token)
 * - member: a signed-in account
 * - purchaser: a member whose profile is registered and who is verified (SMS, identity, or prior usage)
 * - admin: an admin (role 1 super or 2 normal) who has passed two-factor authentication in this session
 * - super: a super admin (role 1), same two-factor rule
 * Without a decorator, paths under /mypage are member-only and paths under /admin admin-only; anything else is public.
 */
export type Access = 'public' | 'member' | 'purchaser' | 'admin' | 'super';
export const ACCESS_KEY = 'registrar:access';

export const Public = () => SetMetadata(ACCESS_KEY, 'public' satisfies Access);
export const Member = () => SetMetadata(ACCESS_KEY, 'member' satisfies Access);
export const Purchaser = () => SetMetadata(ACCESS_KEY, 'purchaser' satisfies Access);
export const Admin = () => SetMetadata(ACCESS_KEY, 'admin' satisfies Access);
export const SuperAdmin = () => SetMetadata(ACCESS_KEY, 'super' satisfies Access);

export interface AuthedRequest extends Request {
  user?: UserEntity;
}

/** The signed-in account (set by RolesGuard on member, admin and super routes). */
export const CurrentUser = createParamDecorator((_data: unknown, ctx: ExecutionContext) => ctx.switchToHttp().getRequest<AuthedRequest>().user);
