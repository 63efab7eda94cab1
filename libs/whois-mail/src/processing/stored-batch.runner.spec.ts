import 'reflect-metadata';
import { WhoisMailConfig } from '../whois-mail.config';
import { StoredBatchRunner } from './stored-batch.runner';

const ref = (id: number, batch: number) => ({ id, stamp: '1700000000000', batch });

function newRunner(concurrency: number, handle: jest.Mock) {
  const queue = { enqueueMany: jest.fn(async () => undefined), retry: jest.fn(async () => undefined) };
  const config = Object.assign(new WhoisMailConfig(), { WHOIS_MAIL_CONCURRENCY: concurrency, WHOIS_MAIL_ATTEMPTS: 3 });
  const runner = new StoredBatchRunner({ handle } as never, queue as never, config, { renewLease: jest.fn(async () => undefined) } as never);
  return { runner, queue };
}

describe(StoredBatchRunner.name, () => {
  it('runs a stored batch where it was stored, as its first attempt, and queues nothing when it succeeds', async () => {
    const handle = jest.fn(async () => ({ status: 1 }));
    const { runner, queue } = newRunner(8, handle);
    runner.run([ref(10, 10), ref(11, 10)]);
    await runner.onModuleDestroy();
    expect(handle).toHaveBeenCalledWith({ emailIds: [10, 11] }, { attemptsMade: 0, attempts: 3 }, expect.anything(), undefined);
    expect(queue.enqueueMany).not.toHaveBeenCalled();
    expect(queue.retry).not.toHaveBeenCalled();
  });

  it('hands the attempt the mails whose store marked their start (ADR 0059), only when it has every mail of the batch', async () => {
    const handle = jest.fn(async () => ({ status: 1 }));
    const { runner } = newRunner(8, handle);
    expect(runner.hasRoom).toBe(true);
    const mail = (id: number) => ({ id, subject: `s${id}` }) as never;
    runner.run([ref(10, 10), ref(11, 10), ref(12, 12)], new Map([[10, mail(10)], [11, mail(11)]]));
    await runner.onModuleDestroy();
    expect(handle).toHaveBeenCalledWith({ emailIds: [10, 11] }, expect.anything(), expect.anything(), [mail(10), mail(11)]);
    // a batch of which a mail is missing starts as a job does (its start read back)
    expect(handle).toHaveBeenCalledWith({ emailId: 12 }, expect.anything(), expect.anything(), undefined);
    expect(runner.hasRoom).toBe(false);
  });

  it('queues the batches over its concurrency as jobs (any replica takes them)', async () => {
    let release!: () => void;
    const handle = jest.fn(() => new Promise((r) => { release = () => r({ status: 1 }); }));
    const { runner, queue } = newRunner(1, handle);
    expect(runner.hasRoom).toBe(true);
    runner.run([ref(10, 10), ref(12, 12), ref(13, 12)]);
    expect(handle).toHaveBeenCalledTimes(1);
    expect(runner.hasRoom).toBe(false);
    expect(queue.enqueueMany).toHaveBeenCalledWith([ref(12, 12), ref(13, 12)]);
    release();
    await runner.onModuleDestroy();
  });

  it('a failed first attempt queues the retry with the data the attempt left (mails ended for good)', async () => {
    const handle = jest.fn(async (_d: unknown, _a: unknown, job: { updateData: (d: unknown) => Promise<void> }) => {
      await job.updateData({ emailIds: [10, 11], ended: [11] });
      throw new Error('link answered 503');
    });
    const { runner, queue } = newRunner(8, handle);
    runner.run([ref(10, 10), ref(11, 10)]);
    await runner.onModuleDestroy();
    expect(queue.retry).toHaveBeenCalledWith({ batch: 10, stamp: '1700000000000', ids: [10, 11] }, { emailIds: [10, 11], ended: [11] }, 1);
  });
});
