/**
 * The one outbound mail module through the real gateway (its worker host): a mail put on QueueName.Mail is rendered
 * from its Japanese template, addressed to the member, sent over SMTP to the mail catcher and logged; the same key
 * twice sends once; an SMTP outage is retried until it passes; account mail takes the same path. Several mails in one
 * job (ADR 0046) go out once per key however their keys are shared with other jobs.
 */
import request from 'supertest';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { Client } from 'pg';
import { MailConfig, MailLogRepository, MailOutbox, mailJobId } from '@registrar/mail';
import { Queue } from 'bullmq';
import { QueueName } from '@registrar/contracts';
import { redisOptions } from '@registrar/infra';
import { createAccount, Harness, startHarness, uniqueEmail } from '../gateway/gateway-harness';
import { waitFor as waitForCondition } from '../scheduled-jobs';

let h: Harness;
let outbox: MailOutbox;
let log: MailLogRepository;

beforeAll(async () => {
  process.env.MAIL_BACKOFF_MS = '200';
  h = await startHarness();
  outbox = h.app.get(MailOutbox, { strict: false });
  log = h.app.get(MailLogRepository, { strict: false });
}, 60_000);
afterAll(async () => { await h?.close(); }, 90_000);

const waitFor = <T>(what: string, f: () => Promise<T | null | undefined | false>, ms = 20_000) => waitForCondition(what, f, ms, 100);
const inbox = async (to: string) => (await request(h.url).get(`/dev/mail/api/messages?to=${encodeURIComponent(to)}`)).body.messages as Array<{ subject: string; text: string; links: string[] }>;

