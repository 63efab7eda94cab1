/**
 * The local runtime: every service in one process. They still talk only through BullMQ (command queues for requests,
 * job queues for work), exactly as when each runs from its own apps/<service> entry point (npm run start:apart).
 */
import 'reflect-metadata';
import { INestApplicationContext } from '@nestjs/common';
import { closeAll, startService } from '@registrar/infra';
import { CatalogServiceModule } from '@registrar/catalog';
import { AvailabilityServiceModule } from '@registrar/availability';
import { OrdersServiceModule } from '@registrar/orders';
import { DomainOpsServiceModule } from '@registrar/domain-ops';
import { DnsServiceModule, ForwarderModule } from '@registrar/dns';
import { WhoisMailServiceModule } from '@registrar/whois-mail';
import { AdminServiceModule } from '@registrar/admin';
import { MarketServiceModule } from '@registrar/market';
import { startLocalStripeIfNeeded } from '@registrar/stripe-local';
import { startGateway, startMailCatcher } from '@registrar/gateway';

async function main() {
  const apps: INestApplicationContext[] = [];
  const shutdown = async () => {
    await closeAll(apps);
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  apps.push(await startService('catalog', CatalogServiceModule));
  apps.push(await startService('availability', AvailabilityServiceModule));
  // the local Stripe-compatible server stands in for Stripe unless real keys are configured (docs/payments.md)
  const stripeLocal = await startLocalStripeIfNeeded(process.env, (m) => console.log(m));
  if (stripeLocal) apps.push({ close: () => stripeLocal.close() } as unknown as INestApplicationContext);
  // the local runtime's sample payee for bank-transfer top-ups (a real deployment sets its own, docs/payments.md)
  if (process.env.NODE_ENV !== 'production') process.env.BANK_TRANSFER_ACCOUNT ??= 'ラッコ銀行（ローカル） 本店営業部 普通 1234567 ラッコドメイン（カ';
  apps.push(await startService('orders', OrdersServiceModule));
  apps.push(await startService('domain-ops', DomainOpsServiceModule));
  apps.push(await startService('dns', DnsServiceModule));
  // URL forwarding's HTTP server on FORWARDER_PORT (docs/forwarding.md)
  apps.push(await startService('forwarder', ForwarderModule));
  // inbound SMTP of the WHOIS proxy addresses on SMTP_INBOUND_PORT (2525)
  apps.push(await startService('whois-mail', WhoisMailServiceModule));
  // the back office's statistics, imports, logs and command console (docs/admin.md)
  apps.push(await startService('admin', AdminServiceModule));
  // the domain market: listings, trades as jobs, sales and payouts (docs/market.md)
  apps.push(await startService('market', MarketServiceModule));
  // the local mail catcher (account mail is readable at /dev/mail); a real SMTP_URL, when given, wins
  if (!process.env.SMTP_URL && process.env.NODE_ENV !== 'production') {
    const catcher = await startMailCatcher({ port: Number(process.env.MAIL_CATCHER_SMTP_PORT ?? 1025), redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' });
    process.env.SMTP_URL = catcher.url;
    apps.push({ close: () => catcher.close() } as unknown as INestApplicationContext);
  }
  apps.push(await startGateway());
  process.send?.({ ready: true });
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
