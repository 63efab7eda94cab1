/**
 * BullMQ queue and job names. Every job name has exactly one handler; a process refuses to start otherwise.
 */
export enum QueueName {
  Availability = 'availability',
  Orders = 'orders',
  /**
   * domain-ops before its features had their own queues (ADR 0036): no producer adds to it any more; each domain-ops
   * replica drains what an older release left there (waiting, delayed, flows) and removes its old job schedulers.
   */
  DomainOps = 'domain-ops',
  /** domain-ops, WHOIS: one domain's WHOIS change at the registry, the sweep of changes awaiting approval */
  DomainOpsWhois = 'domain-ops-whois',
  /** domain-ops, portfolio: bulk domain operations (a flow per run) and expired move requests */
  DomainOpsPortfolio = 'domain-ops-portfolio',
  /** domain-ops, lifecycle: registration and renewal flows, the registry's poll messages, transfers, the daily sweeps */
  DomainOpsLifecycle = 'domain-ops-lifecycle',
  /** domain-ops, registry sync: the admin's resynchronisation with the registry, the money reconciler */
  DomainOpsRegistrySync = 'domain-ops-registry-sync',
  Mail = 'mail',
  /**
   * mail: several outbound mails in one job (`SendMailBatch`), sent over one SMTP connection, still once per key (a
   * claim in mail.sent_mails, ADR 0046). A queue of its own so that a worker older than the batch jobs never takes one.
   */
  MailBatches = 'mail-batches',
  /** catalog's own work: the monthly campaign-counter reset */
  Catalog = 'catalog',
  /** dns: zones PowerDNS serves (created, refreshed, removed) */
  Dns = 'dns',
  /**
   * whois-mail before a job per stored batch (ADR 0044): one ProcessWhoisMail job per mail (`{ emailId }`). The
   * current release adds nothing here; it still runs what an older replica adds (its stores and type changes during a
   * rolling upgrade, its boot sweep).
   */
  WhoisMail = 'whois-mail',
  /**
   * whois-mail: processing of inbound WHOIS proxy mail, one ProcessWhoisMail job per stored batch (`{ emailIds }`) or
   * per mail (`{ emailId }`). A queue of its own so that a replica older than the batch jobs never takes one it cannot
   * run (a rolling upgrade): only the current code consumes it.
   */
  WhoisMailBatches = 'whois-mail-batches',
  /** admin: statistics snapshots */
  Admin = 'admin',
  /** market: the steps of a trade (pay into escrow, move, credit, refund) and its sweep */
  Market = 'market',
}

