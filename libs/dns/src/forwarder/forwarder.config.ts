import { Type } from 'class-transformer';
import { IsInt, IsString, Max, Min, MinLength } from 'class-validator';
import { BaseConfig, Deployed } from '@registrar/infra';

/** The forwarder (apps/forwarder): answers HTTP(S) for forwarded hosts with a redirect (docs/forwarding.md). */
export class ForwarderConfig extends BaseConfig {
  /** HTTP port (80 behind the load balancer whose address is FORWARDER_IPV4). */
  @Type(() => Number) @IsInt() @Min(0) @Max(65_535)
  FORWARDER_PORT = 8_080;

  @IsString()
  FORWARDER_HOST = '0.0.0.0';

  /**
   * HTTPS port; 0 = no HTTPS. A host is answered over HTTPS with the certificate the dns service obtained over ACME
   * (dns.forward_certs), else one the operator placed in FORWARDER_CERT_DIR; without either the handshake fails.
   */
  @Type(() => Number) @IsInt() @Min(0) @Max(65_535)
  FORWARDER_HTTPS_PORT = 0;

  /** Certificates placed by hand, by host: <dir>/<fqdn>/fullchain.pem and privkey.pem (the certbot layout). */
  @IsString()
  FORWARDER_CERT_DIR = '.data/forwarder-certs';

  /** How long a rule (or its absence) is kept in memory; changes are announced on Redis and drop it at once. */
  @Type(() => Number) @IsInt() @Min(0) @Max(3_600_000)
  FORWARDER_CACHE_MS = 60_000;

  /** Rules kept in memory at most (least recently used go first). */
  @Type(() => Number) @IsInt() @Min(0)
  FORWARDER_CACHE_ENTRIES = 50_000;

  /** The secret the dns service seals certificates' private keys with (its FORWARD_CERT_SECRET). */
  @Deployed()
  @IsString() @MinLength(16)
  FORWARD_CERT_SECRET = 'registrar-local-forward-cert-secret';
}
