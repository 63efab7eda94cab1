import { M } from '@registrar/messages';
import { FieldErrorsException, IdentityErrorCode, IdentityException } from '../identity.errors';
import type { MailOutbox } from '@registrar/mail';
import type { UserEntity } from '../users/user.entity';
import type { UsersRepository } from '../users/users.repository';
import type { ChangeNoticeService } from '../account/change-notice.service';
import type { TwoFactorService } from '../two-factor/two-factor.service';
import { AuthService } from './auth.service';
import type { LoginThrottleService } from './login-throttle.service';
import type { PasswordService } from './password.service';

const now = new Date('2026-11-22T00:00:00Z');

function newTestService(user: Partial<UserEntity> | null = null) {
  const users = {
    findByEmail: jest.fn().mockResolvedValue(user),
    findById: jest.fn().mockResolvedValue(user),
    create: jest.fn().mockImplementation(async (v: Partial<UserEntity>) => ({ id: 100001, ...v })),
    update: jest.fn(),
    issueToken: jest.fn().mockResolvedValue('tok'),
    consumeToken: jest.fn(),
    bumpSessionEpoch: jest.fn(),
  };
  const passwords = { hash: jest.fn().mockResolvedValue('hash'), verify: jest.fn().mockResolvedValue(true) };
  const throttle = {
    attempt: jest.fn().mockResolvedValue(0), succeeded: jest.fn(),
    attemptDetail: jest.fn().mockImplementation(async () => ({ wait: await throttle.attempt(), by: (await throttle.attempt()) > 0 ? 'account' : null })),
    addressAttempt: jest.fn().mockResolvedValue(0), knownDevice: jest.fn().mockResolvedValue(false), deviceAttempt: jest.fn().mockResolvedValue(0), deviceSucceeded: jest.fn(),
  };
  const mailer = { send: jest.fn() };
  const notices = { passwordChanged: jest.fn() };
  const twoFactor = { verifyLogin: jest.fn().mockResolvedValue(false) };
  const sut = new AuthService(users as unknown as UsersRepository, passwords as unknown as PasswordService, throttle as unknown as LoginThrottleService, mailer as unknown as MailOutbox, notices as unknown as ChangeNoticeService, twoFactor as unknown as TwoFactorService, { now: () => now });
  return { sut, users, passwords, throttle, mailer, twoFactor };
}

const confirmed: Partial<UserEntity> = { id: 100001, email: 'a@example.test', passwordHash: 'h', emailVerifiedAt: now, totpEnabledAt: null, disabledAt: null, adminRole: null };

