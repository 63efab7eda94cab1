import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, Clock } from '@registrar/infra';
import { PRODUCT } from '@registrar/messages';
import crypto from 'node:crypto';
import { generateSecret, generateURI, verifySync } from 'otplib';
import QRCode from 'qrcode';
import IORedis from 'ioredis';
import { PasswordService } from '../auth/password.service';
import { IDENTITY_REDIS } from '../identity.constants';
import { IdentityErrorCode, IdentityException } from '../identity.errors';
import { UserEntity } from '../users/user.entity';
import { UsersRepository } from '../users/users.repository';

/** Accepts a TOTP step only when it is later than the account's last accepted one (atomic, so parallel replays fail). */
const ACCEPT_STEP = `
local last = tonumber(redis.call('GET', KEYS[1]) or '-1')
if tonumber(ARGV[1]) <= last then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[2])
return 1`;

const hashCode = (code: string) => crypto.createHash('sha256').update(code.replace(/[\s-]/g, '').toLowerCase()).digest('hex');

/** TOTP (authenticator app, RFC 6238, 30 s, 6 digits, ±1 step) and single-use recovery codes. */
@Injectable()
export class TwoFactorService {
  constructor(
    private readonly users: UsersRepository,
    private readonly passwords: PasswordService,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(IDENTITY_REDIS) private readonly redis: IORedis,
  ) {}

  async startSetup(user: UserEntity): Promise<{ secret: string; otpauth_url: string; qr: string }> {
    if (user.totpEnabledAt) throw new IdentityException(IdentityErrorCode.TwoFactorAlreadyEnabled);
    const secret = generateSecret();
    const otpauth = generateURI({ issuer: PRODUCT.serviceName, label: user.email, secret });
    return { secret, otpauth_url: otpauth, qr: await QRCode.toDataURL(otpauth, { margin: 1, width: 200 }) };
  }

  /** The 30 s step a code belongs to (now ±1 step), or null when it matches none. */
  totpStep(secret: string, code: string | undefined): number | null {
    const token = (code ?? '').replace(/\s/g, '');
    if (!/^\d{6}$/.test(token)) return null;
    const epoch = Math.floor(this.clock.now().getTime() / 1000);
    try {
      const r = verifySync({ secret, token, epoch, epochTolerance: 30 });
      return r.valid ? Math.floor(epoch / 30) + (r.delta ?? 0) : null;
    } catch {
      return null;
    }
  }

  /**
   * Checks a TOTP code and spends its step: a code is accepted once, and never one older than the account's last
   * accepted code (RFC 6238 §5.2), so a code seen over someone's shoulder cannot be replayed within its 30 s.
   */
  async acceptTotp(userId: number, secret: string, code: string | undefined): Promise<boolean> {
    const step = this.totpStep(secret, code);
    if (step === null) return false;
    return Number(await this.redis.eval(ACCEPT_STEP, 1, `totp:last-step:${userId}`, String(step), '600')) === 1;
  }

  /** Enables TOTP once the first code from the app matches; returns the recovery codes (shown once). */
  async enable(user: UserEntity, secret: string | undefined, code: string | undefined): Promise<string[]> {
    if (user.totpEnabledAt) throw new IdentityException(IdentityErrorCode.TwoFactorAlreadyEnabled);
    if (!secret || !(await this.acceptTotp(user.id, secret, code))) throw new IdentityException(IdentityErrorCode.TwoFactorInvalid);
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
    if (this.totpStep(user.totpSecret, code) !== null) return this.acceptTotp(user.id, user.totpSecret, code);
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
