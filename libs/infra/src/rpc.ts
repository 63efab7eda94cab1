import { ClientProxy, ClientsModule, Transport, ClientProviderOptions } from '@nestjs/microservices';
import { firstValueFrom, timeout as rxTimeout } from 'rxjs';
import { redisOptions } from './redis';

/** Options for the @nestjs/microservices Redis transport, shared by servers and clients. */
export function redisTransport(url: string) {
  const o = redisOptions(url);
  return { transport: Transport.REDIS as const, options: { host: o.host, port: o.port, password: o.password, db: o.db } };
}

export class RpcTimeoutError extends Error {
  constructor(pattern: string, ms: number) {
    super(`RPC ${pattern} timed out after ${ms} ms`);
  }
}

/** Sends one request and waits for its answer, never longer than `ms`. */
export async function rpc<TResult, TPayload = unknown>(client: ClientProxy, pattern: string, payload: TPayload, ms = 10_000): Promise<TResult> {
  try {
    return await firstValueFrom(client.send<TResult, TPayload>(pattern, payload).pipe(rxTimeout(ms)));
  } catch (e) {
    if (e && (e as Error).name === 'TimeoutError') throw new RpcTimeoutError(pattern, ms);
    throw e;
  }
}

/** Registers a named ClientProxy for a service, speaking the Redis transport. */
export function rpcClientModule(name: string | symbol, url = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379') {
  const opts: ClientProviderOptions = { name, ...redisTransport(url) } as ClientProviderOptions;
  return ClientsModule.register([opts]);
}
