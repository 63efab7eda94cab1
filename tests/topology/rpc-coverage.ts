/**
 * "When you add a call between services, add it to the topology test" made checkable (docs/operations.md, ADR
 * 0027): the topology test records every request pattern sent over the `rpc-<service>` queues while it runs, and
 * its last test fails when a pattern some service handles (a `@MessagePattern` under libs/) was neither sent nor is
 * listed below with the reason it need not be. A new call therefore either gets a step in tests/topology that sends
 * it with the services apart, or a line here that a reviewer reads.
 *
 * Reasons are grouped; to extend at a merge, add the pattern's string to the group that fits (or a new group with its
 * own reason). `rpc-coverage.spec.ts` (unit stage) checks that every listed pattern is still handled somewhere and is
 * listed once.
 */
import fs from 'node:fs';
import path from 'node:path';
import * as contracts from '@registrar/contracts';

const ROOT = path.resolve(__dirname, '../..');

/** Every pattern a service handles: pattern → the file of its handler (a static scan of `@MessagePattern(X.Y)` in libs/). */
export function handledPatterns(): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) {
        if (e.name !== 'node_modules') walk(p);
      } else if (e.name.endsWith('.ts') && !e.name.endsWith('.spec.ts')) {
        const text = fs.readFileSync(p, 'utf8');
        for (const m of text.matchAll(/@MessagePattern\(\s*(\w+)\.(\w+)\s*\)/g)) {
          const group = (contracts as unknown as Record<string, Record<string, string> | undefined>)[m[1]!];
          const pattern = group?.[m[2]!];
          if (typeof pattern !== 'string') throw new Error(`${path.relative(ROOT, p)}: @MessagePattern(${m[1]}.${m[2]}) is not a pattern of @registrar/contracts`);
          out.set(pattern, path.relative(ROOT, p));
        }
        if (/@MessagePattern\(\s*['"`]/.test(text)) throw new Error(`${path.relative(ROOT, p)}: a @MessagePattern with a literal string (use a contracts constant)`);
      }
    }
  };
  for (const lib of fs.readdirSync(path.join(ROOT, 'libs'))) {
    const src = path.join(ROOT, 'libs', lib, 'src');
    if (fs.existsSync(src)) walk(src);
  }
  return out;
}

/**
 * Patterns the topology test does not send, each group with the reason. The transport's guarantees (one replica per
 * request, deadline, idempotency key) are the same for every pattern; what the topology test adds per pattern is the
 * proof that a state change made through it happens once with two replicas. A pattern belongs here only when that
 * proof adds nothing (a read), or is made elsewhere (named in the reason).
 */
