/**
 * The local payment providers as their own process (docker compose, or by hand): the Stripe-compatible server on
 * STRIPE_LOCAL_PORT (webhooks to STRIPE_LOCAL_WEBHOOK_URL, signed with STRIPE_WEBHOOK_SECRET) and the wallet server on
 * WALLET_LOCAL_PORT (PAYPAL_CLIENT_ID/PAYPAL_CLIENT_SECRET). Point the orders service at them with STRIPE_API_HOST/PORT/
 * PROTOCOL and PAYPAL_API_BASE. Development and tests only. Both listen on loopback unless STRIPE_LOCAL_HOST says
 * otherwise (their keys are public defaults: issue 23, finding 2).
 */
import 'reflect-metadata';
import { startStripeLocal, startWalletLocal } from '@registrar/stripe-local';

async function main() {
  if (process.env.NODE_ENV === 'production' && process.env.ALLOW_LOCAL_PAYMENTS !== '1') throw new Error('the local payment servers are for development and tests only');
  const stripe = await startStripeLocal({
    port: Number(process.env.STRIPE_LOCAL_PORT ?? 12111),
    host: process.env.STRIPE_LOCAL_HOST || '127.0.0.1',
    webhookSecret: process.env.STRIPE_WEBHOOK_SECRET ?? 'whsec_local',
    webhookUrl: process.env.STRIPE_LOCAL_WEBHOOK_URL || undefined,
    secretKey: process.env.STRIPE_SECRET_KEY || undefined,
    publicUrl: process.env.STRIPE_LOCAL_PUBLIC_URL || undefined,
    log: (m) => console.log(m),
  });
  const wallet = await startWalletLocal({
    port: Number(process.env.WALLET_LOCAL_PORT ?? 12112),
    host: process.env.STRIPE_LOCAL_HOST || '127.0.0.1',
    clientId: process.env.PAYPAL_CLIENT_ID ?? 'local-wallet-client',
    clientSecret: process.env.PAYPAL_CLIENT_SECRET ?? 'local-wallet-secret',
    publicUrl: process.env.WALLET_LOCAL_PUBLIC_URL || undefined,
  });
  console.log(`wallet-local listening on ${wallet.url}`);
  const stop = async () => {
    await Promise.allSettled([stripe.close(), wallet.close()]);
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
