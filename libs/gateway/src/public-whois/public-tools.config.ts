import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Matches, Max, Min } from 'class-validator';
import { BaseConfig, Deployed } from '@registrar/infra';

/** Settings of the public WHOIS, RDAP and port-43 services and the website connection check (docs/public-whois.md). */
export class PublicToolsConfig extends BaseConfig {
  /** the port-43 WHOIS server of the domains we sponsor; 0 = none */
  @Type(() => Number) @IsInt() @Min(0) @Max(65535)
  WHOIS_PORT = 4343;

  /** the address the port-43 server binds (loopback unless HOST says otherwise) */
  @IsOptional() @IsString()
  WHOIS_BIND = '';

  /** the public base URL of our RDAP service (links in answers); empty = APP_URL + /rdap, else http://127.0.0.1:PORT/rdap */
  @IsOptional() @IsString()
  RDAP_BASE_URL = '';

  /** the registry's RDAP base URL (the registry simulator locally), asked first by the lookup page as RDAP clients do */
  @Deployed()
  @IsString() @Matches(/^https?:\/\/\S+$/)
  REGISTRY_RDAP_URL = 'http://127.0.0.1:4380/rdap';

  /** how long one RDAP request of the lookup page may take */
  @Type(() => Number) @IsInt() @Min(100) @Max(60_000)
  RDAP_CLIENT_TIMEOUT_MS = 5_000;

  @IsString()
  REGISTRAR_NAME = 'Rakko Registrar';

  /** the IANA registrar id shown in RDAP and WHOIS (a placeholder locally) */
  @IsString()
  REGISTRAR_IANA_ID = '9999';

  @IsString()
  REGISTRAR_URL = 'https://rakko.example';

  @IsString()
  REGISTRAR_ABUSE_EMAIL = 'abuse@rakko.example';

  @IsString()
  REGISTRAR_ABUSE_PHONE = '+81.312345678';

  /** the host name of our port-43 service as published (port43 member, "Registrar WHOIS Server") */
  @IsString()
  WHOIS_SERVER_NAME = 'whois.rakko.example';

  /**
   * The website connection check's resolver: `host:port` list (comma-separated); empty = the system's resolver.
   * Tests point it at our PowerDNS.
   */
  @IsOptional() @IsString()
  CONNECTION_CHECK_RESOLVER = '';

  /** timeout of each check (DNS query, TCP/TLS connect, HTTP answer) */
  @Type(() => Number) @IsInt() @Min(100) @Max(60_000)
  CONNECTION_CHECK_TIMEOUT_MS = 5_000;

  /** extra CA certificates (PEM file) the certificate check trusts, for a local HTTPS server in tests; empty = the system's */
  @IsOptional() @IsString()
  CONNECTION_CHECK_CA_FILE = '';

  /** 1: private and loopback targets are allowed (the local runtime and tests only; never in a deployment) */
  @IsOptional() @IsString()
  CONNECTION_CHECK_ALLOW_PRIVATE = '';

  @IsOptional() @IsString()
  APP_URL = '';

  @Type(() => Number) @IsInt() @Min(0) @Max(65535)
  PORT = 8080;

  get rdapBaseUrl(): string {
    return (this.RDAP_BASE_URL || (this.APP_URL ? `${this.APP_URL.replace(/\/+$/, '')}/rdap` : `http://127.0.0.1:${this.PORT}/rdap`)).replace(/\/+$/, '');
  }
}