export const NOT_IN_TOPOLOGY: ReadonlyArray<{ reason: string; patterns: readonly string[] }> = [
  {
    reason: 'reads: they change nothing, so a second replica could not double anything; one-replica delivery, deadlines and reconnects are the transport\'s, shown by every call this test sends',
    patterns: [
      'admin.console.history', 'admin.domain.by-id', 'admin.domain.info', 'admin.logs.action', 'admin.logs.registrar',
      'catalog.campaign.remaining', 'catalog.categories', 'catalog.custom-price.search', 'catalog.deadline.search', 'catalog.price-group.list', 'catalog.price-group.of-user', 'catalog.price.next-month-exists',
      'catalog.tld.detail', 'catalog.top.tiles',
      'dns.records.get', 'dns.records.list', 'dns.zone.state',
      'domain-ops.action-log.detail', 'domain-ops.action-log.search', 'domain-ops.admin.action-log', 'domain-ops.admin.domain-by-id', 'domain-ops.admin.domain-info',
      'domain-ops.admin.registrar-log', 'domain-ops.domain.banner', 'domain-ops.domain.count', 'domain-ops.domain.create.prereq', 'domain-ops.domain.csv.chunk',
      'domain-ops.domain.default', 'domain-ops.domain.detail', 'domain-ops.domain.owned', 'domain-ops.domain.ready',
      'domain-ops.domain.renew.pending', 'domain-ops.domain.renew.ready', 'domain-ops.domain.renew.status', 'domain-ops.domain.search', 'domain-ops.domain.search.condition',
      'domain-ops.domain.search.ids', 'domain-ops.jp-activation.list', 'domain-ops.market.candidates', 'domain-ops.market.owner', 'domain-ops.move.counts',
      'domain-ops.move.incoming', 'domain-ops.move.outgoing', 'domain-ops.public-whois.domain', 'domain-ops.public-whois.entity', 'domain-ops.public-whois.nameserver',
      'domain-ops.registry-sync.compare', 'domain-ops.registry-sync.job-state', 'domain-ops.transfer.check', 'domain-ops.transfer.hold', 'domain-ops.transfer.in.list',
      'domain-ops.transfer.out.list', 'domain-ops.transfer.tlds', 'domain-ops.user.api.get', 'domain-ops.whois.contact.list', 'domain-ops.whois.org.get',
      'domain-ops.whois.proxy.find-domain', 'domain-ops.whois.status.count',
      'market.admin.listings', 'market.admin.trades', 'market.listing.candidates', 'market.listing.count', 'market.listing.get', 'market.listing.mine',
      'market.listing.search', 'market.notice.list', 'market.offer.list', 'market.sales.summary', 'market.trade.mine',
      'orders.bank-transfer.admin-list', 'orders.bank-transfer.list', 'orders.cart.get', 'orders.card.list', 'orders.payment-session.get', 'orders.point.by-key', 'orders.point.history',
      'orders.statement.list', 'orders.statement.receipt',
      'whois-mail.email.count', 'whois-mail.email.get', 'whois-mail.email.list',
      'availability.claim-check',
      'dns.dnssec.state', 'dns.forwarding.list', 'dns.forwarding.mail-lookup', 'dns.template.preview', 'dns.zonefile.export', 'dns.zonefile.preview',
      'domain-ops.admin.dashboard', 'domain-ops.admin.order', 'market.admin.disputes', 'market.dispute.get', 'market.listing.sitemap', 'orders.payment-session.by-key',
    ],
  },
  {
    reason: 'writes that are the same whoever runs them (a cache dropped, a notice marked read, a zone written from the database, a cart row unique per member and name): running one twice changes nothing',
    patterns: ['availability.invalidate', 'market.notice.read', 'dns.zone.sync', 'orders.cart.add'],
  },
  {
    reason: 'a campaign slot given back by its key, once (one conditional UPDATE on `released_at IS NULL`): sent only when a purchase holding a slot fails or is reconciled, which the fault tests above cause in some runs and not in others (ci13 sent none); once-only shown in tests/integration/catalog/catalog.int-spec.ts ("a released key is not taken again")',
    patterns: ['catalog.campaign.release'],
  },
  {
    reason: 'renewal and transfer: keyed orders and keyed ledger entries per item, a conditional state change per step; shown once-only in tests/integration/renewal/renewal.int-spec.ts and tests/integration/transfer/transfer.int-spec.ts, and their recovery by the money reconciler with two domain-ops replicas in tests/integration/purchase/money-reconciler.int-spec.ts (the topology run has no domain old enough to transfer, and renews by the same ledger path as the purchases it makes)',
    patterns: ['domain-ops.domain.renew', 'domain-ops.transfer.request', 'domain-ops.transfer.hold.save', 'domain-ops.transfer.out.answer', 'orders.point.refund'],
  },
  {
    reason: 'domain settings run as keyed BullMQ jobs per domain (the bulk name-server change and AUTHCODE here show that path once per domain with two replicas); their own rules in tests/integration/whois/*.int-spec.ts, tests/integration/dns/dns.int-spec.ts, tests/integration/operations/operations.int-spec.ts, tests/integration/activation/jp-activation.int-spec.ts, tests/integration/public-api/public-api.int-spec.ts',
    patterns: [
      'domain-ops.whois.dispatch', 'domain-ops.whois.cancel', 'domain-ops.whois.contact.add', 'domain-ops.whois.contact.delete', 'domain-ops.whois.org.update',
      'dns.records.dispatch', 'domain-ops.move.accept', 'domain-ops.move.cancel', 'domain-ops.jp-activation.activate', 'domain-ops.user.api.rotate-key',
      'domain-ops.domain.default.save', 'domain-ops.registry-sync.resync',
    ],
  },
  {
    reason: 'the market beyond buying (offers, cancel, payouts, the super admins\' actions): the same trade steps and ledger keys as the purchase sent here, once-only shown in tests/integration/market/market.int-spec.ts',
    patterns: [
      'market.offer.create', 'market.offer.answer', 'market.listing.cancel', 'market.payout.request', 'market.admin.listing.hide', 'market.admin.payout',
      'market.admin.trade.cancel', 'domain-ops.market.release',
    ],
  },
  {
    reason: 'card and wallet payments: the provider\'s idempotency key and a payment session consumed once (the local Stripe/wallet servers run once, in the demo process); shown in tests/integration/orders/payments.int-spec.ts, wallet.int-spec.ts and reconcile.int-spec.ts, the off-session charge in tests/integration/lifecycle/lifecycle.int-spec.ts',
    patterns: [
      'orders.card.charge-off-session', 'orders.card.default', 'orders.card.registration.complete', 'orders.card.registration.start', 'orders.card.remove',
      'orders.payment-session.auth', 'orders.payment-session.consume', 'orders.payment-session.create', 'orders.stripe.webhook', 'orders.wallet.capture',
      'orders.wallet.session.create',
    ],
  },
  {
    reason: 'back-office writes of single super-admin actions (the import and the bank-transfer confirmation sent here show the admin paths): tests/integration/admin/admin-ops.int-spec.ts (the console), custom-price.int-spec.ts, tests/integration/catalog/catalog.int-spec.ts (the master data import), tests/integration/whois-mail/whois-mail.int-spec.ts',
    patterns: [
      'admin.console.command', 'domain-ops.admin.api-command', 'catalog.custom-price.register', 'catalog.custom-price.remove', 'catalog.import',
      'whois-mail.email.status.success', 'whois-mail.email.type.update',
    ],
  },
  {
    reason: 'DNS beyond records (DNSSEC, zone files, templates, URL and mail forwarding): one transaction per change under the zone row\'s lock, DNSSEC steps committed one by one under a per-domain database lock and run as keyed domain operations; shown in tests/integration/dns/dnssec.int-spec.ts, dns-tools.int-spec.ts and tests/integration/forwarding/forwarding.int-spec.ts (the forwarder\'s two replicas are in this test)',
    patterns: ['dns.dnssec.apply', 'dns.template.apply', 'dns.zonefile.apply', 'dns.forwarding.save-mail', 'dns.forwarding.remove'],
  },
  {
    reason: 'market payments by card or wallet and disputes: a payment session keyed by the trade and consumed once, conditional trade state changes (a dispute and the seller\'s credit exclude each other); shown in tests/integration/market/market-pay-dispute.int-spec.ts',
    patterns: ['market.trade.confirm-payment', 'market.trade.confirm-receipt', 'market.dispute.open', 'market.dispute.message', 'market.admin.dispute.resolve', 'domain-ops.market.return'],
  },
  {
    reason: 'paying an accepted offer (ADR 0032): the choice is recorded by one conditional update under the trade\'s row lock, then the purchase\'s own payment path; two payments at once give one session and one charge, shown in tests/integration/market/market-pay-dispute.int-spec.ts',
    patterns: ['market.trade.pay'],
  },
];

/** NOT_IN_TOPOLOGY flattened: pattern → reason. */
export function notInTopology(): Map<string, string> {
  const m = new Map<string, string>();
  for (const g of NOT_IN_TOPOLOGY) for (const p of g.patterns) m.set(p, g.reason);
  return m;
}
