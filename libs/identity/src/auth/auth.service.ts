import { Inject, Injectable, Logger } from '@nestjs/common';
import { CLOCK, Clock } from '@registrar/infra';
import { fmt, M } from '@registrar/messages';
import { validateEmail, validatePassword } from '@registrar/rules';
import { ChangeNoticeService } from '../account/change-notice.service';
import { FieldErrorsException, IdentityErrorCode, IdentityException } from '../identity.errors';
import { MailOutbox } from '@registrar/mail';
import { tokenKey } from '../mail/mail-keys';
import { UserEntity } from '../users/user.entity';
import { UsersRepository } from '../users/users.repository';
import { TwoFactorService } from '../two-factor/two-factor.service';
import { LoginThrottleService } from './login-throttle.service';
import { PasswordService } from './password.service';

const DAY = 24 * 60 * 60 * 1000;

/** signed-in with secondFactor: the second factor was passed in the same call (the account's count was over its limit). */
export type LoginOutcome = { kind: 'signed-in'; user: UserEntity; secondFactor?: boolean } | { kind: 'two-factor'; userId: number };

/** Sign-up with e-mail confirmation, login with throttling, password reset. */
@Injectable()
export class AuthService {
  private readonly logger = new Logger(AuthService.name);

  constructor(
    private readonly users: UsersRepository,
    private readonly passwords: PasswordService,
    private readonly throttle: LoginThrottleService,
    private readonly mailer: MailOutbox,
    private readonly notices: ChangeNoticeService,
    private readonly twoFactor: TwoFactorService,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  static checkNewPassword(password: unknown, confirmation: unknown, field = 'password'): Record<string, string> {
    const e: Record<string, string> = {};
    const p = validatePassword(password);
    if (p) e[field] = p;
    else if (confirmation !== undefined && confirmation !== password) e[`${field}_confirmation`] = M.passwordMismatch;
    return e;
  }

  /** Returns the account and whether this sign-up created it (a repeated unconfirmed sign-up only mails again). */
  async register(email: string | undefined, password: string | undefined, confirmation: string | undefined, appUrl: string): Promise<{ userId: number; created: boolean }> {
    const errors: Record<string, string> = {};
    const em = validateEmail(email);
    if (em) errors.email = em;
    Object.assign(errors, AuthService.checkNewPassword(password, confirmation));
    if (Object.keys(errors).length) throw new FieldErrorsException(errors);
    const existing = await this.users.findByEmail(email!);
    if (existing?.emailVerifiedAt) throw new FieldErrorsException({ email: M.emailTaken });
    // an unconfirmed sign-up fixes no password: each sign-up's password travels with its own confirmation link, and
    // confirming asks for it again, so only the person who chose it AND reads the mailbox can activate the account
    // (someone who signs up a stranger's address first can never confirm it, nor set the password the owner gets)
    const hash = await this.passwords.hash(password!);
    const user = existing ?? (await this.users.create({ email: email!, passwordHash: hash }));
    const token = await this.users.issueToken(user.id, 'confirm', DAY, null, this.clock.now(), { passwordHash: hash, keepOthers: true });
    await this.mailer.send({ template: 'account.confirm-sign-up', to: user.email, userId: user.id, key: tokenKey('confirm', token), params: { link: `${appUrl}/register/confirm?token=${token}` } });
    this.logger.log(`sign-up ${user.id}: confirmation mail sent${existing ? ' again' : ''}`);
    return { userId: user.id, created: !existing };
  }

  /**
   * Confirms a sign-up with the password typed at that sign-up: the account gets THAT password, every other pending
   * sign-up link of the address is void, and sessions opened before are ended.
   */
  async confirm(token: string | undefined, password: string | undefined): Promise<UserEntity> {
    const now = this.clock.now();
    const pending = await this.users.peekToken(token ?? '', 'confirm', now);
    if (!pending) throw new IdentityException(IdentityErrorCode.TokenInvalid);
    if (!password) throw new FieldErrorsException({ password: M.signUpPasswordRequired });
    const user = await this.users.findById(pending.userId);
    if (!user) throw new IdentityException(IdentityErrorCode.TokenInvalid);
    const hash = pending.passwordHash ?? user.passwordHash; // links mailed before this rule carry none
    if (!(await this.passwords.verify(hash, password))) throw new FieldErrorsException({ password: M.signUpPasswordWrong });
    const t = await this.users.consumeToken(token!, 'confirm', now);
    if (!t) throw new IdentityException(IdentityErrorCode.TokenInvalid);
    await this.users.revokeTokens(t.userId, 'confirm', now);
    await this.users.update(t.userId, { passwordHash: hash, emailVerifiedAt: user.emailVerifiedAt ?? now });
    await this.users.bumpSessionEpoch(t.userId);
    return (await this.users.findById(t.userId))!;
  }

  /**
   * Password login, throttled without letting a stranger lock the owner out (issue 23, finding 10):
   * - a browser that signed in to this account before (device cookie) has its own count only;
   * - otherwise the attempt counts for the address (20) and the account (5) before the password is checked;
   * - once the account's own count is over its limit, the password alone is refused (429), but an account with a
   *   second factor still gets in when the same call carries a valid code: both are checked, and any failure answers
   *   the same 429, so nothing tells a guesser whether the password was right. Admins have a second factor always.
   */
  async login(email: string | undefined, password: string | undefined, ip: string, o: { deviceToken?: string; code?: string } = {}): Promise<LoginOutcome> {
    const e = (email ?? '').trim();
    const user = e ? await this.users.findByEmail(e) : null;
    const throttled = (wait: number) => new IdentityException(IdentityErrorCode.Throttled, { retry_after: wait }, fmt(M.loginThrottled, { minutes: Math.ceil(wait / 60) }));
    const device = user && o.deviceToken && (await this.throttle.knownDevice(o.deviceToken, user.id)) ? o.deviceToken : null;
    let viaSecondFactor = false;
    let accountWait = 0;
    if (device) {
      const wait = await this.throttle.deviceAttempt(device);
      if (wait > 0) throw throttled(wait);
    } else {
      // the attempt is counted before the password is checked, so parallel guesses cannot outrun the limit
      const t = await this.throttle.attemptDetail('login', e, ip);
      if (t.wait > 0 && t.by === 'account' && user?.totpEnabledAt && o.code) {
        if ((await this.throttle.addressAttempt('login', ip)) > 0) throw throttled(t.wait);
        viaSecondFactor = true;
        accountWait = t.wait;
      } else if (t.wait > 0) throw throttled(t.wait);
    }
    const ok = user && !user.disabledAt ? await this.passwords.verify(user.passwordHash, password ?? '') : false;
    if (viaSecondFactor) {
      // over the account's limit: the password AND the code, or the same refusal as before (no oracle)
      if (!ok || !user?.emailVerifiedAt || !(await this.twoFactor.verifyLogin(user, o.code))) throw throttled(accountWait);
      await this.throttle.succeeded('login', e, ip);
      return { kind: 'signed-in', user, secondFactor: true };
    }
    if (!user || !ok) throw new IdentityException(IdentityErrorCode.BadCredentials);
    if (device) await this.throttle.deviceSucceeded(device);
    else await this.throttle.succeeded('login', e, ip);
    if (!user.emailVerifiedAt) throw new IdentityException(IdentityErrorCode.EmailNotConfirmed);
    return user.totpEnabledAt ? { kind: 'two-factor', userId: user.id } : { kind: 'signed-in', user };
  }

  async requestPasswordReset(email: string | undefined, appUrl: string): Promise<void> {
    const em = validateEmail(email);
    if (em) throw new FieldErrorsException({ email: em });
    const user = await this.users.findByEmail(email!);
    if (!user || user.disabledAt) return; // the answer never tells whether an address is registered
    const token = await this.users.issueToken(user.id, 'reset', DAY / 24, null, this.clock.now());
    await this.mailer.send({ template: 'account.password-reset', to: user.email, userId: user.id, key: tokenKey('reset', token), params: { link: `${appUrl}/password/reset/confirm?token=${token}` } });
  }

  async confirmPasswordReset(token: string | undefined, password: string | undefined, confirmation: string | undefined, appUrl: string): Promise<void> {
    const errors = AuthService.checkNewPassword(password, confirmation);
    if (Object.keys(errors).length) throw new FieldErrorsException(errors);
    const t = await this.users.consumeToken(token ?? '', 'reset', this.clock.now());
    if (!t) throw new IdentityException(IdentityErrorCode.TokenInvalid);
    // a reset proves control of the mailbox, so it also confirms the address
    const user = await this.users.findById(t.userId);
    await this.users.update(t.userId, { passwordHash: await this.passwords.hash(password!), emailVerifiedAt: user?.emailVerifiedAt ?? this.clock.now() });
    await this.users.bumpSessionEpoch(t.userId);
    if (user) await this.notices.passwordChanged(user.id, user.email, user.passwordHash, appUrl);
  }
}
