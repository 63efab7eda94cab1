/**
 * The forwards' delivery, which the gateway's mail worker does after a WHOIS mail is processed (the main figure of
 * inbound.bench.ts stops at "processed"): the forward requests the run queued, delivered by the mail worker (libs/mail,
 * in this process, members' addresses made up) to a bare SMTP sink, two ways on the same requests, alternately:
 *   - one job per forward (`MailOutbox.sendMany`: as before ADR 0046);
 *   - one job per processing batch (`MailOutbox.sendBatch`, over one SMTP connection: ADR 0046, what whois-mail queues).
 * Each way gets its own keys (a suffix), so both really send. Prints time, this process's CPU, Redis's CPU, PostgreSQL
 * transactions and SMTP connections, per forward.
 */
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { AddressInfo } from 'node:net';
import type { Pool } from 'pg';
import { SMTPServer } from 'smtp-server';
import { bullRootModule } from '@registrar/infra';
import { MAIL_RECIPIENTS, MailModule, MailOutbox, type SendMailJobData } from '@registrar/mail';
import type { MailRequest, MailTemplateName } from '@registrar/mail';

@Module({
  imports: [
    bullRootModule(),
    MailModule.forWorker({ recipients: { provide: MAIL_RECIPIENTS, useValue: { emailOf: async (id: number) => `member-${id}@example.test` } } }),
  ],
})
class DeliveryModule {}

export interface Delivery {
  way: string;
  forwards: number;
  ms: number;
  cpuMs: number;
  redisMs: number;
  commits: number;
  connections: number;
}

export async function measureForwardDelivery(o: {
  batches: SendMailJobData[][];
  db: Pool;
  redisCpu: () => Promise<number>;
  commits: () => Promise<number>;
}): Promise<Delivery[]> {
  let connections = 0;
  const sink = new SMTPServer({
    // no reverse DNS look-up of each client: the sink's own costs stay out of the figures
    authOptional: true, disabledCommands: ['AUTH', 'STARTTLS'], logger: false, disableReverseLookup: true,
    onConnect: (_s, cb) => { connections++; cb(); },
    onData: (stream, _s, cb) => { stream.on('data', () => undefined); stream.on('end', () => cb(null, 'ok')); },
  });
  await new Promise<void>((r) => sink.listen(0, '127.0.0.1', () => r()));
  const before = process.env.SMTP_URL;
  process.env.SMTP_URL = `smtp://127.0.0.1:${(sink.server.address() as AddressInfo).port}`;
  const app = await NestFactory.createApplicationContext(DeliveryModule, { logger: ['error'] });
  try {
    const outbox = app.get(MailOutbox);
    const out: Delivery[] = [];
    const forwards = o.batches.reduce((n, b) => n + b.length, 0);
    let round = 0;
    for (const way of ['one job per forward', 'one job per batch', 'one job per forward', 'one job per batch']) {
      const suffix = `:bench-${Date.now()}-${round++}`;
      const reqs = o.batches.map((b) => b.map((d) => ({ ...d, key: `${d.key}${suffix}` }) as MailRequest<MailTemplateName>));
      const commits0 = await o.commits();
      const cpu0 = process.cpuUsage();
      const redis0 = await o.redisCpu();
      const c0 = connections;
      const t0 = Date.now();
      if (way === 'one job per forward') await outbox.sendMany(reqs.flat());
      else for (const b of reqs) await outbox.sendBatch(b);
      for (;;) {
        const { rows } = await o.db.query(`SELECT count(*)::int AS n FROM mail.sent_mails WHERE status = 'sent' AND key LIKE $1`, [`%${suffix}`]);
        if (rows[0].n >= forwards) break;
        if (Date.now() - t0 > 300_000) throw new Error(`forwards not delivered (${rows[0].n} of ${forwards})`);
        await new Promise((r) => setTimeout(r, 20));
      }
      const ms = Date.now() - t0;
      const cpu = process.cpuUsage(cpu0);
      out.push({ way, forwards, ms, cpuMs: (cpu.user + cpu.system) / 1000, redisMs: (await o.redisCpu()) - redis0, commits: (await o.commits()) - commits0, connections: connections - c0 });
    }
    return out;
  } finally {
    await app.close();
    process.env.SMTP_URL = before;
    await new Promise<void>((r) => sink.close(() => r()));
  }
}
