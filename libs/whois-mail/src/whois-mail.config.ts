import { Transform, Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, Min } from 'class-validator';
import { BaseConfig, Deployed } from '@registrar/infra';

/** base URLs keep their case (paths are case-sensitive) */
const urls = ({ value }: { value: unknown }) => (Array.isArray(value) ? value : String(value ?? '').split(',')).map((s) => String(s).trim()).filter(Boolean);
const list = ({ value }: { value: unknown }) => (Array.isArray(value) ? value : String(value ?? '').split(',')).map((s) => String(s).trim().toLowerCase()).filter(Boolean);

/** Configuration of the whois-mail service, validated at boot (docs/whois-mail.md). */
export class WhoisMailConfig extends BaseConfig {
  /** Port of the inbound SMTP server (an MX in compose and k8s). */
  @Type(() => Number) @IsInt() @Min(0) @Max(65535)
  SMTP_INBOUND_PORT = 2525;

  /** Address it listens on (127.0.0.1 locally; 0.0.0.0 in containers). */
  @Deployed()
  @IsString()
  SMTP_INBOUND_HOST = '127.0.0.1';

  /** Name announced in the SMTP greeting. */
  @IsString()
  SMTP_INBOUND_HOSTNAME = 'mx.whois-proxy.rakko.example';

  /** The mail domain of the per-domain WHOIS proxy addresses; only its existing addresses are accepted. */
  @Deployed()
  @IsString()
  WHOIS_PROXY_MAIL_DOMAIN = 'whois-proxy.rakko.example';

  /**
   * STARTTLS: the key and certificate (PEM files) of the MX name. Without them a self-signed local certificate is
   * made in SMTP_INBOUND_TLS_DIR outside production; in production STARTTLS is then not offered.
   */
  @IsOptional() @IsString()
  SMTP_INBOUND_TLS_KEY_FILE?: string;
  @IsOptional() @IsString()
  SMTP_INBOUND_TLS_CERT_FILE?: string;
  @IsString()
  SMTP_INBOUND_TLS_DIR = '.data/whois-mail-smtp';

  /** Largest message accepted (bytes); a larger one is refused with 552 and nothing is stored. */
  @Type(() => Number) @IsInt() @Min(1024) @Max(100 * 1024 * 1024)
  SMTP_INBOUND_MAX_BYTES = 10 * 1024 * 1024;

  /** Recipients per message. */
  @Type(() => Number) @IsInt() @Min(1) @Max(1000)
  SMTP_INBOUND_MAX_RECIPIENTS = 20;

  /** Messages one sender may deliver per hour; more are deferred with 450 (the sender retries later: nothing is lost). */
  @Type(() => Number) @IsInt() @Min(1)
  SMTP_INBOUND_PER_SENDER_PER_HOUR = 200;

  /** Simultaneous SMTP connections. */
  @Type(() => Number) @IsInt() @Min(1)
  SMTP_INBOUND_MAX_CLIENTS = 200;

  /**
   * The registries whose mail may make us open a link (issue 23, finding 3). A link in an approval or accuracy-check
   * mail is opened only when ALL hold: the envelope sender and the From address are one of WHOIS_MAIL_REGISTRY_SENDERS
   * (an address, or `@domain`), the mail carries X-Registry-Signature, the HMAC of that link under
   * WHOIS_MAIL_REGISTRY_SECRET, and the link starts with one of WHOIS_MAIL_APPROVAL_BASE_URLS exactly. Redirects are
   * followed only within the link's own origin. Any other mail is forwarded to the member. Outside production the
   * defaults are the registry simulator's (its admin channel on EPP_ADMIN_PORT); in production nothing is trusted
   * until configured.
   */
  @Deployed()
  @IsOptional() @Transform(list)
  WHOIS_MAIL_REGISTRY_SENDERS: string[] = process.env.NODE_ENV === 'production' ? [] : ['change-of-registrant@registry-sim.example'];

  @Deployed()
  @IsOptional() @Transform(urls)
  WHOIS_MAIL_APPROVAL_BASE_URLS: string[] = process.env.NODE_ENV === 'production' || !process.env.EPP_ADMIN_PORT ? [] : [`http://127.0.0.1:${process.env.EPP_ADMIN_PORT}/registrant-change/`];

  @Deployed()
  @IsString()
  WHOIS_MAIL_REGISTRY_SECRET = process.env.NODE_ENV === 'production' ? '' : 'registry-sim-local-mail-secret';

  /** Attempts of a processing job before the mail is marked failed, and the first retry delay (exponential). */
  @Type(() => Number) @IsInt() @Min(1) @Max(20)
  WHOIS_MAIL_ATTEMPTS = 4;
  @Type(() => Number) @IsInt() @Min(10)
  WHOIS_MAIL_BACKOFF_MS = 5_000;

  /**
   * How long the replica that stored a batch (or the attempt that started a mail) holds its processing, in seconds:
   * a batch is processed where it is stored, with no job (ADR 0054, n2), and the sweep queues a job only for untreated
   * mails whose lease is over (their replica died). Longer than an attempt can run: a batch of at most 50 mails, 8
   * links at once, 15 s each (about 105 s at worst).
   */
  @Type(() => Number) @IsInt() @Min(1) @Max(86_400)
  WHOIS_MAIL_LEASE_S = 180;

  /**
   * Proxy addresses each replica keeps with their domain, as domain-ops answered (ADR 0056): an RCPT to one of them is
   * answered without asking domain-ops while the proxy address relay's beats arrive; a change of the address or its
   * domain drops it at once. An address not kept (or over the size: the oldest go first) is asked of domain-ops as
   * before. 0: ask every time.
   */
  @Type(() => Number) @IsInt() @Min(0) @Max(10_000_000)
  PROXY_ADDRESS_BOOK_SIZE = 100_000;

  /** How often each replica sweeps for untreated mails whose lease is over (ms; also once at boot). */
  @Type(() => Number) @IsInt() @Min(100)
  WHOIS_MAIL_SWEEP_EVERY_MS = 30_000;

  /** Parallel processing jobs per replica (and, apart from them, stored batches processed where they were stored). */
  @Type(() => Number) @IsInt() @Min(1) @Max(128)
  WHOIS_MAIL_CONCURRENCY = 8;
}
