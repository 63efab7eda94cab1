import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Matches, Max, Min } from 'class-validator';
import { BaseConfig, Deployed } from '@registrar/infra';

/** Configuration of the domain-ops service (the EPP client has its own, EppClientConfig). */
export class DomainOpsConfig extends BaseConfig {
  /**
   * The registry simulator's operator channel (its admin HTTP port), used to set past dates when the demo portfolio is
   * seeded or resynchronised (docs/registry-sync.md). Empty: 127.0.0.1:EPP_ADMIN_PORT (else EPP_PORT + 1) in the local
   * runtime and tests, none in production (a real registry has no such channel: our due date follows the registry's).
   */
  @IsOptional() @IsString()
  REGISTRY_OPERATOR_URL = '';

  /** Attempts of a RegisterDomainJob before the domain is refunded. */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(20)
  REGISTER_ATTEMPTS = 5;

  /** First backoff of a RegisterDomainJob retry (exponential). */
  @Type(() => Number)
  @IsInt()
  @Min(10)
  REGISTER_BACKOFF_MS = 2_000;

  /** Parallel RegisterDomainJobs per replica. */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(64)
  REGISTER_CONCURRENCY = 8;

  /**
   * The mail domain of the WHOIS privacy proxy: every proxied domain gets its own address `<token>@` this domain
   * (docs/whois.md). Mail to it reaches the WHOIS mail inbox, which finds the domain by the address.
   */
  @Deployed()
  @Matches(/^(?=.{3,253}$)[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/)
  WHOIS_PROXY_MAIL_DOMAIN = 'whois-proxy.rakko.example';

  /**
   * WHOIS proxy contacts kept made ahead at the registry (each random, for no domain yet): a registration with proxy
   * takes one instead of sending contact:create before its domain:create (0 = no reserve, the contact is made then).
   */
  @Type(() => Number) @IsInt() @Min(0) @Max(10_000)
  PROXY_RESERVE_SIZE = 100;

  /** Seconds between top-ups of the proxy contact reserve (a registration that leaves it under half full asks for one at once). */
  @Type(() => Number) @IsInt() @Min(1) @Max(3600)
  PROXY_RESERVE_EVERY_S = 30;

  /**
   * Seconds a reserve contact of another WHOIS_PROXY_MAIL_DOMAIN than this replica's is left alone before it is deleted
   * (counted from when a run of another setting first found it, restarted by every run of its own setting): longer than
   * a rollout, so that while replicas of both settings run none deletes the contacts the others hand out (ADR 0045).
   */
  @Type(() => Number) @IsInt() @Min(0) @Max(30 * 86_400)
  PROXY_RESERVE_RETIRE_GRACE_S = 3600;

  /**
   * Milliseconds between the beats of the proxy address relay (ProxyAddressRelay, ADR 0056): whois-mail's replicas keep
   * the proxy address answers they got only while beats arrive (for 3 intervals after the last was sent), so this
   * bounds how long a kept answer can outlive its address when every relay has died or lags. 0: no relay, whois-mail
   * asks every time.
   */
  @Type(() => Number) @IsInt() @Min(0) @Max(60_000)
  PROXY_ADDRESS_BEAT_MS = 1_000;

  /** Seconds between checks of WHOIS changes waiting for the registrant's approval (0 = no periodic check). */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(3600)
  WHOIS_SWEEP_EVERY_S = 10;

  /** Auto-renew runs this many days before a domain's expiry (Tokyo days). */
  @Type(() => Number) @IsInt() @Min(1) @Max(60)
  AUTO_RENEW_DAYS_BEFORE = 30;

  /** Members whose due domains the auto-renew sweep handles at once (one member's domains always in order). */
  @Type(() => Number) @IsInt() @Min(1) @Max(256)
  AUTO_RENEW_CONCURRENCY = 16;

  /** Cron patterns (Asia/Tokyo) of the daily lifecycle jobs; '' turns a schedule off (the jobs can still be run by hand). */
  @IsString()
  AUTO_RENEW_CRON = '0 9 * * *';
  @IsString()
  EXPIRY_NOTICE_CRON = '0 10 * * *';
  /** provisional .co.jp deadline: reminders and deletion past it (docs/renewal-lifecycle.md) */
  @IsString()
  PROVISIONAL_DEADLINE_CRON = '30 10 * * *';

  /** Attempts of one domain of an operation run before its row ends in error. */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(20)
  OPERATION_ATTEMPTS = 5;

  /** First backoff of a retried domain operation (exponential). */
  @Type(() => Number)
  @IsInt()
  @Min(10)
  OPERATION_BACKOFF_MS = 1_000;

  /**
   * Items per job of a renewal (ADR 0037; an operation run's chunk is OPERATION_DOMAINS_PER_JOB): a job's items run at once, each
   * with its own row and outcome, their database writes together; a retry of the job runs only its unended domains.
   * Smaller spreads a run over more replicas; larger costs fewer queue jobs (each is several Redis round trips).
   */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(100)
  DOMAINS_PER_JOB = 25;

  /**
   * Domains per job of an operation run (the list's bulk modals; ADR 0058): larger than a renewal's chunk, since an
   * operation's domains cost the queue nothing but their job. A run of 1,000 domains is 10 jobs instead of 40: fewer
   * BullMQ commands and Lua scripts per domain (adding, taking and finishing each job, its parent's bookkeeping), and
   * every domain's command is queued on the EPP pool from the start, as a raw client would send them. A run's jobs
   * still spread over the replicas; a job's retry still runs only its rows still queued.
   */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(250)
  OPERATION_DOMAINS_PER_JOB = 100;

  /** How often move requests by e-mail older than 7 days are cancelled (0: never, tests run the job themselves). */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  MOVE_SWEEP_EVERY_S = 300;

  /** How often the registry's poll messages are read (transfers, pending registrations and renewals; 0: never, tests run the job themselves). */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  POLL_EVERY_S = 60;

  /** How often transfers-in older than 7 days are cancelled at the registry and refunded (0: never). */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  TRANSFER_SWEEP_EVERY_S = 600;

  /**
   * Parallel jobs per replica for operation runs (the EPP pool bounds registry commands; the rest of a child is
   * database work that overlaps). Each feature's worker (whois, portfolio, lifecycle, registry-sync, and the drain of
   * the old queue) runs max(REGISTER_CONCURRENCY, this), as the one worker of `domain-ops` did (ADR 0036).
   */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(256)
  OPERATION_CONCURRENCY = 32;

  /**
   * Seconds between checks of the old queue `domain-ops` for jobs an older release left or still adds during a rolling
   * upgrade (ADR 0036: they are run by name, in place, then the drain pauses); 0 = checked at boot and when drained only.
   */
  @Type(() => Number) @IsInt() @Min(0) @Max(3600)
  LEGACY_DRAIN_CHECK_S = 30;

  /** Seconds between runs of the money reconciler (docs/payments.md); 0 = no schedule. */
  @Type(() => Number) @IsInt() @Min(0) @Max(86_400)
  MONEY_RECONCILE_EVERY_S = 60;

  /** An order or renewal still "charging" this many seconds after it was made is given up and refunded. */
  @Type(() => Number) @IsInt() @Min(1) @Max(86_400)
  CHARGING_DEADLINE_S = 300;

  /** An order or renewal still "processing" this long with no live job is resumed (once), then its unfinished items refunded. */
  @Type(() => Number) @IsInt() @Min(1) @Max(7 * 86_400)
  PROCESSING_DEADLINE_S = 1_800;

  /** How far back (days) the reconciler looks for spends with neither a delivery nor a refund. */
  @Type(() => Number) @IsInt() @Min(1) @Max(365)
  MONEY_RECONCILE_WINDOW_DAYS = 3;

  /**
   * Milliseconds a call to the points ledger (orders service) is waited for. A spend carries it as its deadline: the
   * ledger refuses a charge that arrives later, when the purchase has already been given up.
   */
  @Type(() => Number) @IsInt() @Min(500) @Max(600_000)
  LEDGER_TIMEOUT_MS = 30_000;
}
