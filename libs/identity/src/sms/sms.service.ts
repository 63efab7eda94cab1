import { HttpException, HttpStatus, Inject, Injectable, Logger, Optional } from '@nestjs/common';
import IORedis from 'ioredis';
import crypto from 'node:crypto';
import { fmt, M, PRODUCT } from '@registrar/messages';
import { normalisePhone, validateSmsCode, validateSmsPhone } from '@registrar/rules';
import { IDENTITY_REDIS } from '../identity.constants';
import { UserEntity } from '../users/user.entity';
import { UsersRepository } from '../users/users.repository';
import { SMS_SENDER, SmsSender } from './sms-sender';
import { IdentityConfig } from '../identity.config';

/** Business constants of SMS verification (our choices; the spec names none). */
export const SMS_RULES = { codeTtlS: 10 * 60, maxAttempts: 5, resendWaitS: 60, maxPerHour: 5, maxPerHourPerPhone: 5 } as const;

interface PendingCode { phone: string; hash: string; attempts: number }

const hash = (userId: number, code: string) => crypto.createHash('sha256').update(`${userId}:${code}`).digest('hex');

/** The answer shape of the spec's SMS calls: success, phone, errors. */
function smsError(status: number, phone: string, field: 'phone' | 'code', message: string): HttpException {
  return new HttpException({ success: false, phone, message, errors: { [field]: [message] } }, status);
}

/**
 * SMS verification: a 6-digit code to a domestic mobile number (070/080/090), valid 10 minutes, 5 tries;
 * a resend waits 60 s and at most 5 codes go out per hour per account and per phone number. Codes live in Redis,
 * hashed; every counter is an atomic INCR taken before the check.
 */
@Injectable()
export class SmsService {
  private readonly logger = new Logger(SmsService.name);

  constructor(@Inject(IDENTITY_REDIS) private readonly redis: IORedis, @Inject(SMS_SENDER) private readonly sender: SmsSender, private readonly users: UsersRepository,
    @Optional() private readonly config?: IdentityConfig) {}

  /** PHONE_VERIFICATION=off: the operator does not offer it (no SMS provider); the member is told so, nothing is sent. */
  private assertOffered(phone: string): void {
    if (this.config?.PHONE_VERIFICATION === 'off') throw smsError(HttpStatus.FORBIDDEN, phone, 'phone', M.smsVerificationOff);
  }

  async send(user: UserEntity, rawPhone: string | undefined): Promise<{ success: true; phone: string; message: string }> {
    const phone = normalisePhone(rawPhone);
    this.assertOffered(phone);
    const invalid = validateSmsPhone(rawPhone);
    if (invalid) throw smsError(HttpStatus.UNPROCESSABLE_ENTITY, phone, 'phone', invalid);
    // every counter is taken atomically before anything is sent, so parallel requests cannot slip past a limit
    const waitKey = `sms:wait:${user.id}`;
    if ((await this.redis.set(waitKey, '1', 'EX', SMS_RULES.resendWaitS, 'NX')) !== 'OK') {
      const wait = await this.redis.ttl(waitKey);
      throw smsError(HttpStatus.TOO_MANY_REQUESTS, phone, 'phone', fmt(M.smsResendWait, { seconds: Math.max(1, wait) }));
    }
    if ((await this.count(`sms:count:${user.id}`, 3600)) > SMS_RULES.maxPerHour) throw smsError(HttpStatus.TOO_MANY_REQUESTS, phone, 'phone', M.smsHourlyLimit);
    // per number too: one account cannot flood a stranger's phone, nor many accounts one phone
    if ((await this.count(`sms:count:phone:${phone}`, 3600)) > SMS_RULES.maxPerHourPerPhone) throw smsError(HttpStatus.TOO_MANY_REQUESTS, phone, 'phone', M.smsPhoneHourlyLimit);
    const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
    const pending: PendingCode = { phone, hash: hash(user.id, code), attempts: 0 };
    await this.redis.multi()
      .set(`sms:code:${user.id}`, JSON.stringify(pending), 'EX', SMS_RULES.codeTtlS)
      .del(`sms:attempts:${user.id}`)
      .exec();
    try {
      await this.sender.send(phone, `【${PRODUCT.serviceName}】SMS認証番号：${code}（${SMS_RULES.codeTtlS / 60}分間有効）`);
    } catch (e) {
      this.logger.error(`SMS to user ${user.id} failed: ${(e as Error).message}`);
      await this.redis.del(`sms:code:${user.id}`, waitKey);
      throw smsError(HttpStatus.BAD_GATEWAY, phone, 'phone', M.errorRetryLaterParen);
    }
    return { success: true, phone, message: M.smsSent };
  }

  /** INCR with the window set on first use, in one transaction: the count including this request. */
  private async count(key: string, windowS: number): Promise<number> {
    const r = await this.redis.multi().incr(key).expire(key, windowS, 'NX').exec();
    return Number(r?.[0]?.[1] ?? 0);
  }

  async verify(user: UserEntity, rawPhone: string | undefined, rawCode: string | undefined): Promise<{ success: true; phone: string; message: string }> {
    const phone = normalisePhone(rawPhone);
    this.assertOffered(phone);
    const empty = validateSmsCode(rawCode);
    if (empty) throw smsError(HttpStatus.UNPROCESSABLE_ENTITY, phone, 'code', empty);
    const key = `sms:code:${user.id}`;
    const raw = await this.redis.get(key);
    if (!raw) throw smsError(HttpStatus.UNPROCESSABLE_ENTITY, phone, 'code', M.smsCodeExpired);
    const pending = JSON.parse(raw) as PendingCode;
    // the attempt is counted before the code is compared (INCR is atomic: parallel guesses each use one try)
    const attempt = await this.count(`sms:attempts:${user.id}`, SMS_RULES.codeTtlS);
    if (attempt > SMS_RULES.maxAttempts) {
      await this.redis.del(key);
      throw smsError(HttpStatus.UNPROCESSABLE_ENTITY, phone, 'code', M.smsTooManyAttempts);
    }
    const given = hash(user.id, String(rawCode).trim().replace(/[０-９]/g, (d) => String.fromCharCode(d.charCodeAt(0) - 0xfee0)));
    const match = pending.phone === phone && crypto.timingSafeEqual(Buffer.from(given), Buffer.from(pending.hash));
    if (!match) {
      if (attempt >= SMS_RULES.maxAttempts) {
        await this.redis.del(key);
        throw smsError(HttpStatus.UNPROCESSABLE_ENTITY, phone, 'code', M.smsTooManyAttempts);
      }
      throw smsError(HttpStatus.UNPROCESSABLE_ENTITY, phone, 'code', M.smsCodeWrong);
    }
    // only one of several parallel right answers wins the code
    if ((await this.redis.del(key)) !== 1) throw smsError(HttpStatus.UNPROCESSABLE_ENTITY, phone, 'code', M.smsCodeExpired);
    await this.redis.del(`sms:attempts:${user.id}`);
    await this.users.update(user.id, { phoneAuthenticated: phone });
    return { success: true, phone, message: M.smsVerified };
  }
}
