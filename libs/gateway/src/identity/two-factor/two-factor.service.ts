import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, Clock } from '@registrar/infra';
import { PRODUCT } from '@registrar/messages';
import crypto from 'node:crypto';
import { generateSecret, generateURI, verifySync } from 'otplib';
import QRCode from 'qrcode';
import { PasswordService } from '../auth/password.service';
import { IdentityErrorCode, IdentityException } from '../identity.errors';
import { UserEntity } from '../users/user.entity';
import { UsersRepository } from '../users/users.repository';

const hashCode = (code: string) => crypto.createHash('sha256').update(code.replace(/[\s-]/g, '').toLowerCase()).digest('hex');

/** TOTP (authenticator app, RFC 6238, 30 s, 6 digits, ±1 step) and single-use recovery codes. */
@Injectable()
export class TwoFactorService {
  constructor(private readonly users: UsersRepository, private readonly passwords: PasswordService, @Inject(CLOCK) private readonly clock: Clock) {}

  async startSetup(user: UserEntity): Promise<{ secret: string; otpauth_url: string; qr: string }> {
    if (user.totpEnabledAt) throw new IdentityException(IdentityErrorCode.TwoFactorAlreadyEnabled);
    const secret = generateSecret();
    const otpauth = generateURI({ issuer: PRODUCT.serviceName, label: user.email, secret });
    return { secret, otpauth_url: otpauth, qr: await QRCode.toDataURL(otpauth, { margin: 1, width: 200 }) };
  }

  verifyTotp(secret: string, code: string | undefined): boolean {
    const token = (code ?? '').replace(/\s/g, '');
    if (!/^\d{6}$/.test(token)) return false;
    try {
      return verifySync({ secret, token, epoch: Math.floor(this.clock.now().getTime() / 1000), epochTolerance: 30 }).valid;
    } catch {
      return false;
    }
  }

  /** Enables TOTP once the first code from the app matches; returns the recovery codes (shown once). */
  async enable(user: UserEntity, secret: string | undefined, code: string | undefined): Promise<string[]> {
    if (user.totpEnabledAt) throw new IdentityException(IdentityErrorCode.TwoFactorAlreadyEnabled);
    if (!secret || !this.verifyTotp(secret, code)) throw new IdentityException(IdentityErrorCode.TwoFactorInvalid);
    const codes = this.newRecoveryCodes();
    await this.users.update(user.id, { totpSecret: secret, totpEnabledAt: this.clock.now(), recoveryCodes: codes.map(hashCode) });
    return codes;
  }

  async regenerateRecoveryCodes(user: UserEntity): Promise<string[]> {
    if (!user.totpEnabledAt) throw new IdentityException(IdentityErrorCode.TwoFactorInvalid);
    const codes = this.newRecoveryCodes();
    await this.users.update(user.id, { recoveryCodes: codes.map(hashCode) });
    return codes;
  }

  async disable(user: UserEntity, password: string | undefined): Promise<void> {
    if (user.adminRole !== null) throw new IdentityException(IdentityErrorCode.TwoFactorRequiredForAdmin);
    if (!(await this.passwords.verify(user.passwordHash, password ?? ''))) throw new IdentityException(IdentityErrorCode.CurrentPasswordWrong);
    await this.users.update(user.id, { totpSecret: null, totpEnabledAt: null, recoveryCodes: [] });
  }

  /** Checks a login's second factor: a current TOTP code, or an unused recovery code (which is then spent). */
  async verifyLogin(user: UserEntity, code: string | undefined): Promise<boolean> {
    if (!user.totpSecret || !user.totpEnabledAt) return false;
    if (this.verifyTotp(user.totpSecret, code)) return true;
    const h = hashCode(code ?? '');
    if (!code || !user.recoveryCodes.includes(h)) return false;
    await this.users.update(user.id, { recoveryCodes: user.recoveryCodes.filter((x) => x !== h) });
    return true;
  }

  private newRecoveryCodes(): string[] {
    return Array.from({ length: 10 }, () => {
      const s = crypto.randomBytes(8).toString('hex').slice(0, 10);
      return `${s.slice(0, 5)}-${s.slice(5)}`;
    });
  }
}
