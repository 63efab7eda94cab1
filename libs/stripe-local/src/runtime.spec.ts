import { startLocalStripeIfNeeded } from './runtime';

/** Issue 23, finding 2: the local payment servers (public default keys) listen on loopback, like every local server. */
describe('startLocalStripeIfNeeded', () => {
  it('binds the Stripe-compatible and wallet servers to 127.0.0.1', async () => {
    const env: NodeJS.ProcessEnv = { NODE_ENV: 'test', PORT: '0', STRIPE_LOCAL_PORT: '0', WALLET_LOCAL_PORT: '0' };
    const local = await startLocalStripeIfNeeded(env);
    try {
      expect(local?.stripe?.host).toBe('127.0.0.1');
      expect(local?.wallet?.host).toBe('127.0.0.1');
    } finally {
      await local?.close();
    }
  });
});
