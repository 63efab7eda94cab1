import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Min, MinLength } from 'class-validator';
import { BaseConfig, Deployed } from '@registrar/infra';

/** Mail forwarding by the inbound SMTP (docs/forwarding.md). */
export class ForwardMailConfig extends BaseConfig {
  /** The key of the SRS rewriting (HMAC): keep it across restarts, or bounces of mail forwarded before are refused. */
  @Deployed()
  @IsString() @MinLength(16)
  FORWARD_SRS_SECRET = process.env.NODE_ENV === 'production' ? '' : 'local-srs-secret';

  /** The domain of rewritten senders: its SPF must allow our outbound mail server ('' = WHOIS_PROXY_MAIL_DOMAIN). */
  @IsOptional() @IsString()
  FORWARD_SRS_DOMAIN = '';

  /** Forwarded mails per domain and hour; more are deferred (450) and the sender retries later. */
  @Type(() => Number) @IsInt() @Min(1)
  FORWARD_MAIL_PER_DOMAIN_PER_HOUR = 200;

  /** Received headers a message may carry before it is taken for a loop (RFC 5321 §6.3 suggests 100; real paths are < 20). */
  @Type(() => Number) @IsInt() @Min(5)
  FORWARD_MAX_HOPS = 30;

  /** smtp:// of the outbound relay ('' = SMTP_URL, the mail module's). */
  @IsOptional() @IsString()
  FORWARD_SMTP_URL = '';

  @IsOptional() @IsString()
  SMTP_URL = '';
}
