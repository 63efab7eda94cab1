import { HttpException, HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import IORedis from 'ioredis';
import crypto from 'node:crypto';
import { fmt, M, PRODUCT } from '@registrar/messages';
import { normalisePhone, validateSmsCode, validateSmsPhone } from '@registrar/rules';
import { IDENTITY_REDIS } from '../identity.constants';
import { UserEntity } from '../users/user.entity';
import { UsersRepository } from '../users/users.repository';
import { SMS_SENDER, SmsSender } from './sms-sender';

/** Business constants of SMS verification (our choices; the spec names none). */
export const SMS_RULES = { codeTtlS: 10 * 60, maxAttempts: 5, resendWaitS: 60, maxPerHour: 5 } as const;

interface PendingCode { phone: string; hash: string; attempts: number }

const hash = (userId: number, code: string) => crypto.createHash('sha256').update(`${userId}:${code}`).digest('hex');

/** The answer shape of the spec's SMS calls: success, phone, errors. */
function smsError(status: number, phone: string, field: 'phone' | 'code', message: string): HttpException {
  return new HttpException({ success: false, phone, message, errors: { [field]: [message] } }, status);
}

/**
 * SMS verification: a 6-digit code to a domestic mobile number (070/080/090), valid 10 minutes, 5 tries;
 * a resend waits 60 s and at most 5 codes go out per hour per account. Codes live in Redis, hashed.
 */
@Injectable()
export class SmsService {
  private readonly logger = new Logger(SmsService.name);

  constructor(@Inject(IDENTITY_REDIS) private readonly redis: IORedis, @Inject(SMS_SENDER) private readonly sender: SmsSender, private readonly users: UsersRepository) {}

  async send(user: UserEntity, rawPhone: string | undefined): Promise<{ success: true; phone: string; message: string }> {
    const phone = normalisePhone(rawPhone);
    const invalid = validateSmsPhone(rawPhone);
    if (invalid) throw smsError(HttpStatus.UNPROCESSABLE_ENTITY, phone, 'phone', invalid);
    const waitKey = `sms:wait:${user.id}`;
    const countKey = `sms:count:${user.id}`;
    const wait = await this.redis.ttl(waitKey);
    if (wait > 0) throw smsError(HttpStatus.TOO_MANY_REQUESTS, phone, 'phone', fmt(M.smsResendWait, { seconds: wait }));
    const sent = Number((await this.redis.get(countKey)) ?? 0);
    if (sent >= SMS_RULES.maxPerHour) throw smsError(HttpStatus.TOO_MANY_REQUESTS, phone, 'phone', M.smsHourlyLimit);
    const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
    const pending: PendingCode = { phone, hash: hash(user.id, code), attempts: 0 };
    await this.redis.multi()
      .set(`sms:code:${user.id}`, JSON.stringify(pending), 'EX', SMS_RULES.codeTtlS)
      .set(waitKey, '1', 'EX', SMS_RULES.resendWaitS)
      .incr(countKey).expire(countKey, 3600, 'NX')
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

  async verify(user: UserEntity, rawPhone: string | undefined, rawCode: string | undefined): Promise<{ success: true; phone: string; message: string }> {
    const phone = normalisePhone(rawPhone);
    const empty = validateSmsCode(rawCode);
    if (empty) throw smsError(HttpStatus.UNPROCESSABLE_ENTITY, phone, 'code', empty);
    const key = `sms:code:${user.id}`;
    const raw = await this.redis.get(key);
    if (!raw) throw smsError(HttpStatus.UNPROCESSABLE_ENTITY, phone, 'code', M.smsCodeExpired);
    const pending = JSON.parse(raw) as PendingCode;
    if (pending.attempts >= SMS_RULES.maxAttempts) {
      await this.redis.del(key);
      throw smsError(HttpStatus.UNPROCESSABLE_ENTITY, phone, 'code', M.smsTooManyAttempts);
    }
    const given = hash(user.id, String(rawCode).trim().replace(/[０-９]/g, (d) => String.fromCharCode(d.charCodeAt(0) - 0xfee0)));
    const match = pending.phone === phone && crypto.timingSafeEqual(Buffer.from(given), Buffer.from(pending.hash));
    if (!match) {
      pending.attempts += 1;
      if (pending.attempts >= SMS_RULES.maxAttempts) {
        await this.redis.del(key);
        throw smsError(HttpStatus.UNPROCESSABLE_ENTITY, phone, 'code', M.smsTooManyAttempts);
      }
      await this.redis.set(key, JSON.stringify(pending), 'KEEPTTL');
      throw smsError(HttpStatus.UNPROCESSABLE_ENTITY, phone, 'code', M.smsCodeWrong);
    }
    await this.redis.del(key);
    await this.users.update(user.id, { phoneAuthenticated: phone });
    return { success: true, phone, message: M.smsVerified };
  }
}