export enum JobName {
  CheckAvailability = 'check-availability',
  ImportMasterData = 'import-master-data',
  /** orders: asks the payment providers about sessions still waiting (a lost webhook, a browser that never came back) */
  ReconcilePayments = 'reconcile-payments',
  /** domain-ops: one domain of an order, registered over EPP (a child of CompleteOrder) */
  RegisterDomain = 'register-domain',
  /** domain-ops: the parent of an order's RegisterDomain children; ends the order when they all have */
  CompleteOrder = 'complete-order',
  /** domain-ops: right after a registration ended for the member, the registry's view (ROID, expiry) and the default lock (docs/purchase.md) */
  RegistrationFollowUp = 'registration-follow-up',
  /** domain-ops: keeps the reserve of WHOIS proxy contacts made ahead at the registry full (docs/purchase.md) */
  ProxyReserveRefill = 'proxy-reserve-refill',
  /** domain-ops: one domain's WHOIS change or proxy setting at the registry (docs/whois.md) */
  WhoisChange = 'whois-change',
  /** domain-ops: every few seconds, completes WHOIS changes whose registrant approval has arrived at the registry */
  WhoisPendingSweep = 'whois-pending-sweep',
  /** domain-ops: one domain of an operation run (name servers, lock, auto-renew, memo, trash, AUTHCODE, move); a child of CompleteOperation */
  DomainOperation = 'domain-operation',
  /** domain-ops: the parent of an operation run's DomainOperation children; closes the run when they all have ended */
  CompleteOperation = 'complete-operation',
  /** domain-ops: every few minutes, cancels move requests by e-mail not accepted within 7 days */
  ExpireMoveRequests = 'expire-move-requests',
  /** catalog: on the 1st at 0:00 Asia/Tokyo, drops campaign counters of past months */
  ResetCampaignCounters = 'reset-campaign-counters',
  /** dns: bring one zone in line with its domain (registered, name servers changed, moved away, expired) */
  SyncZone = 'sync-zone',
  /** dns: every few minutes, every zone and every domain on our name servers checked (expiry, missed events) */
  ReconcileZones = 'reconcile-zones',
  /** dns: the second step of a DNSSEC rollover or disabling, once the registry's old DS has expired from caches */
  DnssecDue = 'dnssec-due',
  /** dns: obtain (or renew) the HTTPS certificate of one forwarded host over ACME (jobId per host: one issuance at a time) */
  IssueForwardCert = 'issue-forward-cert',
  /** dns: twice a day, certificates within FORWARD_CERT_RENEW_DAYS of their end (and lost issuances) queued again */
  RenewForwardCerts = 'renew-forward-certs',
  /** mail: one outbound mail (libs/mail renders, sends and logs it) */
  SendMail = 'send-mail',
  /** mail: several outbound mails (each with its own key) sent over one SMTP connection (QueueName.MailBatches) */
  SendMailBatch = 'send-mail-batch',
  /** domain-ops: one domain of a renewal, renewed (or restored through RGP) over EPP (a child of CompleteRenewal) */
  RenewDomain = 'renew-domain',
  /** domain-ops: the parent of a renewal's RenewDomain children; closes it and mails the member */
  CompleteRenewal = 'complete-renewal',
  /** domain-ops (daily, Asia/Tokyo): auto-renew of domains with auto-renew on, N days before expiry */
  AutoRenewSweep = 'auto-renew-sweep',
  /** domain-ops (daily, Asia/Tokyo): expiry notice mails 30, 15, 7 and 1 days before expiry */
  ExpiryNoticeSweep = 'expiry-notice-sweep',
  /** domain-ops (every POLL_EVERY_S): reads the registry's poll messages and settles transfers, pending registrations and renewals */
  DrainPollMessages = 'drain-poll-messages',
  /** domain-ops (every few minutes): transfers-in not completed within 7 days are cancelled at the registry and refunded */
  ExpireTransfers = 'expire-transfers',
  /** domain-ops (daily, Asia/Tokyo): provisional .co.jp deadline reminders and, past the deadline, deletion at the registry */
  ProvisionalDeadlineSweep = 'provisional-deadline-sweep',
  /**
   * domain-ops (every MONEY_RECONCILE_EVERY_S): orders and renewals stuck in charging or processing past their deadline,
   * and spends with neither a delivery nor a refund, settled (completed or refunded) with a line in the action log
   */
  ReconcileMoney = 'reconcile-money',
  /** admin (daily, Asia/Tokyo, ADMIN_STATS_SNAPSHOT_CRON): the year's monthly contract stats kept as the day's snapshot */
  AdminStatsSnapshot = 'admin-stats-snapshot',
  /** domain-ops (an admin's click): makes the registry's record of one domain agree with ours (docs/registry-sync.md) */
  RegistryResync = 'registry-resync',
  /** whois-mail: one inbound mail, processed by its type (approve, confirm, forward) */
  ProcessWhoisMail = 'process-whois-mail',
  /** market: takes the price from the buyer's points into escrow (a step of a trade) */
  MarketPay = 'market-pay',
  /** market: moves the domain to the buyer's account (domain-ops' local move) */
  MarketMove = 'market-move',
  /** market: credits the seller the price less the commission, once the move has completed */
  MarketCredit = 'market-credit',
  /** market: gives the buyer the whole price back (a failed move, a cancel) */
  MarketRefund = 'market-refund',
  /** market (every minute): trades left mid-step (a killed process) are put back on their step; ended listings close */
  MarketSweep = 'market-sweep',
}
