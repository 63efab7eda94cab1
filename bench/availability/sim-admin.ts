/** The registry simulator's admin channel, as the bench and the browser tests use it. */
export async function setSimLatency(_env: NodeJS.ProcessEnv, _ms: number): Promise<void> {
  throw new Error('the registry simulator admin channel is not available yet');
}
