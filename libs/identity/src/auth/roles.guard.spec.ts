import type { ExecutionContext } from '@nestjs/common';
import type { Reflector } from '@nestjs/core';
import { M } from '@registrar/messages';
import { IdentityException } from '../identity.errors';
import type { UserEntity } from '../users/user.entity';
import type { UsersRepository } from '../users/users.repository';
import type { Access } from './roles.decorator';
import { inferAccess, RolesGuard } from './roles.guard';

const member: Partial<UserEntity> = { id: 100001, adminRole: null, sessionEpoch: 0, disabledAt: null, profileCompletedAt: new Date(), hasPriorUsage: false, phoneAuthenticated: null, identityVerifyStatus: 0, totpEnabledAt: null };

function newTestGuard(access: Access | undefined, user: Partial<UserEntity> | null, session: Record<string, unknown> = { userId: 100001, authEpoch: 0 }, path = '/x') {
  const reflector = { getAllAndOverride: jest.fn().mockReturnValue(access) } as unknown as Reflector;
  const users = { findById: jest.fn().mockResolvedValue(user) } as unknown as UsersRepository;
  const req: Record<string, unknown> = { path, session: { ...session, destroy: jest.fn((cb: () => void) => cb()) } };
  const ctx = { getType: () => 'http', getHandler: () => undefined, getClass: () => undefined, switchToHttp: () => ({ getRequest: () => req }) } as unknown as ExecutionContext;
  return { sut: new RolesGuard(reflector, users), ctx, req };
}

const answer = async (p: Promise<boolean>) => p.then(() => 200, (e: IdentityException) => ({ status: e.getStatus(), body: e.getResponse() as Record<string, unknown> }));

describe(RolesGuard.name, () => {
  it('infers member for /mypage, admin for /admin, public elsewhere', () => {
    expect(inferAccess('/mypage/domain/list')).toBe('member');
    expect(inferAccess('/admin/api/x')).toBe('admin');
    expect(inferAccess('/administrator')).toBe('public');
    expect(inferAccess('/domain/price/search')).toBe('public');
  });

  it('matches paths as routing does: any case, repeated slashes, escapes', () => {
    expect(inferAccess('/Mypage/cart')).toBe('member');
    expect(inferAccess('/MYPAGE')).toBe('member');
    expect(inferAccess('//mypage/cart')).toBe('member');
    expect(inferAccess('/%6Dypage/cart')).toBe('member');
    expect(inferAccess('/Admin/api/users')).toBe('admin');
  });

  it('lets anyone through a public route', async () => {
    const { sut, ctx } = newTestGuard('public', null, {});
    expect(await answer(sut.canActivate(ctx))).toBe(200);
  });

  it('answers 401 with the logout marker without a signed-in session', async () => {
    const { sut, ctx } = newTestGuard(undefined, null, {}, '/mypage/user');
    expect(await answer(sut.canActivate(ctx))).toMatchObject({ status: 401, body: { logout: true } });
  });

  it('ends a session signed in before a password change', async () => {
    const { sut, ctx, req } = newTestGuard('member', { ...member, sessionEpoch: 1 });
    expect(await answer(sut.canActivate(ctx))).toMatchObject({ status: 401, body: { logout: true } });
    expect((req.session as { destroy: jest.Mock }).destroy).toHaveBeenCalled();
  });

  it('holds an unverified member back from buying, saying what to do', async () => {
    const { sut, ctx } = newTestGuard('purchaser', member);
    expect(await answer(sut.canActivate(ctx))).toMatchObject({ status: 403, body: { message: M.verificationRequired, redirect: '/mypage/user/register' } });
    const noProfile = newTestGuard('purchaser', { ...member, profileCompletedAt: null, hasPriorUsage: true });
    expect(await answer(noProfile.sut.canActivate(noProfile.ctx))).toMatchObject({ status: 403, body: { message: M.profileRequired } });
  });

  it('lets a member buy once verified by SMS, identity approval or prior usage', async () => {
    for (const v of [{ phoneAuthenticated: '09012345678' }, { identityVerifyStatus: 1 as const }, { hasPriorUsage: true }]) {
      const { sut, ctx, req } = newTestGuard('purchaser', { ...member, ...v });
      expect(await answer(sut.canActivate(ctx))).toBe(200);
      expect((req.user as UserEntity).id).toBe(100001);
    }
  });

  it('needs an admin role and two-factor in this session for admin routes, role 1 for super routes', async () => {
    const admin = { ...member, adminRole: 2 as const, totpEnabledAt: new Date() };
    const customer = newTestGuard('admin', member);
    expect(await answer(customer.sut.canActivate(customer.ctx))).toMatchObject({ status: 403 });
    const no2fa = newTestGuard('admin', admin);
    expect(await answer(no2fa.sut.canActivate(no2fa.ctx))).toMatchObject({ status: 403, body: { message: M.adminNeedsTwoFactor } });
    const ok = newTestGuard('admin', admin, { userId: 100001, authEpoch: 0, twoFactorVerified: true });
    expect(await answer(ok.sut.canActivate(ok.ctx))).toBe(200);
    const normalOnSuper = newTestGuard('super', admin, { userId: 100001, authEpoch: 0, twoFactorVerified: true });
    expect(await answer(normalOnSuper.sut.canActivate(normalOnSuper.ctx))).toMatchObject({ status: 403, body: { message: M.forbidden } });
    const superOk = newTestGuard('super', { ...admin, adminRole: 1 }, { userId: 100001, authEpoch: 0, twoFactorVerified: true });
    expect(await answer(superOk.sut.canActivate(superOk.ctx))).toBe(200);
  });
});
