import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Min } from 'class-validator';
import { BaseConfig, Deployed } from '@registrar/infra';

/** Outbound mail settings, validated at boot. */
export class MailConfig extends BaseConfig {
  /** smtp://host:port (or smtps://user:pass@host); in the local runtime and tests the mail catcher sets it. */
  @Deployed()
  @IsOptional() @IsString()
  SMTP_URL = '';

  @Deployed()
  @IsString()
  MAIL_FROM = 'ラッコドメイン <no-reply@localhost>';

  /** sending attempts per mail (exponential backoff from MAIL_BACKOFF_MS) */
  @Type(() => Number) @IsInt() @Min(1)
  MAIL_ATTEMPTS = 8;

  @Type(() => Number) @IsInt() @Min(10)
  MAIL_BACKOFF_MS = 2_000;

  @Type(() => Number) @IsInt() @Min(1)
  MAIL_CONCURRENCY = 4;
}
