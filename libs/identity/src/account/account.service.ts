import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, Clock } from '@registrar/infra';
import { M } from '@registrar/messages';
import { validateEmail } from '@registrar/rules';
import { AuthService } from '../auth/auth.service';
import { PasswordService } from '../auth/password.service';
import { ChangeNoticeService } from './change-notice.service';
import { FieldErrorsException, IdentityErrorCode, IdentityException } from '../identity.errors';
import { MailOutbox } from '@registrar/mail';
import { tokenKey } from '../mail/mail-keys';
import { UserEntity } from '../users/user.entity';
import { UsersRepository } from '../users/users.repository';

const DAY = 24 * 60 * 60 * 1000;

/** The account pages: e-mail change (confirmed by a link to the new address) and password change. */
@Injectable()
export class AccountService {
  constructor(
    private readonly users: UsersRepository,
    private readonly passwords: PasswordService,
    private readonly mailer: MailOutbox,
    private readonly notices: ChangeNoticeService,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async requestEmailChange(user: UserEntity, email: string | undefined, password: string | undefined, appUrl: string): Promise<void> {
    const em = validateEmail(email);
    if (em) throw new FieldErrorsException({ email: em });
    if (!(await this.passwords.verify(user.passwordHash, password ?? ''))) throw new FieldErrorsException({ password: M.currentPasswordWrong });
    const other = await this.users.findByEmail(email!);
    if (other && other.id !== user.id) throw new FieldErrorsException({ email: M.emailTaken });
    const token = await this.users.issueToken(user.id, 'email_change', DAY, email!.trim().toLowerCase(), this.clock.now());
    await this.mailer.send({ template: 'account.email-change', to: email!.trim(), userId: user.id, key: tokenKey('email-change', token), params: { link: `${appUrl}/me/email/confirm?token=${token}` } });
  }

  /** Moves the account to the new address, and tells the old one (with a 7-day undo link). */
  async confirmEmailChange(token: string | undefined, appUrl: string): Promise<number> {
    const t = await this.users.consumeToken(token ?? '', 'email_change', this.clock.now());
    if (!t || !t.newEmail) throw new IdentityException(IdentityErrorCode.TokenInvalid);
    const other = await this.users.findByEmail(t.newEmail);
    if (other && other.id !== t.userId) throw new IdentityException(IdentityErrorCode.EmailTaken);
    const before = await this.users.findById(t.userId);
    await this.users.update(t.userId, { email: t.newEmail, emailVerifiedAt: this.clock.now() });
    if (before && before.email !== t.newEmail) await this.notices.emailChanged(t.userId, before.email, t.newEmail, appUrl);
    return t.userId;
  }

  /** Changes the password and ends every other session of the account (returns the new session epoch). */
  async changePassword(user: UserEntity, current: string | undefined, password: string | undefined, confirmation: string | undefined, appUrl: string): Promise<number> {
    if (!(await this.passwords.verify(user.passwordHash, current ?? ''))) throw new FieldErrorsException({ current_password: M.currentPasswordWrong });
    const errors = AuthService.checkNewPassword(password, confirmation);
    if (Object.keys(errors).length) throw new FieldErrorsException(errors);
    await this.users.update(user.id, { passwordHash: await this.passwords.hash(password!) });
    const epoch = await this.users.bumpSessionEpoch(user.id);
    await this.notices.passwordChanged(user.id, user.email, user.passwordHash, appUrl);
    return epoch;
  }
}
