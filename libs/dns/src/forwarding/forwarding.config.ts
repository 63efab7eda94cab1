import { Type } from 'class-transformer';
import { IsInt, IsIP, IsOptional, IsString, Matches, Max, Min, MinLength } from 'class-validator';
import { BaseConfig, Deployed } from '@registrar/infra';

/** URL and mail forwarding as the dns service writes them into zones (docs/forwarding.md). */
export class ForwardingConfig extends BaseConfig {
  /** The IPv4 address of the forwarder (its load balancer): the A record of every forwarded host. */
  @Deployed()
  @IsIP(4)
  FORWARDER_IPV4 = '127.0.0.1';

  /** The IPv6 address of the forwarder: the AAAA record of every forwarded host ('' = none). */
  @IsOptional() @IsString()
  FORWARDER_IPV6 = '';

  /** The host name of our inbound SMTP (the MX of every domain with mail forwarding). */
  @Deployed()
  @Matches(/^(?=.{1,253}$)([a-z0-9-]{1,63}\.)+[a-z0-9-]{1,63}$/i)
  FORWARD_MX_HOST = 'mx.dnsv.jp';

  /** TTL of the records forwarding adds. */
  @Type(() => Number) @IsInt() @Min(60) @Max(86_400)
  FORWARD_RECORD_TTL = 3_600;

  /** Forwarded mails per domain and hour (shown on the screen; the inbound SMTP enforces its own FORWARD_MAIL_PER_DOMAIN_PER_HOUR). */
  @Type(() => Number) @IsInt() @Min(1)
  FORWARD_MAIL_PER_DOMAIN_PER_HOUR = 200;

  /**
   * The ACME directory certificates of forwarded hosts are obtained from (RFC 8555; ADR 0030): Let's Encrypt
   * https://acme-v02.api.letsencrypt.org/directory (staging: https://acme-staging-v02.api.letsencrypt.org/directory).
   * '' = no automatic certificates (HTTPS only where the operator placed one in FORWARDER_CERT_DIR).
   */
  @Deployed()
  @IsOptional() @IsString()
  ACME_DIRECTORY_URL = '';

  /** The contact address of the ACME account (expiry notices of the CA); '' = none. */
  @IsOptional() @IsString()
  ACME_EMAIL = '';

  /** A PEM file of CA certificates to trust for the ACME server's own TLS (a test server such as Pebble); '' = the system's. */
  @IsOptional() @IsString()
  ACME_CA_FILE = '';

  /** The secret the private keys of certificates and of the ACME account are sealed with (the forwarder has the same). */
  @Deployed()
  @IsString() @MinLength(16)
  FORWARD_CERT_SECRET = 'registrar-local-forward-cert-secret';

  /** A certificate is renewed this many days before it ends. */
  @Type(() => Number) @IsInt() @Min(1) @Max(60)
  FORWARD_CERT_RENEW_DAYS = 30;

  /** Attempts of one issuance (BullMQ retries with exponential backoff from FORWARD_CERT_RETRY_MS) before 発行失敗. */
  @Type(() => Number) @IsInt() @Min(1) @Max(20)
  FORWARD_CERT_ATTEMPTS = 4;

  @Type(() => Number) @IsInt() @Min(0) @Max(86_400_000)
  FORWARD_CERT_RETRY_MS = 120_000;

  /** Every this many milliseconds certificates due for renewal (and failed issuances a day old) are queued; 0 = never. */
  @Type(() => Number) @IsInt() @Min(0) @Max(7 * 86_400_000)
  FORWARD_CERT_CHECK_EVERY_MS = 43_200_000;
}
