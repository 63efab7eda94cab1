import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, Clock } from '@registrar/infra';
import { MailOutbox } from '@registrar/mail';
import { IdentityErrorCode, IdentityException } from '../identity.errors';
import { tokenKey } from '../mail/mail-keys';
import { UsersRepository } from '../users/users.repository';

/** How long the old address can take an e-mail or password change back (issue 23, finding 1). */
export const UNDO_DAYS = 7;
const UNDO_MS = UNDO_DAYS * 24 * 60 * 60 * 1000;

/**
 * Every e-mail and password change is announced to the address the account had before it, with a link that takes the
 * change back for 7 days: the e-mail address (or the password hash) that was replaced travels with the link. Undoing
 * signs the account out everywhere, so whoever made the change loses the sessions it opened.
 */
@Injectable()
export class ChangeNoticeService {
  constructor(private readonly users: UsersRepository, private readonly mailer: MailOutbox, @Inject(CLOCK) private readonly clock: Clock) {}

  async emailChanged(userId: number, oldEmail: string, newEmail: string, appUrl: string): Promise<void> {
    const token = await this.users.issueToken(userId, 'undo_email', UNDO_MS, oldEmail, this.clock.now(), { keepOthers: true });
    await this.mailer.send({ template: 'account.email-changed-notice', to: oldEmail, userId, key: tokenKey('undo-email', token), params: { newEmail, link: `${appUrl}/me/undo?token=${token}`, days: UNDO_DAYS } });
  }

  async passwordChanged(userId: number, email: string, oldHash: string, appUrl: string): Promise<void> {
    const token = await this.users.issueToken(userId, 'undo_password', UNDO_MS, null, this.clock.now(), { keepOthers: true, passwordHash: oldHash });
    await this.mailer.send({ template: 'account.password-changed-notice', to: email, userId, key: tokenKey('undo-password', token), params: { link: `${appUrl}/me/undo?token=${token}`, days: UNDO_DAYS } });
  }

  /** Takes a change back: restores the old address or password and ends every session of the account. */
  async undo(token: string | undefined): Promise<'email' | 'password'> {
    const now = this.clock.now();
    const e = await this.users.peekToken(token ?? '', 'undo_email', now);
    if (e) {
      const other = await this.users.findByEmail(e.newEmail!);
      if (other && other.id !== e.userId) throw new IdentityException(IdentityErrorCode.EmailTaken);
      const t = await this.users.consumeToken(token!, 'undo_email', now);
      if (!t) throw new IdentityException(IdentityErrorCode.TokenInvalid);
      await this.users.revokeTokens(t.userId, 'email_change', now);
      await this.users.update(t.userId, { email: t.newEmail!, emailVerifiedAt: now });
      await this.users.bumpSessionEpoch(t.userId);
      return 'email';
    }
    const t = await this.users.consumeToken(token ?? '', 'undo_password', now);
    if (!t || !t.passwordHash) throw new IdentityException(IdentityErrorCode.TokenInvalid);
    await this.users.revokeTokens(t.userId, 'reset', now);
    await this.users.update(t.userId, { passwordHash: t.passwordHash });
    await this.users.bumpSessionEpoch(t.userId);
    return 'password';
  }
}
