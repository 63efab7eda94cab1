import { Transform, Type } from 'class-transformer';
import {
  IsBoolean, IsIn, IsInt, IsOptional, IsString, Max, Min, MinLength, Validate, ValidateIf, ValidationArguments, ValidatorConstraint, ValidatorConstraintInterface,
} from 'class-validator';
import { BaseConfig, loadConfig, Deployed } from '@registrar/infra';

const DEV_SECRET = 'dev-only-session-secret-change-me-0123456789';

/**
 * Session secrets that are public (this repository ships them: the development default, docker-compose.yml's fallback,
 * k8s/config.yaml's placeholder) or are placeholders: a production gateway refuses to start with one.
 */
export const KNOWN_SESSION_SECRETS: readonly string[] = [DEV_SECRET, 'change-me-compose-local-session-secret-0123456789', 'CHANGE_ME_TO_32_OR_MORE_RANDOM_CHARACTERS'];
export function isKnownSessionSecret(secret: string): boolean {
  return KNOWN_SESSION_SECRETS.includes(secret) || /change[-_ ]?me/i.test(secret);
}

/** SMS providers the SMS_SENDER port has an adapter for; 'dev' keeps messages in Redis (/dev/sms) and is refused in production. */
export const SMS_PROVIDERS = ['', 'dev'] as const;

@ValidatorConstraint({ name: 'notKnownSecret' })
class NotKnownSecret implements ValidatorConstraintInterface {
  validate(v: unknown): boolean {
    return typeof v === 'string' && !isKnownSessionSecret(v);
  }
  defaultMessage(): string {
    return 'SESSION_SECRET is a default or published value (docker-compose.yml, k8s/config.yaml, the development default); set a random secret of 32+ characters';
  }
}

/** Production needs a real SMS provider for phone verification, unless PHONE_VERIFICATION=off says it is not offered. */
@ValidatorConstraint({ name: 'smsProviderInProduction' })
class SmsProviderInProduction implements ValidatorConstraintInterface {
  validate(v: unknown, args: ValidationArguments): boolean {
    const c = args.object as IdentityConfig;
    return c.NODE_ENV !== 'production' || c.PHONE_VERIFICATION === 'off' || (v !== '' && v !== 'dev');
  }
  defaultMessage(): string {
    return 'production needs an SMS provider for phone verification (SMS_PROVIDER), or PHONE_VERIFICATION=off to switch phone verification off (members then qualify by identity verification or prior usage)';
  }
}
const bool = ({ value }: { value: unknown }) => value === true || value === '1' || value === 'true';

/** Identity settings, validated at boot. In production a session secret must be given. */
export class IdentityConfig extends BaseConfig {
  @Deployed()
  @ValidateIf((c: IdentityConfig) => c.NODE_ENV === 'production')
  @IsString()
  @MinLength(32, { message: 'SESSION_SECRET must be at least 32 characters in production' })
  @Validate(NotKnownSecret)
  SESSION_SECRET = '';

  /**
   * The SMS provider of phone verification ('' none; 'dev' the development sender, Redis list dev:sms). Outside the
   * local runtime and tests, a production gateway refuses to start without one unless PHONE_VERIFICATION=off.
   */
  @IsIn(SMS_PROVIDERS)
  @Validate(SmsProviderInProduction)
  SMS_PROVIDER: (typeof SMS_PROVIDERS)[number] = '';

  /** 'sms' (default): members may verify their phone by SMS; 'off': not offered (POST mypage/auth/sms/* answer 403 with a message). */
  @IsIn(['sms', 'off'])
  PHONE_VERIFICATION: 'sms' | 'off' = 'sms';

  /** Session lifetime in seconds (sliding). */
  @Type(() => Number) @IsInt() @Min(60) @Max(60 * 60 * 24 * 90)
  SESSION_TTL_S = 60 * 60 * 24 * 14;

  /** smtp://host:port; in the local runtime the mail catcher sets it. */
  @Deployed()
  @IsOptional() @IsString()
  SMTP_URL = '';

  @Deployed()
  @IsString()
  MAIL_FROM = 'ラッコドメイン <no-reply@localhost>';

  /** Public base URL for links in mail (falls back to the request's origin). */
  @Deployed()
  @IsOptional() @IsString()
  APP_URL = '';

  /** 1 in the local runtime: demo accounts, /dev/* tools. */
  @Transform(bool) @IsBoolean()
  LOCAL_RUNTIME = false;

  /** Login throttling: failures allowed per account and per address within the window. */
  @Type(() => Number) @IsInt() @Min(1)
  LOGIN_MAX_PER_ACCOUNT = 5;
  @Type(() => Number) @IsInt() @Min(1)
  LOGIN_MAX_PER_IP = 20;
  @Type(() => Number) @IsInt() @Min(10)
  LOGIN_WINDOW_S = 15 * 60;
  /**
   * A browser that completed a sign-in is remembered for the account this many days (cookie registrar_device) and has
   * its own count of failures, so others' failures never lock it out (issue 23, finding 10).
   */
  @Type(() => Number) @IsInt() @Min(1)
  LOGIN_DEVICE_DAYS = 180;
  @Type(() => Number) @IsInt() @Min(1)
  LOGIN_MAX_PER_DEVICE = 10;
  /** Second-factor codes allowed per account and per pending login within the same window. */
  @Type(() => Number) @IsInt() @Min(1)
  TWO_FACTOR_MAX_PER_ACCOUNT = 5;
  @Type(() => Number) @IsInt() @Min(1)
  TWO_FACTOR_MAX_PER_LOGIN = 5;

  get sessionSecret(): string {
    return this.SESSION_SECRET || DEV_SECRET;
  }
  get devToolsEnabled(): boolean {
    return devToolsEnabled();
  }
}

export const identityConfig = () => loadConfig(IdentityConfig);

/** /dev/mail, /dev/sms and the development SMS sender exist only in the local runtime and in tests. */
export function devToolsEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.NODE_ENV !== 'production' && (env.LOCAL_RUNTIME === '1' || env.NODE_ENV === 'test');
}
