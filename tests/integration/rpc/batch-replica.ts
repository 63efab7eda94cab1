/**
 * A replica of the `rpcbatch` probe service for the batching test (rpc-batching.int-spec.ts): run as its own OS process
 * (so that the test can kill it with SIGKILL) or in the test's process. Every run of a request is recorded in Redis
 * (`rpcbatch:runs`, one entry per run, whichever process ran it), so the test counts runs across processes.
 *   `rpcbatch.step` { n, gate?, hold?, fail? }: records `n`, then answers at once; with `gate`, once the test has pushed to
 *   `rpcbatch:gate`; with `hold`, never (until its process dies); with `fail`, an error (code NOPE); with `park`, it
 *   counts itself running (`rpcbatch:running`, each start's count in `rpcbatch:seen-running`) until it passes the gate.
 *
 *   node -r @swc-node/register tests/integration/rpc/batch-replica.ts   (REDIS_URL, RPC_LOCK_MS from the environment)
 */
import 'reflect-metadata';
import { Controller, Module } from '@nestjs/common';
import { MessagePattern, Payload, RpcException } from '@nestjs/microservices';
import IORedis from 'ioredis';
import { startService } from '@registrar/infra';

export const RUNS_KEY = 'rpcbatch:runs';
export const GATE_KEY = 'rpcbatch:gate';
/** how many `park` requests run at this moment, and each one's count as it started */
export const RUNNING_KEY = 'rpcbatch:running';
export const SEEN_RUNNING_KEY = 'rpcbatch:seen-running';

let redis: IORedis | undefined;
const r = () => (redis ??= new IORedis(process.env.REDIS_URL!, { maxRetriesPerRequest: null }));

@Controller()
class BatchProbeController {
  @MessagePattern('rpcbatch.step')
  async step(@Payload() p: { n: number; gate?: boolean; hold?: boolean; fail?: boolean; park?: boolean }) {
    await r().rpush(RUNS_KEY, String(p.n));
    if (p.park) {
      await r().rpush(SEEN_RUNNING_KEY, String(await r().incr(RUNNING_KEY)));
      const own = r().duplicate();
      try {
        await own.blpop(GATE_KEY, 0);
      } finally {
        own.disconnect();
      }
      await r().decr(RUNNING_KEY);
      return { n: p.n, pid: process.pid };
    }
    if (p.hold) await new Promise(() => undefined);
    if (p.fail) throw new RpcException({ code: 'NOPE', message: `${p.n} はだめです` });
    if (p.gate) {
      const own = r().duplicate();
      try {
        await own.blpop(GATE_KEY, 0);
      } finally {
        own.disconnect();
      }
    }
    return { n: p.n, pid: process.pid };
  }
}

@Module({ controllers: [BatchProbeController] })
export class BatchProbeModule {}

export function closeProbeRedis(): void {
  redis?.disconnect();
  redis = undefined;
}

if (require.main === module) {
  startService('rpcbatch', BatchProbeModule, process.env.REDIS_URL).then(
    () => process.stdout.write('ready\n'),
    (e) => {
      console.error(e);
      process.exit(1);
    },
  );
}
