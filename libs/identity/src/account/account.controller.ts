import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import { M } from '@registrar/messages';
import { appUrl } from '../auth/auth.controller';
import { TokenDto } from '../auth/auth.dto';
import { CurrentUser, Member, Public } from '../auth/roles.decorator';
import { IdentityConfig } from '../identity.config';
import { regenerateSession, saveSession, sessionResult } from '../session/session-helpers';
import { TwoFactorService } from '../two-factor/two-factor.service';
import { UserEntity } from '../users/user.entity';
import { UsersRepository } from '../users/users.repository';
import { ChangeEmailDto, ChangePasswordDto, CodeDto, PasswordDto } from './account.dto';
import { AccountService } from './account.service';
import { ChangeNoticeService } from './change-notice.service';

/** Calls of the account pages /me and /security (the pages themselves are served by the web app). */
@Controller()
export class AccountController {
  constructor(
    private readonly account: AccountService,
    private readonly notices: ChangeNoticeService,
    private readonly twoFactor: TwoFactorService,
    private readonly users: UsersRepository,
    private readonly config: IdentityConfig,
  ) {}

  @Post('me/email')
  @Member()
  @HttpCode(200)
  async changeEmail(@Req() req: Request, @CurrentUser() user: UserEntity, @Body() dto: ChangeEmailDto) {
    await this.account.requestEmailChange(user, dto.email, dto.password, appUrl(this.config, req));
    return { success: true, message: M.emailChangeMailSent };
  }

  /** Opened from the link in the mail, possibly in a browser that is not signed in: the token is the proof. */
  @Post('me/email/confirm')
  @Public()
  @HttpCode(200)
  async confirmEmail(@Req() req: Request, @Body() dto: TokenDto) {
    await this.account.confirmEmailChange(dto.token, appUrl(this.config, req));
    return { success: true, message: M.emailChanged };
  }

  /** The 7-day link mailed to the old address after an e-mail or password change: takes the change back. */
  @Post('me/undo')
  @Public()
  @HttpCode(200)
  async undoChange(@Body() dto: TokenDto) {
    const what = await this.notices.undo(dto.token);
    return { success: true, message: what === 'email' ? M.emailChangeUndone : M.passwordChangeUndone };
  }

  @Post('security/password')
  @Member()
  @HttpCode(200)
  async changePassword(@Req() req: Request, @CurrentUser() user: UserEntity, @Body() dto: ChangePasswordDto) {
    const epoch = await this.account.changePassword(user, dto.current_password, dto.password, dto.password_confirmation, appUrl(this.config, req));
    req.session.authEpoch = epoch;
    await saveSession(req);
    return { success: true, message: M.passwordChanged };
  }

  @Post('security/two-factor/setup')
  @Member()
  @HttpCode(200)
  async setupTwoFactor(@Req() req: Request, @CurrentUser() user: UserEntity) {
    const setup = await this.twoFactor.startSetup(user);
    req.session.pendingTotpSecret = setup.secret;
    await saveSession(req);
    return { success: true, ...setup };
  }

  /** The first code from the app turns two-factor on; a privilege change, so the session id is renewed. */
  @Post('security/two-factor/enable')
  @Member()
  @HttpCode(200)
  async enableTwoFactor(@Req() req: Request, @CurrentUser() user: UserEntity, @Body() dto: CodeDto) {
    const recovery = await this.twoFactor.enable(user, req.session.pendingTotpSecret, dto.code);
    const { userId, authEpoch } = req.session;
    await regenerateSession(req);
    Object.assign(req.session, { userId, authEpoch, twoFactorVerified: true });
    const r = sessionResult(req, (await this.users.findById(user.id))!);
    await saveSession(req);
    return { success: true, message: M.twoFactorEnabled, recovery_codes: recovery, ...r };
  }

  @Post('security/two-factor/recovery-codes')
  @Member()
  @HttpCode(200)
  async recoveryCodes(@CurrentUser() user: UserEntity) {
    return { success: true, recovery_codes: await this.twoFactor.regenerateRecoveryCodes(user) };
  }

  @Post('security/two-factor/disable')
  @Member()
  @HttpCode(200)
  async disableTwoFactor(@Req() req: Request, @CurrentUser() user: UserEntity, @Body() dto: PasswordDto) {
    await this.twoFactor.disable(user, dto.password);
    req.session.twoFactorVerified = false;
    await saveSession(req);
    return { success: true, message: M.twoFactorDisabled };
  }
}
