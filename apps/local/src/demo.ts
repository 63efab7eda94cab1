/**
 * The demo parts of the local runtime as one process of their own, for `npm run start:apart` (scripts/dev/apart.ts):
 * the local Stripe-compatible and wallet servers (unless real keys are configured) and the mail catcher (unless
 * SMTP_URL is given). They run once, however many replicas the services have. Once they listen, the variables the
 * services need to reach them (STRIPE_API_*, PAYPAL_*, SMTP_URL) are written as JSON to DEMO_ENV_FILE.
 */
import 'reflect-metadata';
import fs from 'node:fs';
import { startLocalStripeIfNeeded } from '@registrar/stripe-local';
import { startMailCatcher } from '@registrar/gateway';

const SHARED = ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_API_HOST', 'STRIPE_API_PORT', 'STRIPE_API_PROTOCOL', 'PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET', 'PAYPAL_API_BASE', 'SMTP_URL'];

async function main() {
  if (process.env.NODE_ENV === 'production') throw new Error('the demo parts are for development and tests only');
  const closers: (() => Promise<void>)[] = [];
  const env = { ...process.env };
  const payments = await startLocalStripeIfNeeded(env, (m) => console.log(m));
  if (payments) closers.push(() => payments.close());
  if (!env.SMTP_URL) {
    const catcher = await startMailCatcher({ port: Number(env.MAIL_CATCHER_SMTP_PORT ?? 1025), redisUrl: env.REDIS_URL ?? 'redis://127.0.0.1:6379' });
    env.SMTP_URL = catcher.url;
    closers.push(() => catcher.close());
    console.log(`mail catcher on ${catcher.url}`);
  }
  const out: Record<string, string> = {};
  for (const k of SHARED) if (env[k]) out[k] = env[k]!;
  if (process.env.DEMO_ENV_FILE) fs.writeFileSync(process.env.DEMO_ENV_FILE, JSON.stringify(out));
  const stop = async () => {
    await Promise.allSettled(closers.map((c) => c()));
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
