import { startStripeLocal, StripeLocalServer } from './stripe-local.server';
import { startWalletLocal, WalletLocalServer } from './wallet-local.server';

/**
 * For the local runtime: stands in for the payment providers that have no real credentials configured.
 * - Stripe: unless real keys (or an explicit STRIPE_API_HOST) are set, the local Stripe-compatible server runs on
 *   STRIPE_LOCAL_PORT (default PORT + 1), sends its webhooks to this gateway, and the orders service's Stripe SDK is
 *   pointed at it (STRIPE_API_HOST/PORT/PROTOCOL).
 * - Wallet: unless PAYPAL_CLIENT_ID is set, the local wallet server runs on WALLET_LOCAL_PORT (default PORT + 2) and
 *   PAYPAL_API_BASE/CLIENT_ID/CLIENT_SECRET point at it.
 * Never in production. Returns a handle that closes what it started (null when nothing was started).
 */
export async function startLocalStripeIfNeeded(env: NodeJS.ProcessEnv = process.env, log?: (m: string) => void): Promise<{ close(): Promise<void>; stripe: StripeLocalServer | null; wallet: WalletLocalServer | null } | null> {
  if (env.NODE_ENV === 'production') return null;
  // loopback like every other local server (issue 23, finding 2): the keys are public defaults, so anyone who could
  // reach these ports could create payments and make webhooks; STRIPE_LOCAL_HOST opens them deliberately
  const host = env.STRIPE_LOCAL_HOST || '127.0.0.1';
  const appPort = Number(env.PORT ?? 8080);
  let stripe: StripeLocalServer | null = null;
  let wallet: WalletLocalServer | null = null;
  const key = env.STRIPE_SECRET_KEY ?? '';
  if (!env.STRIPE_API_HOST && (!key || key === 'sk_test_local')) {
    const port = Number(env.STRIPE_LOCAL_PORT ?? appPort + 1);
    env.STRIPE_SECRET_KEY = 'sk_test_local';
    env.STRIPE_WEBHOOK_SECRET ||= 'whsec_local';
    stripe = await startStripeLocal({
      port,
      host,
      secretKey: env.STRIPE_SECRET_KEY,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET,
      webhookUrl: `http://127.0.0.1:${appPort}/stripe/webhook`,
      publicUrl: env.STRIPE_LOCAL_PUBLIC_URL || `http://localhost:${port}`,
      log,
    });
    env.STRIPE_API_HOST = '127.0.0.1';
    env.STRIPE_API_PORT = String(stripe.port);
    env.STRIPE_API_PROTOCOL = 'http';
  }
  if (!env.PAYPAL_CLIENT_ID) {
    const port = Number(env.WALLET_LOCAL_PORT ?? appPort + 2);
    env.PAYPAL_CLIENT_ID = 'local-wallet-client';
    env.PAYPAL_CLIENT_SECRET = 'local-wallet-secret';
    wallet = await startWalletLocal({ port, host, clientId: env.PAYPAL_CLIENT_ID, clientSecret: env.PAYPAL_CLIENT_SECRET, publicUrl: env.WALLET_LOCAL_PUBLIC_URL || `http://localhost:${port}` });
    env.PAYPAL_API_BASE = `http://127.0.0.1:${wallet.port}`;
    log?.(`wallet-local listening on ${wallet.url}`);
  }
  if (!stripe && !wallet) return null;
  return {
    stripe,
    wallet,
    async close() {
      await Promise.allSettled([stripe?.close(), wallet?.close()]);
    },
  };
}
