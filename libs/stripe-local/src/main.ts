/** Runs the local Stripe-compatible server on its own: STRIPE_LOCAL_PORT, STRIPE_WEBHOOK_SECRET, STRIPE_LOCAL_WEBHOOK_URL. */
import { startStripeLocal } from './stripe-local.server';

startStripeLocal({
  port: Number(process.env.STRIPE_LOCAL_PORT ?? 12111),
  webhookSecret: process.env.STRIPE_WEBHOOK_SECRET ?? 'whsec_local',
  webhookUrl: process.env.STRIPE_LOCAL_WEBHOOK_URL || undefined,
  secretKey: process.env.STRIPE_SECRET_KEY || undefined,
  log: (m) => console.log(m),
}).catch((e) => {
  console.error(e);
  process.exit(1);
});
