import { startStripeLocal, StripeLocalServer } from './stripe-local.server';

/**
 * For the local runtime: unless real Stripe keys (or an explicit STRIPE_API_HOST) are configured, starts the local
 * Stripe-compatible server on STRIPE_LOCAL_PORT (default PORT + 1), sends its webhooks to this gateway, and points the
 * orders service's Stripe SDK at it (STRIPE_API_HOST/PORT/PROTOCOL). Returns null when real Stripe is used.
 */
export async function startLocalStripeIfNeeded(env: NodeJS.ProcessEnv = process.env, log?: (m: string) => void): Promise<StripeLocalServer | null> {
  const key = env.STRIPE_SECRET_KEY ?? '';
  if (env.STRIPE_API_HOST || (key && key !== 'sk_test_local') || env.NODE_ENV === 'production') return null;
  const appPort = Number(env.PORT ?? 8080);
  const port = Number(env.STRIPE_LOCAL_PORT ?? appPort + 1);
  env.STRIPE_SECRET_KEY = 'sk_test_local';
  env.STRIPE_WEBHOOK_SECRET ||= 'whsec_local';
  const server = await startStripeLocal({
    port,
    host: '0.0.0.0',
    secretKey: env.STRIPE_SECRET_KEY,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET,
    webhookUrl: `http://127.0.0.1:${appPort}/stripe/webhook`,
    publicUrl: env.STRIPE_LOCAL_PUBLIC_URL || `http://localhost:${port}`,
    log,
  });
  env.STRIPE_API_HOST = '127.0.0.1';
  env.STRIPE_API_PORT = String(server.port);
  env.STRIPE_API_PROTOCOL = 'http';
  return server;
}
