import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsInt, IsOptional, IsString, Max, Min, MinLength, ValidateIf } from 'class-validator';
import { BaseConfig, loadConfig } from '@registrar/infra';

const DEV_SECRET = 'dev-only-session-secret-change-me-0123456789';
const bool = ({ value }: { value: unknown }) => value === true || value === '1' || value === 'true';

/** Identity settings, validated at boot. In production a session secret must be given. */
export class IdentityConfig extends BaseConfig {
  @ValidateIf((c: IdentityConfig) => c.NODE_ENV === 'production')
  @IsString()
  @MinLength(32, { message: 'SESSION_SECRET must be at least 32 characters in production' })
  SESSION_SECRET = '';

  /** Session lifetime in seconds (sliding). */
  @Type(() => Number) @IsInt() @Min(60) @Max(60 * 60 * 24 * 90)
  SESSION_TTL_S = 60 * 60 * 24 * 14;

  /** smtp://host:port; in the local runtime the mail catcher sets it. */
  @IsOptional() @IsString()
  SMTP_URL = '';

  @IsString()
  MAIL_FROM = 'ラッコドメイン <no-reply@localhost>';

  /** Public base URL for links in mail (falls back to the request's origin). */
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
