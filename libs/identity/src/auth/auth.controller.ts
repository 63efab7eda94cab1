import { Body, Controller, Get, HttpCode, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { DEVICE_COOKIE, GUEST_CSRF_COOKIE, SESSION_COOKIE } from '../identity.constants';
import type { SessionResult } from '@registrar/contracts';
import { HttpPaths } from '@registrar/contracts';
import { fmt, M } from '@registrar/messages';
import { IdentityConfig } from '../identity.config';
import { FieldErrorsException, IdentityErrorCode, IdentityException } from '../identity.errors';
import { ConsentRepository } from '../consent/consent.repository';
import { currentConsentVersions } from '../consent/legal-documents';
import { destroySession, regenerateSession, saveSession, sessionResult } from '../session/session-helpers';
import { PointsReader } from '../points/points.reader';
import { TwoFactorService } from '../two-factor/two-factor.service';
import { UsersRepository } from '../users/users.repository';
import { ConfirmSignUpDto, LoginDto, PasswordResetConfirmDto, PasswordResetRequestDto, RegisterDto, TwoFactorLoginDto } from './auth.dto';
import { AuthService } from './auth.service';
import { LoginThrottleService } from './login-throttle.service';
import { Public } from './roles.decorator';

export function appUrl(config: IdentityConfig, req: Request): string {
  return (config.APP_URL || process.env.APP_URL || `${req.protocol}://${req.get('host')}`).replace(/\/$/, '');
}

@Controller()
@Public()
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly twoFactor: TwoFactorService,
    private readonly users: UsersRepository,
    private readonly config: IdentityConfig,
    private readonly points: PointsReader,
    private readonly throttle: LoginThrottleService,
    private readonly consents: ConsentRepository,
  ) {}

  /** Who is signed in (null for guests, and while a second factor is still owed) and the session's CSRF token. */
  @Get(HttpPaths.session)
  async session(@Req() req: Request): Promise<SessionResult> {
    const user = req.session?.userId ? await this.users.findById(req.session.userId) : null;
    const live = user && !user.disabledAt && (req.session.authEpoch ?? 0) === user.sessionEpoch ? user : null;
    return sessionResult(req, live, live ? await this.points.balance(live.id) : 0);
  }

  @Post('login')
  @HttpCode(200)
  async login(@Req() req: Request, @Res({ passthrough: true }) res: Response, @Body() dto: LoginDto) {
    const outcome = await this.auth.login(dto.email, dto.password, req.ip ?? 'unknown', { deviceToken: req.cookies?.[DEVICE_COOKIE], code: dto.code });
    await regenerateSession(req);
    if (outcome.kind === 'two-factor') {
      req.session.pendingTwoFactorUserId = outcome.userId;
      const r = sessionResult(req, null);
      await saveSession(req);
      return { ...r, two_factor_required: true };
    }
    req.session.userId = outcome.user.id;
    req.session.authEpoch = outcome.user.sessionEpoch;
    if (outcome.secondFactor) req.session.twoFactorVerified = true;
    const r = sessionResult(req, outcome.user, await this.points.balance(outcome.user.id));
    await saveSession(req);
    await this.rememberDevice(req, res, outcome.user.id);
    return { ...r, two_factor_required: false, two_factor_setup_required: outcome.user.adminRole !== null && !outcome.user.totpEnabledAt };
  }

  @Post('login/two-factor')
  @HttpCode(200)
  async loginTwoFactor(@Req() req: Request, @Res({ passthrough: true }) res: Response, @Body() dto: TwoFactorLoginDto) {
    const pending = req.session?.pendingTwoFactorUserId;
    const user = pending ? await this.users.findById(pending) : null;
    if (!user) throw new IdentityException(IdentityErrorCode.TwoFactorNotPending);
    // like passwords: each code is counted before it is checked, per account and per pending login
    const wait = await this.throttle.attempt('two-factor', String(user.id), req.sessionID);
    if (wait > 0) throw new IdentityException(IdentityErrorCode.Throttled, { retry_after: wait }, fmt(M.twoFactorThrottled, { minutes: Math.ceil(wait / 60) }));
    if (!(await this.twoFactor.verifyLogin(user, dto.code))) throw new IdentityException(IdentityErrorCode.TwoFactorInvalid);
    await this.throttle.succeeded('two-factor', String(user.id), req.sessionID);
    await regenerateSession(req);
    req.session.userId = user.id;
    req.session.authEpoch = user.sessionEpoch;
    req.session.twoFactorVerified = true;
    const r = sessionResult(req, (await this.users.findById(user.id))!);
    await saveSession(req);
    await this.rememberDevice(req, res, user.id);
    return { ...r, two_factor_required: false };
  }

  /** After a complete sign-in: this browser is a known device of the account (its own login count, issue 23). */
  private async rememberDevice(req: Request, res: Response, userId: number): Promise<void> {
    const token = await this.throttle.rememberDevice(userId);
    res.cookie(DEVICE_COOKIE, token, { path: '/', httpOnly: true, sameSite: 'lax', secure: req.secure, maxAge: this.config.LOGIN_DEVICE_DAYS * 24 * 3600 * 1000 });
  }

  /** Ends the session; the logout marker sends the web app to /login. */
  @Post('logout')
  @HttpCode(200)
  async logout(@Req() req: Request, @Res({ passthrough: true }) res: Response) {
    await destroySession(req);
    res.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: req.secure });
    res.clearCookie(GUEST_CSRF_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: req.secure });
    return { logout: true };
  }

  @Post('register')
  @HttpCode(200)
  async register(@Req() req: Request, @Body() dto: RegisterDto) {
    // the terms and the privacy policy are agreed to before anything is created (issue 25); the agreement is stored
    // with the documents' versions once the account exists
    if (dto.agree_terms !== true && dto.agree_terms !== 'true' && dto.agree_terms !== '1' && dto.agree_terms !== 'on') {
      throw new FieldErrorsException({ agree_terms: M.signUpConsentRequired });
    }
    const r = await this.auth.register(dto.email, dto.password, dto.password_confirmation, appUrl(this.config, req));
    const v = currentConsentVersions();
    await this.consents.record(r.userId, [{ document: 'terms', version: v.terms }, { document: 'privacy', version: v.privacy }], 'signup', { ip: req.ip, userAgent: String(req.headers['user-agent'] ?? '') });
    return { success: true, message: M.signUpMailSent };
  }

  /**
   * Confirms the address with the password of that sign-up, and signs the account in, so a purchase started as a guest
   * goes on (the web app moves the guest's picks into the cart and returns to the purchase).
   */
  @Post('register/confirm')
  @HttpCode(200)
  async confirm(@Req() req: Request, @Body() dto: ConfirmSignUpDto) {
    // the link alone never activates: the password typed at that sign-up must be given again (issue 23), so whoever
    // confirms has both the mailbox and the password, and is signed in (issue 26); staff accounts log in themselves
    const user = await this.auth.confirm(dto.token, dto.password);
    const signIn = !user.disabledAt && user.adminRole === null && !user.totpEnabledAt;
    if (!signIn) return { success: true, message: M.emailConfirmed, signed_in: false };
    await regenerateSession(req);
    req.session.userId = user.id;
    req.session.authEpoch = user.sessionEpoch;
    const r = sessionResult(req, user, await this.points.balance(user.id));
    await saveSession(req);
    return { ...r, success: true, message: M.emailConfirmedSignedIn, signed_in: true };
  }

  @Post('password/reset')
  @HttpCode(200)
  async requestReset(@Req() req: Request, @Body() dto: PasswordResetRequestDto) {
    await this.auth.requestPasswordReset(dto.email, appUrl(this.config, req));
    return { success: true, message: M.resetMailSent };
  }

  @Post('password/reset/confirm')
  @HttpCode(200)
  async confirmReset(@Req() req: Request, @Body() dto: PasswordResetConfirmDto) {
    await this.auth.confirmPasswordReset(dto.token, dto.password, dto.password_confirmation, appUrl(this.config, req));
    return { success: true, message: M.passwordChanged };
  }
}
