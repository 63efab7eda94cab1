import { Type } from 'class-transformer';
import { IsInt, IsIP, IsOptional, IsString, Matches, Max, Min } from 'class-validator';
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
}
