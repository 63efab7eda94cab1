/**
 * The rolling upgrade to batch mail jobs (ADR 0046), with real Redis, PostgreSQL, BullMQ and SMTP (the mail catcher): a
 * gateway of the older release (its mail worker consumes only `mail`, one mail per job, and fails an unknown job name at
 * once) is still up beside the new one. The batch jobs are on `mail-batches`, which the old worker does not consume:
 * while only it is free, a batch waits for the new release, which then sends each of its mails once.
 */
import 'reflect-metadata';
import request from 'supertest';
import { Queue, Worker } from 'bullmq';
import { QueueName } from '@registrar/contracts';
import { redisOptions } from '@registrar/infra';
import { MailBatchProcessor, MailLogRepository, MailOutbox, MailProcessor } from '@registrar/mail';
import { Harness, startHarness, uniqueEmail } from '../gateway/gateway-harness';
import { waitFor } from '../scheduled-jobs';

jest.setTimeout(120_000);

describe('mail upgrade: batch jobs never reach an older gateway', () => {
  const o = redisOptions(process.env.REDIS_URL!);
  const connection = { host: o.host, port: o.port, password: o.password, db: o.db, maxRetriesPerRequest: null };
  let h: Harness;
  let oldGateway: Worker | undefined;
  /** the jobs the old gateway's worker took */
  const tookByOld: Array<{ id?: string; name: string }> = [];

  beforeAll(async () => {
    h = await startHarness();
    oldGateway = new Worker(QueueName.Mail, async (job) => {
      tookByOld.push({ id: job.id, name: job.name });
      throw new Error('the old gateway is only watched in this test');
    }, { connection, concurrency: 4 });
    await oldGateway.waitUntilReady();
  }, 60_000);

  afterAll(async () => {
    await oldGateway?.close();
    await h?.close();
  }, 90_000);

  const inbox = async (to: string) => (await request(h.url).get(`/dev/mail/api/messages?to=${encodeURIComponent(to)}`)).body.messages as Array<{ text: string }>;

  it('queues a batch while only the old gateway is free: it waits for the new release, which sends each mail once', async () => {
    const current = [h.app.get(MailProcessor, { strict: false }).worker, h.app.get(MailBatchProcessor, { strict: false }).worker];
    for (const w of current) await w.pause();
    const log = h.app.get(MailLogRepository, { strict: false });
    const to = [uniqueEmail('upgrade-a'), uniqueEmail('upgrade-b')];
    await h.app.get(MailOutbox, { strict: false }).sendBatch(to.map((t, i) => ({ template: 'domain.transfer-done' as const, to: t, key: `test:upgrade:${t}`, params: { name: `upgrade-${i}.com`, newExpiry: '2027-01-01' } })));
    const batches = new Queue(QueueName.MailBatches, { connection });
    try {
      await waitFor('the batch queued', async () => (await batches.getWaitingCount()) === 1, 20_000, 100);
    } finally {
      await batches.close();
    }
    expect(tookByOld).toEqual([]);
    for (const w of current) w.resume();
    for (const t of to) {
      await waitFor(`the mail to ${t} sent`, async () => (await log.find(`test:upgrade:${t}`))?.status === 'sent', 20_000, 100);
      expect(await inbox(t)).toHaveLength(1);
    }
    expect(tookByOld).toEqual([]);
  });
});
