/**
 * The rolling upgrade to one processing job per stored batch (ADR 0044), and to a batch processed where it is stored
 * (ADR 0054), with real SMTP, Redis, PostgreSQL and BullMQ: a whois-mail replica of an older release (it runs only
 * `{ emailId }` jobs, from the queue `whois-mail`) is still up beside the new one. The new release queues no job for a
 * stored batch (it processes it where it stored it); the jobs it still queues (a retry, the sweep's) are on
 * `whois-mail-batches`, which the old replica does not consume: it never takes one it cannot run, even while it is the
 * only worker free. What the old replica still adds (one job per mail on `whois-mail`) is run by the new release, once.
 */
import 'reflect-metadata';
import { getQueueToken } from '@nestjs/bullmq';
import { Queue, Worker } from 'bullmq';
import { JobName, QueueName, WhoisMailStatus } from '@registrar/contracts';
import { redisOptions } from '@registrar/infra';
import { LegacyWhoisMailProcessor, WhoisMailProcessor } from '@registrar/whois-mail';
import { signedBy, startWhoisMailHarness, until, WhoisMailHarness } from '../whois-mail/whois-mail-harness';

jest.setTimeout(120_000);

describe('whois-mail upgrade: batch jobs never reach an older replica', () => {
  const o = redisOptions(process.env.REDIS_URL!);
  const connection = { host: o.host, port: o.port, password: o.password, db: o.db, maxRetriesPerRequest: null };
  let t: WhoisMailHarness;
  let oldReplica: Worker | undefined;
  /** the jobs the old replica took (it fails those it cannot run, as the older release did: no `emailId`) */
  const tookByOld: Array<{ id?: string; data: unknown }> = [];

  beforeAll(async () => {
    t = await startWhoisMailHarness();
    // the older release's worker: the queue `whois-mail`, one mail per job
    oldReplica = new Worker(QueueName.WhoisMail, async (job) => {
      tookByOld.push({ id: job.id, data: job.data });
      if (job.data?.emailId == null) throw new Error('mail undefined not found');
      throw new Error('the old replica is only watched in this test');
    }, { connection, concurrency: 4 });
    await oldReplica.waitUntilReady();
  });

  afterAll(async () => {
    await oldReplica?.close();
    await t?.close();
  });

  const status = async (ids: number[]) => (await t.db.query('SELECT id, status, is_processing FROM whois_mail.emails WHERE id = ANY($1) ORDER BY id', [ids])).rows;
  const forwards = async (ids: number[]) => Number((await t.db.query('SELECT count(*)::int AS n FROM mail.sent_mails WHERE key = ANY($1)', [ids.map((id) => `whois-mail:${id}:forward`)])).rows[0].n);

  it('stores mails while only the old replica is free to work: the new release processes them where it stored them, and a retry waits for the new release', async () => {
    const current = [t.whoisMail.get(WhoisMailProcessor).worker, t.whoisMail.get(LegacyWhoisMailProcessor).worker];
    // the new release's workers busy elsewhere (paused): the old replica is the only one taking jobs
    for (const w of current) await w.pause();
    const a = await t.memberDomain();
    const b = await t.memberDomain();
    const tag = `upgrade-${Date.now()}`;
    // the third mail's link fails once: its retry is a job (the first attempt runs where the mail was stored)
    const link = `${t.site.url}/approve?token=${tag}`;
    t.site.answers.push({ status: 503, body: 'busy' });
    const infos = await Promise.all([
      t.send({ from: `sender-${tag}-0@example.net`, to: a.proxy, subject: `${tag} 0`, text: '本文 0' }),
      t.send({ from: `sender-${tag}-1@example.net`, to: b.proxy, subject: `${tag} 1`, text: '本文 1' }),
    ]);
    const ids = infos.map((info) => Number(/Stored as (\d+)/.exec(info.response)![1]));
    // processed with no job and no worker: by the replica that stored them, right after the commit
    await until('the two mails processed', async () => (await status(ids)).every((r) => r.status === WhoisMailStatus.Success && r.is_processing === 0));
    await until('their forwards', async () => (await forwards(ids)) === 2);
    const retried = await t.send({ from: `registry-${tag}@registry.example`, to: a.proxy, subject: 'Approval required: change of registrant', text: link, headers: signedBy(link) });
    const retriedId = Number(/Stored as (\d+)/.exec(retried.response)![1]);
    const batches = t.whoisMail.get<Queue>(getQueueToken(QueueName.WhoisMailBatches));
    // its retry is queued on the queue only the new release consumes, and waits there while only the old replica is free
    await until('the retry queued', async () => {
      const named = (await batches.getJobs(['waiting', 'prioritized', 'delayed'])).flatMap((j) => j.data.emailIds ?? [j.data.emailId]);
      return named.includes(retriedId);
    });
    expect(tookByOld).toEqual([]);
    for (const w of current) w.resume();
    await until('the retried mail processed', async () => (await status([retriedId])).every((r) => r.status === WhoisMailStatus.Success && r.is_processing === 0));
    expect(t.site.hits.filter((h) => h.includes(tag))).toHaveLength(2);
    expect(tookByOld).toEqual([]);
  });

  it('runs once, with the new release, a one-mail job an old replica queued on the old queue', async () => {
    // the old replica leaves (the upgrade goes on) after storing one mail and queueing its job as it always did
    await oldReplica!.close();
    oldReplica = undefined;
    const m = await t.memberDomain();
    const { rows } = await t.db.query(
      `INSERT INTO whois_mail.emails (type, subject, content, sender, envelope_from, recipient, domain_id, user_id, domain_name, size)
       VALUES (0, 'stored by the old release', '旧リリースが保存', 'x@y.example', 'x@y.example', $1, $2, $3, $4, 10)
       RETURNING id, floor(extract(epoch from created_at) * 1000)::bigint AS stamp`,
      [m.proxy, m.domain.domainId, m.userId, m.domain.name]);
    const id = Number(rows[0].id);
    await t.db.query("INSERT INTO whois_mail.raw_messages (email_id, raw) VALUES ($1, 'Subject: stored by the old release')", [id]);
    const old = new Queue(QueueName.WhoisMail, { connection });
    try {
      const job = await old.add(JobName.ProcessWhoisMail, { emailId: id }, { jobId: `whois-mail-${id}-${rows[0].stamp}`, attempts: 3, backoff: { type: 'exponential', delay: 50 } });
      await until('the old job completed', async () => (await job.getState()) === 'completed');
      expect((await old.getJob(job.id!))?.returnvalue).toEqual({ status: WhoisMailStatus.Success });
      expect(await status([id])).toEqual([{ id: String(id), status: WhoisMailStatus.Success, is_processing: 0 }]);
      // forwarded once: one outbound mail under the mail's key, sent to the member's own address
      const sent = await until('its forward sent', async () => {
        const r = await t.db.query('SELECT status, recipient, error FROM mail.sent_mails WHERE key = $1', [`whois-mail:${id}:forward`]);
        if (r.rows[0]?.status === 'failed') throw new Error(`forward failed: ${r.rows[0].error}`);
        return r.rows[0]?.status === 'sent' ? r.rows : null;
      }, 90_000);
      expect(sent.map((r) => [r.status, r.recipient])).toEqual([['sent', m.email]]);
    } finally {
      await old.close();
    }
  });
});