describe('outbound mail', () => {
  it('addresses a member by id, renders the Japanese template and logs it as sent', async () => {
    const { user, email } = await createAccount(h);
    await outbox.send({ template: 'domain.expiry-notice', userId: user.id, key: `test:expiry:${user.id}`, params: { daysLeft: 7, expiry: '2026-12-01', names: ['rakko-mail.com'] } });
    const [m] = await waitFor('the mail', async () => { const x = await inbox(email); return x.length ? x : null; });
    expect(m.subject).toBe('【ラッコドメイン】ドメインの有効期限が近づいています（残り7日）');
    expect(m.text).toContain('・rakko-mail.com');
    const row = await waitFor('the log row', async () => { const r = await log.find(`test:expiry:${user.id}`); return r?.status === 'sent' ? r : null; });
    expect(row).toMatchObject({ to: email, userId: user.id, template: 'domain.expiry-notice', attempts: 1, error: null });
  });

  it('sends a key once however often it is enqueued', async () => {
    const to = uniqueEmail('once');
    for (let i = 0; i < 3; i++) await outbox.send({ template: 'domain.transfer-done', to, key: `test:once:${to}`, params: { name: 'once.com', newExpiry: '2027-01-01' } });
    await waitFor('sent', async () => (await log.find(`test:once:${to}`))?.status === 'sent');
    // a later, different mail to the same address arrives: so the first was not merely slow
    await outbox.send({ template: 'domain.transfer-done', to, key: `test:once:${to}:second`, params: { name: 'second.com', newExpiry: '2027-01-01' } });
    await waitFor('second', async () => (await inbox(to)).some((m) => m.text.includes('second.com')));
    expect((await inbox(to)).filter((m) => m.text.includes('once.com'))).toHaveLength(1);
  });

  it('retries while SMTP is down and sends once it is back', async () => {
    const to = uniqueEmail('retry');
    const good = process.env.SMTP_URL!;
    process.env.SMTP_URL = 'smtp://127.0.0.1:9'; // nothing listens there
    try {
      await outbox.send({ template: 'domain.cojp-released', to, key: `test:retry:${to}`, params: { name: 'retry.co.jp' } });
      const failing = await waitFor('a failed attempt', async () => { const r = await log.find(`test:retry:${to}`); return r?.error ? r : null; });
      expect(failing.status).toBe('sending');
    } finally {
      process.env.SMTP_URL = good;
    }
    const row = await waitFor('sent after the outage', async () => { const r = await log.find(`test:retry:${to}`); return r?.status === 'sent' ? r : null; }, 90_000);
    expect(row.attempts).toBeGreaterThan(1);
    expect(row.error).toBeNull();
    expect(await inbox(to)).toHaveLength(1);
  });

  it('account mail goes through the same queue and log', async () => {
    const email = uniqueEmail('acct');
    const c = request.agent(h.url);
    const s = await c.get('/session').set('X-Requested-With', 'XMLHttpRequest');
    await c.post('/register').set({ 'X-Requested-With': 'XMLHttpRequest', 'X-CSRF-TOKEN': s.body.csrfToken }).send({ email, password: 'long enough pw', password_confirmation: 'long enough pw', agree_terms: true }).expect(200);
    const [m] = await waitFor('the sign-up mail', async () => { const x = await inbox(email); return x.length ? x : null; });
    expect(m.subject).toBe('【ラッコドメイン】メールアドレスの確認');
    const rows = await waitFor('logged as sent', async () => { const r = await log.list({ to: email }); return r[0]?.status === 'sent' ? r : null; });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ template: 'account.confirm-sign-up', userId: expect.any(Number) });
  });

  describe('several mails in one job (ADR 0046)', () => {
    const mail = (to: string, name: string) => ({ template: 'domain.transfer-done' as const, to, key: `test:batch:${to}`, params: { name, newExpiry: '2027-01-01' } });
    const sentRow = (key: string) => waitFor(`${key} sent`, async () => { const r = await log.find(key); return r?.status === 'sent' ? r : null; });

    it('sends each key once: a key sent before is skipped, the same batch twice and an overlapping batch send nothing more', async () => {
      const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((x) => uniqueEmail(`batch-${x}`));
      await outbox.send(mail(a!, 'a-batch.com'));
      await sentRow(`test:batch:${a}`);
      await outbox.sendBatch([mail(a!, 'a-batch.com'), mail(b!, 'b-batch.com'), mail(c!, 'c-batch.com')]);
      await outbox.sendBatch([mail(a!, 'a-batch.com'), mail(b!, 'b-batch.com'), mail(c!, 'c-batch.com')]);
      await outbox.sendBatch([mail(b!, 'b-batch.com'), mail(c!, 'c-batch.com'), mail(d!, 'd-batch.com')]);
      for (const to of [b!, c!, d!]) expect(await sentRow(`test:batch:${to}`)).toMatchObject({ to, template: 'domain.transfer-done', error: null });
      // a later mail to each address arrives: so no second copy was merely slow
      for (const to of [a!, b!, c!, d!]) await outbox.send({ ...mail(to, 'later.com'), key: `test:batch:${to}:later` });
      for (const to of [a!, b!, c!, d!]) {
        await waitFor(`the later mail to ${to}`, async () => (await inbox(to)).some((m) => m.text.includes('later.com')));
        expect((await inbox(to)).filter((m) => m.text.includes('-batch.com'))).toHaveLength(1);
      }
    });

    it('leaves a key another job is sending to it, sends the rest, and sends that key on its retry once the other gave up', async () => {
      const [held, free] = ['held', 'free'].map((x) => uniqueEmail(`batch-${x}`));
      const heldMail = mail(held!, 'held-batch.com');
      // another job holds the key (as a worker mid-send does)
      const claim = await log.claimMany([{ key: heldMail.key, template: heldMail.template, userId: null, to: held!, subject: 's', body: 'b' }], 'test/another-job');
      expect(claim.get(heldMail.key)).toBe('claimed');
      await outbox.sendBatch([heldMail, mail(free!, 'free-batch.com')]);
      await sentRow(`test:batch:${free}`);
      expect((await log.find(heldMail.key))?.status).toBe('sending');
      expect(await inbox(held!)).toHaveLength(0);
      // the other job fails for good: the batch's retry takes the key and sends it, once
      await log.failed(heldMail.key, 'gave up', true);
      await sentRow(heldMail.key);
      expect((await inbox(held!)).filter((m) => m.text.includes('held-batch.com'))).toHaveLength(1);
    });

    it('a key held by a job that died mid-send: the other job waits without spending its attempts, and sends it once the lease is over', async () => {
      const to = uniqueEmail('held-dead');
      const m = { template: 'domain.transfer-done' as const, to, key: `test:held-dead:${to}`, params: { name: 'held-dead.com', newExpiry: '2027-01-01' } };
      // a job claimed the key and died (it never sends, fails or lets go)
      expect((await log.claimMany([{ key: m.key, template: m.template, userId: null, to, subject: 's', body: 'b' }], 'mail/a-dead-job')).get(m.key)).toBe('claimed');
      const o = redisOptions(process.env.REDIS_URL!);
      const queue = new Queue(QueueName.Mail, { connection: { host: o.host, port: o.port, password: o.password, db: o.db } });
      try {
        await outbox.send(m);
        // the job has looked at the key and been put off (delayed), its attempts untouched
        const job = await waitFor('the job put off', async () => {
          const j = await queue.getJob(mailJobId(m.key));
          return j && (await j.getState()) === 'delayed' && j.attemptsStarted > 0 ? j : null;
        });
        expect(job.attemptsMade).toBe(0);
        // the dead job's lease runs out (as ten minutes would): the waiting job takes the key and sends it, once
        const db = new Client({ connectionString: process.env.DATABASE_URL });
        await db.connect();
        await db.query(`UPDATE mail.sent_mails SET claimed_at = now() - interval '1 hour' WHERE key = $1`, [m.key]).finally(() => db.end());
        await sentRow(m.key);
        expect((await inbox(to)).filter((x) => x.text.includes('held-dead.com'))).toHaveLength(1);
      } finally {
        await queue.close();
      }
    });

    it('logs each mail of a batch as sent before the next goes: a write that fails mid-batch sends again only the mail it did not record', async () => {
      const [a, b, c] = ['a', 'b', 'c'].map((x) => uniqueEmail(`batch-midway-${x}`));
      const bKey = `test:batch:${b}`;
      // PostgreSQL refuses to record b as sent (as a connection lost at that moment would), until the test lets it
      const db = new Client({ connectionString: process.env.DATABASE_URL });
      await db.connect();
      const tag = `t${Date.now()}`;
      try {
        await db.query(`CREATE SEQUENCE mail.${tag}_seq`);
        await db.query(`CREATE FUNCTION mail.${tag}_fn() RETURNS trigger LANGUAGE plpgsql AS $$
          BEGIN IF NEW.key = '${bKey}' AND NEW.status = 'sent' THEN PERFORM nextval('mail.${tag}_seq'); RAISE EXCEPTION 'the write was lost'; END IF; RETURN NEW; END $$`);
        await db.query(`CREATE TRIGGER ${tag} BEFORE UPDATE ON mail.sent_mails FOR EACH ROW EXECUTE FUNCTION mail.${tag}_fn()`);
        await outbox.sendBatch([mail(a!, 'midway-batch.com'), mail(b!, 'midway-batch.com'), mail(c!, 'midway-batch.com')]);
        await waitFor('the write of b refused', async () => (await db.query(`SELECT is_called FROM mail.${tag}_seq`)).rows[0].is_called);
      } finally {
        await db.query(`DROP TRIGGER IF EXISTS ${tag} ON mail.sent_mails`);
        await db.query(`DROP FUNCTION IF EXISTS mail.${tag}_fn()`);
        await db.query(`DROP SEQUENCE IF EXISTS mail.${tag}_seq`);
        await db.end();
      }
      for (const to of [a!, b!, c!]) await sentRow(`test:batch:${to}`);
      for (const to of [a!, c!]) await outbox.send({ ...mail(to, 'later.com'), key: `test:batch:${to}:later` });
      for (const to of [a!, c!]) {
        await waitFor(`the later mail to ${to}`, async () => (await inbox(to)).some((m) => m.text.includes('later.com')));
        // a (recorded) and c (not reached before the failed write) went once; b, sent but not recorded, went again
        expect((await inbox(to)).filter((m) => m.text.includes('midway-batch.com'))).toHaveLength(1);
      }
    });

    it('a batch whose sending outlasts the claim lease keeps its claims: another job does not take (and send) a later key while the batch lives', async () => {
      const [a, b, c] = ['a', 'b', 'c'].map((x) => uniqueEmail(`batch-long-${x}`));
      const [aKey, bKey, cKey] = [a, b, c].map((to) => `test:batch:${to}`);
      // a slow SMTP server: it answers a's and b's DATA only when the test lets it
      const smtp = await heldSmtp([a!, b!]);
      const db = new Client({ connectionString: process.env.DATABASE_URL });
      await db.connect();
      const o = redisOptions(process.env.REDIS_URL!);
      const queue = new Queue(QueueName.Mail, { connection: { host: o.host, port: o.port, password: o.password, db: o.db } });
      const smtpUrl = process.env.SMTP_URL;
      process.env.SMTP_URL = smtp.url;
      try {
        await outbox.sendBatch([mail(a!, 'long-batch.com'), mail(b!, 'long-batch.com'), mail(c!, 'long-batch.com')]);
        await waitFor('a at SMTP', async () => smtp.holding(a!));
        // a takes eleven minutes: the clock of the batch's claims moves past the lease
        await db.query(`UPDATE mail.sent_mails SET claimed_at = claimed_at - interval '11 minutes' WHERE key = ANY($1::text[])`, [[aKey, bKey, cKey]]);
        smtp.release(a!);
        await waitFor('b at SMTP', async () => smtp.holding(b!));
        // c has not gone yet: another job asks for it (a single mail naming the same key). The batch lives, so its claim
        // holds (renewed when a was logged); before, its 11-minute-old claim was taken over and c went twice
        await outbox.send(mail(c!, 'long-batch.com'));
        const single = await waitFor('the single job to have looked', async () => {
          const j = await queue.getJob(mailJobId(cKey));
          return j && ['delayed', 'completed', 'failed'].includes(await j.getState()) ? j : null;
        });
        expect(await single.getState()).toBe('delayed');
        expect((await db.query('SELECT claimed_by FROM mail.sent_mails WHERE key = $1', [cKey])).rows[0].claimed_by).toMatch(/^mail-batches\//);
        smtp.release(b!);
        for (const key of [aKey, bKey, cKey]) await sentRow(key);
        // the single job looks again, finds c sent and sends nothing
        await waitFor('the single job done', async () => (await single.getState()) === 'completed');
        expect(smtp.accepted(a!)).toBe(1);
        expect(smtp.accepted(b!)).toBe(1);
        expect(smtp.accepted(c!)).toBe(1);
      } finally {
        process.env.SMTP_URL = smtpUrl;
        await smtp.close();
        await db.end();
        await queue.close();
      }
    });

    it('a batch that stalled past the lease and lost a key to another job does not send that key', async () => {
      const [a, b, c] = ['a', 'b', 'c'].map((x) => uniqueEmail(`batch-stall-${x}`));
      const [bKey, cKey] = [b, c].map((to) => `test:batch:${to}`);
      const smtp = await heldSmtp([a!]);
      const db = new Client({ connectionString: process.env.DATABASE_URL });
      await db.connect();
      const smtpUrl = process.env.SMTP_URL;
      process.env.SMTP_URL = smtp.url;
      try {
        await outbox.sendBatch([mail(a!, 'stall-batch.com'), mail(b!, 'stall-batch.com'), mail(c!, 'stall-batch.com')]);
        await waitFor('a at SMTP', async () => smtp.holding(a!));
        // the batch's whole process stalls past the lease (no renewal runs): another job takes c, as it may from a
        // holder presumed dead
        await db.query(`UPDATE mail.sent_mails SET claimed_at = claimed_at - interval '11 minutes' WHERE key = ANY($1::text[])`, [[bKey, cKey]]);
        expect((await log.claimMany([{ key: cKey, template: 'domain.transfer-done', userId: null, to: c!, subject: 's', body: 'b' }], 'test/took-over')).get(cKey)).toBe('claimed');
        smtp.release(a!);
        // the batch comes back and learns, with a's log write, that c is another job's now: it sends b, not c
        await sentRow(bKey);
        expect(smtp.accepted(c!)).toBe(0);
        expect(await log.find(cKey)).toMatchObject({ status: 'sending' });
        expect((await db.query('SELECT claimed_by FROM mail.sent_mails WHERE key = $1', [cKey])).rows[0].claimed_by).toBe('test/took-over');
        // the job that took it over gives up: the batch looks again, takes c and sends it, once
        await log.failed(cKey, 'gave up', true);
        await sentRow(cKey);
        for (const to of [a!, b!, c!]) expect(smtp.accepted(to)).toBe(1);
      } finally {
        process.env.SMTP_URL = smtpUrl;
        await smtp.close();
        await db.end();
      }
    });

    it('with SMTP not configured, fails every mail of the batch for good: none is left "sending" under the ended job\'s claim', async () => {
      const tos = ['x', 'y', 'z'].map((x) => uniqueEmail(`batch-nosmtp-${x}`));
      const config = h.app.get(MailConfig, { strict: false });
      const [env, configured] = [process.env.SMTP_URL, config.SMTP_URL];
      process.env.SMTP_URL = '';
      config.SMTP_URL = '';
      try {
        await outbox.sendBatch(tos.map((to) => mail(to, 'nosmtp-batch.com')));
        const rows = await waitFor('every mail failed', async () => {
          const r = await Promise.all(tos.map((to) => log.find(`test:batch:${to}`)));
          return r.every((x) => x?.status === 'failed') ? r : null;
        });
        for (const r of rows) expect(r).toMatchObject({ status: 'failed', error: 'SMTP_URL is not configured' });
      } finally {
        process.env.SMTP_URL = env;
        config.SMTP_URL = configured;
      }
      // failed for good, the keys are free: a later job for one of them sends it, once
      await outbox.send(mail(tos[1]!, 'nosmtp-batch.com'));
      await sentRow(`test:batch:${tos[1]}`);
      expect((await inbox(tos[1]!)).filter((m) => m.text.includes('nosmtp-batch.com'))).toHaveLength(1);
    });
  });
});

/**
 * A slow SMTP server (port 0: any free port): the first mail to each of `hold` is answered only when the test calls
 * `release`, every other mail at once. Counts what it accepted per recipient.
 */
async function heldSmtp(hold: string[]) {
  const toHold = new Set(hold.map((h) => h.toLowerCase()));
  const waiting = new Map<string, () => void>();
  const counts = new Map<string, number>();
  const server = new SMTPServer({
    authOptional: true, disabledCommands: ['STARTTLS'], logger: false,
    onData(stream, session, done) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        const accept = () => { for (const t of to) counts.set(t, (counts.get(t) ?? 0) + 1); done(); };
        const held = to.find((t) => toHold.has(t));
        if (held) {
          toHold.delete(held);
          waiting.set(held, accept);
        } else accept();
      });
    },
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    holding: (to: string) => waiting.has(to.toLowerCase()),
    release: (to: string) => { waiting.get(to.toLowerCase())?.(); waiting.delete(to.toLowerCase()); },
    accepted: (to: string) => counts.get(to.toLowerCase()) ?? 0,
    close: async () => {
      for (const f of waiting.values()) f();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