describe(AuthService.name, () => {
  it('signs up with a confirmation link mailed to the address', async () => {
    const { sut, mailer, users } = newTestService(null);
    await sut.register('a@example.test', 'long enough', 'long enough', 'https://app.example');
    expect(users.create).toHaveBeenCalledWith({ email: 'a@example.test', passwordHash: 'hash' });
    expect(mailer.send).toHaveBeenCalledWith(expect.objectContaining({ template: 'account.confirm-sign-up', to: 'a@example.test', params: { link: 'https://app.example/register/confirm?token=tok' } }));
  });

  it('refuses an address already confirmed, and names bad fields', async () => {
    await expect(newTestService(confirmed).sut.register('a@example.test', 'long enough', 'long enough', '')).rejects.toBeInstanceOf(FieldErrorsException);
    const e = await newTestService(null).sut.register('bad', 'short', 'short', '').catch((x: FieldErrorsException) => x.getResponse());
    expect(e).toMatchObject({ errors: { email: ['メールアドレスを正しく入力してください'], password: [M.passwordRule] } });
  });

  it('counts every attempt before checking it, and gives a good one back', async () => {
    const t = newTestService(confirmed);
    t.passwords.verify.mockResolvedValue(false);
    await expect(t.sut.login('a@example.test', 'x', '10.0.0.1')).rejects.toMatchObject({ code: IdentityErrorCode.BadCredentials });
    expect(t.throttle.attemptDetail).toHaveBeenCalledWith('login', 'a@example.test', '10.0.0.1');
    expect(t.throttle.succeeded).not.toHaveBeenCalled();
    t.passwords.verify.mockResolvedValue(true);
    await t.sut.login('a@example.test', 'right', '10.0.0.1');
    expect(t.throttle.succeeded).toHaveBeenCalledWith('login', 'a@example.test', '10.0.0.1');
  });

  it('fixes no password on a second unconfirmed sign-up: its password travels with its own link (issue 23)', async () => {
    const t = newTestService({ ...confirmed, emailVerifiedAt: null });
    await t.sut.register('a@example.test', 'another password', 'another password', 'https://app.example');
    expect(t.users.update).not.toHaveBeenCalled();
    expect(t.users.issueToken).toHaveBeenCalledWith(100001, 'confirm', expect.any(Number), null, now, { passwordHash: 'hash', keepOthers: true });
    expect(t.mailer.send).toHaveBeenCalledWith(expect.objectContaining({ template: 'account.confirm-sign-up', to: 'a@example.test', params: { link: 'https://app.example/register/confirm?token=tok' } }));
  });

  it('refuses while throttled, before checking the password', async () => {
    const t = newTestService(confirmed);
    t.throttle.attempt.mockResolvedValue(600);
    const e = await t.sut.login('a@example.test', 'right', '10.0.0.1').catch((x: IdentityException) => x);
    expect(e).toMatchObject({ code: IdentityErrorCode.Throttled });
    expect((e as IdentityException).getStatus()).toBe(429);
    expect(((e as IdentityException).getResponse() as { message: string }).message).toBe('ログインの試行回数が上限に達しました。10分ほど時間をおいてから再度お試しください');
    expect(t.passwords.verify).not.toHaveBeenCalled();
  });

  it('asks for the second factor when TOTP is on, and refuses an unconfirmed address', async () => {
    await expect(newTestService({ ...confirmed, totpEnabledAt: now }).sut.login('a@example.test', 'p', 'ip')).resolves.toEqual({ kind: 'two-factor', userId: 100001 });
    await expect(newTestService({ ...confirmed, emailVerifiedAt: null }).sut.login('a@example.test', 'p', 'ip')).rejects.toMatchObject({ code: IdentityErrorCode.EmailNotConfirmed });
  });

  it('never tells whether an address is registered when a reset is asked for', async () => {
    const t = newTestService(null);
    await expect(t.sut.requestPasswordReset('nobody@example.test', 'https://app.example')).resolves.toBeUndefined();
    expect(t.mailer.send).not.toHaveBeenCalled();
  });

  describe('a stranger cannot lock the owner out (issue 23, finding 10)', () => {
    it('a known device has its own count: the account\'s and the address\'s are not consulted', async () => {
      const t = newTestService(confirmed);
      t.throttle.knownDevice.mockResolvedValue(true);
      t.throttle.attempt.mockResolvedValue(900); // the account's count is over its limit
      await expect(t.sut.login('a@example.test', 'right', '10.0.0.1', { deviceToken: 'dev' })).resolves.toMatchObject({ kind: 'signed-in' });
      expect(t.throttle.deviceAttempt).toHaveBeenCalledWith('dev');
      expect(t.throttle.attemptDetail).not.toHaveBeenCalled();
    });

    it('over the account\'s limit, an account with a second factor gets in with password and code together; any failure is the same 429', async () => {
      const twoFa = { ...confirmed, totpEnabledAt: now, totpSecret: 'S' };
      const t = newTestService(twoFa);
      t.throttle.attempt.mockResolvedValue(900);
      await expect(t.sut.login('a@example.test', 'right', '10.0.0.1')).rejects.toMatchObject({ code: IdentityErrorCode.Throttled });
      await expect(t.sut.login('a@example.test', 'right', '10.0.0.1', { code: '000000' })).rejects.toMatchObject({ code: IdentityErrorCode.Throttled });
      t.passwords.verify.mockResolvedValue(false);
      t.twoFactor.verifyLogin.mockResolvedValue(true);
      await expect(t.sut.login('a@example.test', 'wrong', '10.0.0.1', { code: '123456' })).rejects.toMatchObject({ code: IdentityErrorCode.Throttled });
      t.passwords.verify.mockResolvedValue(true);
      await expect(t.sut.login('a@example.test', 'right', '10.0.0.1', { code: '123456' })).resolves.toMatchObject({ kind: 'signed-in', secondFactor: true });
    });
  });
});
