import 'reflect-metadata';
import path from 'node:path';
import { Type } from 'class-transformer';
import { IsInt, IsNumber, IsString, Matches, Max, Min } from 'class-validator';
import { BaseConfig, Deployed } from '@registrar/infra';

const ROOT = path.resolve(__dirname, '../../../..');

/**
 * Environment of the registry simulator. Registrar credentials are configuration:
 * REGISTRY_SIM_REGISTRARS="clientId:password,clientId:password" (local defaults in README.md).
 */
export class RegistrySimConfig extends BaseConfig {
  @Type(() => Number) @IsInt() @Min(1) @Max(65535)
  EPP_PORT = 7700;

  /** the admin channel (test clock, fault injection); 0 = EPP_PORT + 1. Always bound to 127.0.0.1. */
  @Type(() => Number) @IsInt() @Min(0) @Max(65535)
  EPP_ADMIN_PORT = 0;

  @IsString()
  EPP_BIND = '0.0.0.0';

  @IsString() @Matches(/^[A-Za-z0-9_.-]{3,16}:[^,:]{6,}(,[A-Za-z0-9_.-]{3,16}:[^,:]{6,})*$/, { message: 'REGISTRY_SIM_REGISTRARS must be clientId:password[,clientId:password…]' })
  REGISTRY_SIM_REGISTRARS = 'rakko:rakko-local-pass,other-registrar:other-local-pass,third-registrar:third-local-pass';

  /** where the self-signed certificate is kept (made at first start) */
  @IsString()
  REGISTRY_SIM_CERT_DIR = path.join(ROOT, '.data/registry-sim');

  /** host names the certificate is made for (comma-separated; compose and k8s add the service name) */
  @Deployed()
  @IsString() @Matches(/^[A-Za-z0-9.-]+(,[A-Za-z0-9.-]+)*$/)
  REGISTRY_SIM_CERT_HOSTS = 'localhost';

  /** the catalogue's TLD list (tld_name column); without it every TLD is served */
  @IsString()
  REGISTRY_SIM_TLD_FILE = path.join(ROOT, 'data/master/tld.csv');

  /** share of unregistered names reported as taken by someone else (deterministic per name) */
  @Type(() => Number) @IsNumber() @Min(0) @Max(1)
  REGISTRY_SIM_TAKEN_SHARE = 0.3;

  /** sessions per registrar */
  @Type(() => Number) @IsInt() @Min(1) @Max(1000)
  REGISTRY_SIM_MAX_SESSIONS = 64;

  /** seconds between lifecycle sweeps (auto-approve, expiry, purge) in real time */
  @Type(() => Number) @IsInt() @Min(1) @Max(3600)
  REGISTRY_SIM_SWEEP_SECONDS = 5;

  /** seconds of inactivity before the server ends a session */
  @Type(() => Number) @IsInt() @Min(10) @Max(86400)
  REGISTRY_SIM_IDLE_SECONDS = 600;

  /**
   * Where the registry sends its mail (the registrant-change approval): an SMTP URL. The local runtime and the e2e
   * system point it at the mail catcher (or the inbound SMTP server of the WHOIS mail inbox); empty = no mail, the
   * link is only logged and listed at GET /registrant-changes of the admin channel.
   */
  @IsString()
  REGISTRY_SIM_SMTP_URL = '';

  /**
   * Per mail domain SMTP targets, as the MX of each domain would route: `maildomain=smtp://host:port[,…]`. The local
   * runtime and the e2e system send the WHOIS proxy domain's mail to the inbound SMTP server of the WHOIS mail inbox.
   */
  @IsString() @Matches(/^$|^[a-z0-9.-]+=smtps?:\/\/[^,=\s]+(,[a-z0-9.-]+=smtps?:\/\/[^,=\s]+)*$/i)
  REGISTRY_SIM_SMTP_ROUTES = '';

  @IsString()
  REGISTRY_SIM_MAIL_FROM = 'change-of-registrant@registry-sim.example';

  /** a public port (on EPP_BIND) serving only the approval links; 0 = none (the admin channel serves them on loopback) */
  @Type(() => Number) @IsInt() @Min(0) @Max(65535)
  REGISTRY_SIM_APPROVAL_PORT = 0;

  /** base of the approval links in the mail; empty = the admin channel, http://127.0.0.1:<admin port> */
  @IsString()
  REGISTRY_SIM_APPROVAL_BASE_URL = '';

  /** registrant contact ids of the registrars' own privacy services (a regular expression): a change to them needs no approval */
  @IsString()
  REGISTRY_SIM_PRIVACY_CONTACTS = '^rkpx';

  /** the registry's RDAP service (HTTP, /rdap/domain/<name>) on EPP_BIND; 0 = none */
  @Type(() => Number) @IsInt() @Min(0) @Max(65535)
  REGISTRY_SIM_RDAP_PORT = 0;

  /** the registry's port-43 WHOIS on EPP_BIND; 0 = none */
  @Type(() => Number) @IsInt() @Min(0) @Max(65535)
  REGISTRY_SIM_WHOIS_PORT = 0;

  /** public base URL of the registry's RDAP; empty = http://127.0.0.1:<REGISTRY_SIM_RDAP_PORT>/rdap */
  @IsString()
  REGISTRY_SIM_RDAP_BASE_URL = '';

  /** each registrar's RDAP base URL, `clientId=url[,…]`: the registry's answers link to it (rel "related") */
  @IsString() @Matches(/^$|^[A-Za-z0-9_.-]+=https?:\/\/[^,=\s]+(,[A-Za-z0-9_.-]+=https?:\/\/[^,=\s]+)*$/)
  REGISTRY_SIM_REGISTRAR_RDAP = '';

  /** each registrar's port-43 server name, `clientId=host[,…]` ("Registrar WHOIS Server") */
  @IsString() @Matches(/^$|^[A-Za-z0-9_.-]+=[A-Za-z0-9.:-]+(,[A-Za-z0-9_.-]+=[A-Za-z0-9.:-]+)*$/)
  REGISTRY_SIM_REGISTRAR_WHOIS = 'rakko=whois.rakko.example';

  get rdapBaseUrl(): string {
    return (this.REGISTRY_SIM_RDAP_BASE_URL || `http://127.0.0.1:${this.REGISTRY_SIM_RDAP_PORT}/rdap`).replace(/\/+$/, '');
  }

  pairs(v: string): Map<string, string> {
    return new Map(v.split(',').filter(Boolean).map((r) => {
      const i = r.indexOf('=');
      return [r.slice(0, i), r.slice(i + 1)] as [string, string];
    }));
  }

  get approvalBaseUrl(): string {
    return (this.REGISTRY_SIM_APPROVAL_BASE_URL || `http://127.0.0.1:${this.adminPort}`).replace(/\/+$/, '');
  }

  smtpRoutes(): Map<string, string> {
    return new Map(this.REGISTRY_SIM_SMTP_ROUTES.split(',').filter(Boolean).map((r) => {
      const i = r.indexOf('=');
      return [r.slice(0, i).toLowerCase(), r.slice(i + 1)] as [string, string];
    }));
  }

  get adminPort(): number {
    return this.EPP_ADMIN_PORT || this.EPP_PORT + 1;
  }

  registrars(): Map<string, string> {
    return new Map(this.REGISTRY_SIM_REGISTRARS.split(',').map((p) => p.split(':') as [string, string]));
  }
}
