/**
 * 1,000 mails to WHOIS proxy addresses: sent over SMTP to the whois-mail service (RCPT look-up at domain-ops over the
 * Redis transport, mailparser, classification, the row and the raw message stored, one processing job per stored
 * batch; the jobs forward 80 % of them through the mail module's queue and follow the approval link of the other 20 %
 * on a local HTTP server). Prints the time until every mail is stored and until every mail is processed (status 1),
 * beside two baselines measured in the same run:
 *   - straight to the table (the issue's baseline): the same 1,000 messages written by 10 clients, one transaction
 *     each (row + raw), with no SMTP, parsing, look-up or processing;
 *   - the SMTP floor: the same senders to a bare smtp-server that writes each message straight to the table, what
 *     any SMTP intake costs on this machine before any work of ours.
 * The messages are composed once before anything is timed, and the senders (10 persistent connections, the queued
 * bytes, MAIL/RCPT/DATA pipelined; a lean MTA-like client by default, or nodemailer with BENCH_SENDERS=nodemailer) run
 * in a process of their own (smtp-senders.ts): they stand for the world's mail servers, whose CPU is not ours; the
 * same senders serve the floor and our intake. Also printed: the Redis commands and PostgreSQL transactions per mail (counts the machine's load cannot
 * move), the CPU of each process, and in one process the server's own time per SMTP step.
 *
 *   npm run bench -- inbound          (in one process, then with the services apart; BENCH_APART=0|1 for one of them)
 *
 * Uses DATABASE_URL and REDIS_URL when given (npm run bench), else starts its own PostgreSQL and Redis on
 * BENCH_PG_PORT (25595) and BENCH_REDIS_PORT (26595). BENCH_MAILS (1000), BENCH_SMTP_CONNECTIONS (10),
 * BENCH_SMTP_PORT (a free port), WHOIS_MAIL_CONCURRENCY (8), BENCH_CPU_PROFILE=<dir> (a CPU profile of the run).
 *
 * Then the stages of intake alone, at the same parallelism, to show where the time goes: the RCPT look-up (the RPC to
 * domain-ops over Redis) and mailparser; and the forwards' delivery by the mail worker (forward-delivery.ts), one job
 * per forward against one job per processing batch (ADR 0046), on the forwards this run queued.
 */
import 'reflect-metadata';
import fs from 'node:fs';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fork } from 'node:child_process';
import MailComposer from 'nodemailer/lib/mail-composer';
import { Pool } from 'pg';
import { benchDataStores, freePort, log, stopper, Stoppable } from '../../scripts/dev/infra';
import { createHmac, randomBytes } from 'node:crypto';
import { benchApart, benchMode, startBenchServices } from '../services';
import { profiled } from '../profile';
import { cpuBetween, cpuByProcess } from '../stages';
import type { SendMailJobData } from '@registrar/mail';
import { measureForwardDelivery } from './forward-delivery';

/** 20 random characters of the proxy-address alphabet (docs/whois.md). */
const proxyToken = () => Array.from(randomBytes(20), (b) => 'abcdefghijkmnpqrstuvwxyz23456789'[b & 31]).join('');

const MAILS = Number(process.env.BENCH_MAILS ?? 1000);
const CONNECTIONS = Number(process.env.BENCH_SMTP_CONNECTIONS ?? 10);
const DOMAINS = 50;
const PROXY_DOMAIN = 'whois-proxy.rakko.example';

const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function until(f: () => Promise<boolean>, timeoutMs = 600_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await f())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function main() {
  const handles: Stoppable[] = [];
  const stop = stopper(handles);
  try {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'registrar-bench-whois-mail-'));
    const { databaseUrl, redisUrl } = await benchDataStores({ tmp, pgPort: Number(process.env.BENCH_PG_PORT ?? 25595), redisPort: Number(process.env.BENCH_REDIS_PORT ?? 26595), handles });
    // a free port unless one is given: the bench runs beside `npm start` (which holds 2525)
    const smtpPort = Number(process.env.BENCH_SMTP_PORT ?? (await freePort()));
    Object.assign(process.env, {
      DATABASE_URL: databaseUrl, REDIS_URL: redisUrl, LOG_LEVEL: 'warn', NODE_ENV: 'test',
      SMTP_INBOUND_PORT: String(smtpPort), SMTP_INBOUND_PER_SENDER_PER_HOUR: String(MAILS * 10),
      WHOIS_MAIL_REGISTRY_SENDERS: '@registry.example', WHOIS_MAIL_REGISTRY_SECRET: 'bench-secret',
    });
    const db = new Pool({ connectionString: databaseUrl, max: 10 });
    handles.push({ name: 'pool', stop: () => db.end() });

    const site = http.createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'text/html' }).end('<p>approved</p>'));
    await new Promise<void>((r) => site.listen(0, '127.0.0.1', () => r()));
    handles.push({ name: 'site', stop: () => new Promise<void>((r) => site.close(() => r())) });
    const siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
    process.env.WHOIS_MAIL_APPROVAL_BASE_URLS = `${siteUrl}/approve/`;

    // server-side time of each step of the SMTP dialogue (in one process: the methods of the running server)
    const spent = new Map<string, number[]>();
    const timed = (proto: Record<string, unknown>, name: string, label: string) => {
      const f = proto[name] as (...a: unknown[]) => Promise<unknown>;
      proto[name] = async function (this: unknown, ...a: unknown[]) {
        const t = performance.now();
        try { return await f.apply(this, a); } finally { const l = spent.get(label) ?? []; l.push(performance.now() - t); spent.set(label, l); }
      };
    };
    // in one process, the socket writes of this process (each write or writev is one syscall): those of sockets an SMTP
    // server accepted (the replies) and all of them (PostgreSQL, Redis, HTTP, the bench's polls included); counts the
    // machine's load cannot move (ADR 0059)
    const writes = { smtp: 0, all: 0 };
    if (!benchApart()) {
      const generic = (net.Socket.prototype as unknown as { _writeGeneric: (...a: unknown[]) => unknown })._writeGeneric;
      (net.Socket.prototype as unknown as { _writeGeneric: (...a: unknown[]) => unknown })._writeGeneric = function (this: net.Socket & { server?: unknown }, ...a: unknown[]) {
        writes.all++;
        if (this.server && !(this.server instanceof http.Server)) writes.smtp++;
        return generic.apply(this, a);
      };
    }
    if (!benchApart()) {
      const { InboundSmtpServer } = await import('../../libs/whois-mail/src/inbound/inbound-smtp.server');
      const { InboundMailService } = await import('../../libs/whois-mail/src/inbound/inbound-mail.service');
      const { EmailsRepository } = await import('../../libs/whois-mail/src/emails/emails.repository');
      const { WhoisMailQueue } = await import('../../libs/whois-mail/src/processing/whois-mail.queue');
      const { DomainsPort } = await import('../../libs/whois-mail/src/ports/domains.port');
      timed(InboundSmtpServer.prototype as never, 'mailFrom', 'MAIL FROM (sender count in Redis)');
      timed(InboundSmtpServer.prototype as never, 'rcptTo', 'RCPT TO (proxy address look-up)');
      timed(DomainsPort.prototype as never, 'lookUp', '    RPCs to domain-ops (one per batch of RCPTs)');
      timed(InboundSmtpServer.prototype as never, 'data', 'DATA (read, parse, store, queue)');
      timed(InboundMailService.prototype as never, 'receive', '  of which receive (parse, store, queue)');
      timed(EmailsRepository.prototype as never, 'insertMany', '  the store (one statement per batch of mails)');
      timed(WhoisMailQueue.prototype as never, 'enqueueMany', '  their jobs added (one round trip per batch)');
    }
    // nothing is registered here: no reserve of WHOIS proxy contacts is made at the registry (ADR 0041), so no
    // registry work of its own runs beside what is measured, and none goes to a registry this benchmark did not start
    process.env.PROXY_RESERVE_SIZE ??= '0';
    await startBenchServices(['domain-ops', 'whois-mail'], handles);
    await db.query('TRUNCATE whois_mail.emails CASCADE');

    // proxied domains as registrations leave them
    const run = Date.now().toString(36);
    const proxies: string[] = [];
    for (let i = 0; i < DOMAINS; i++) {
      const name = `bench-${run}-${i}.com`;
      const token = proxyToken();
      const proxy = `px-${token}@${PROXY_DOMAIN}`;
      await db.query(`INSERT INTO domain_ops.domains (user_id, name, idn, punycode, tld, status, is_auto_update_enabled, is_whois_proxy_enabled, is_domain_lock_enabled)
        VALUES (100001, $1, $1, $1, 'com', 'active', true, true, false)`, [name]);
      await db.query('INSERT INTO domain_ops.proxy_identities (punycode, email, registry_contact_id) VALUES ($1, $2, $3)', [name, proxy, `rkpx${token.slice(0, 12)}`]);
      proxies.push(proxy);
    }
    const mails = Array.from({ length: MAILS }, (_, i) => i % 5 === 0
      ? { from: `registry-${i % 7}@registry.example`, to: proxies[i % DOMAINS], subject: `Approval required: change of registrant (${i})`, text: `Approve: ${siteUrl}/approve/${i}\n`, headers: { 'X-Registry-Signature': `v1=${createHmac('sha256', 'bench-secret').update(`${siteUrl}/approve/${i}`).digest('hex')}` } }
      : { from: `someone-${i % 13}@example.net`, to: proxies[i % DOMAINS], subject: i % 2 ? `Domain expiration notice (${i})` : `Is your domain for sale? (${i})`, text: `Hello,\n${'本文のテキストです。'.repeat(40)}\n${i}` });

    // The messages as their senders have them queued, composed once before anything is timed: the SMTP run sends these
    // bytes, and the baseline writes these same bytes straight to the table.
    const raws = await Promise.all(mails.map((m) => new MailComposer(m).compile().build()));
    // The senders (10 persistent connections, smtp-senders.ts) run in a process of their own: they stand for the mail servers
    // of the world, whose CPU is not ours (in one process they took ~13 % of the event loop the services need).
    const senders = fork(path.join(__dirname, 'smtp-senders.ts'), [], { execArgv: ['-r', '@swc-node/register'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    handles.push({ name: 'smtp-senders', stop: async () => { senders.kill(); } });
    const ask = <T>(m: unknown) => new Promise<T>((resolve, reject) => {
      senders.once('message', (r: any) => (r?.error ? reject(new Error(r.error)) : resolve(r as T)));
      senders.once('exit', (code) => reject(new Error(`the senders exited (${code})`)));
      senders.send(m as never);
    });
    await ask<'ready'>({ port: smtpPort, connections: CONNECTIONS, mails: mails.map((m, i) => ({ from: m.from, to: m.to, raw: raws[i]!.toString('base64') })) });

    // SMTP: every mail accepted (stored), then every mail processed
    const { default: IORedis } = await import('ioredis');
    const redisInfo = new IORedis(redisUrl, { maxRetriesPerRequest: 2 });
    handles.push({ name: 'redis-info', stop: async () => { redisInfo.disconnect(); } });
    const commands = async () => {
      const m = new Map<string, number>();
      for (const line of (await redisInfo.info('commandstats')).split('\n')) {
        const x = /^cmdstat_([^:]+):calls=(\d+)/.exec(line);
        if (x) m.set(x[1]!, Number(x[2]));
      }
      return m;
    };
    // CPU spent, a firmer figure than time on a shared machine: this process (in one process: the services too) and
    // Redis (INFO cpu), per mail, for the SMTP run and for the baseline
    const redisCpu = async () => {
      const info = await redisInfo.info('cpu');
      const v = (k: string) => Number(new RegExp(`^${k}:([\\d.]+)`, 'm').exec(info)?.[1] ?? 0);
      return (v('used_cpu_sys') + v('used_cpu_user')) * 1000;
    };
    const cpuOf = async () => ({ node: process.cpuUsage(), redis: await redisCpu() });
    const cpuSince = async (c: { node: NodeJS.CpuUsage; redis: number }) => {
      const n = process.cpuUsage(c.node);
      return { node: (n.user + n.system) / 1000 / MAILS, redis: ((await redisCpu()) - c.redis) / MAILS };
    };
    // transactions PostgreSQL committed (each statement outside BEGIN is one), a count the machine's load cannot move;
    // its statistics reach pg_stat_database when a backend is idle (at most a second later)
    const commits = async () => {
      await new Promise((r) => setTimeout(r, 1_500));
      await db.query('SELECT pg_stat_clear_snapshot()');
      return Number((await db.query('SELECT xact_commit FROM pg_stat_database WHERE datname = current_database()')).rows[0].xact_commit);
    };
    // jobs created per queue (BullMQ's id counter of each queue; keyed jobs such as the processing jobs count too)
    const jobCounters = async () => {
      const m = new Map<string, number>();
      for (const k of await redisInfo.keys('bull:*:id')) m.set(k.slice(5, -3), Number(await redisInfo.get(k)));
      return m;
    };
    const jobsBefore = await jobCounters();
    const commitsBefore = await commits();
    const cpuBefore = await cpuOf();
    const procsBefore = cpuByProcess();
    const commandsBefore = await commands();
    const writesBefore = { ...writes };
    const t0 = Date.now();
    let stored = 0;
    let sent = { ms: 0, cpuMs: 0, failed: 0, pipelined: false };
    await profiled(`whois-mail-inbound-${benchMode().replace(/\W+/g, '-')}`, async () => {
      sent = await ask<typeof sent>('go');
      stored = Date.now() - t0;
      await until(async () => (await db.query('SELECT count(*)::int AS n FROM whois_mail.emails WHERE status <> 0')).rows[0].n >= MAILS);
    });
    const processed = Date.now() - t0;
    if (sent.failed) throw new Error(`${sent.failed} mails were not accepted`);
    const commandsAfter = await commands();
    const writesRun = { smtp: (writes.smtp - writesBefore.smtp) / MAILS, all: (writes.all - writesBefore.all) / MAILS };
    const cpuRun = await cpuSince(cpuBefore);
    const procsRun = cpuBetween(procsBefore, cpuByProcess());
    const commitsRun = ((await commits()) - commitsBefore) / MAILS;
    const jobsPerMail = [...(await jobCounters())].map(([k, v]) => [k, (v - (jobsBefore.get(k) ?? 0)) / MAILS] as const).filter(([, v]) => v > 0).sort((a, b) => b[1] - a[1]);
    const perMail = [...commandsAfter].map(([k, v]) => [k, (v - (commandsBefore.get(k) ?? 0)) / MAILS] as const).filter(([, v]) => v >= 0.05).sort((a, b) => b[1] - a[1]);
    const counts = (await db.query('SELECT status, count(*)::int AS n FROM whois_mail.emails GROUP BY status ORDER BY status')).rows;

    // the forwards the run queued (what the gateway's mail worker would deliver), taken off their queues: delivered
    // below, both ways, by a mail worker of this process (forward-delivery.ts)
    const { Queue } = await import('bullmq');
    const { QueueName } = await import('@registrar/contracts');
    const forwardBatches: SendMailJobData[][] = [];
    for (const name of [QueueName.MailBatches, QueueName.Mail]) {
      const q = new Queue(name, { connection: { url: redisUrl, maxRetriesPerRequest: null } as never });
      for (const job of await q.getJobs(['waiting', 'prioritized', 'delayed'])) forwardBatches.push(name === QueueName.MailBatches ? job.data.mails : [job.data]);
      await q.obliterate({ force: true });
      await q.close();
    }

    // baseline: the same messages written straight to the table (raw kept), same parallelism
    await db.query('TRUNCATE whois_mail.emails CASCADE');
    const cpuBase = await cpuOf();
    const procsBase = cpuByProcess();
    const b0 = Date.now();
    let j = 0;
    await Promise.all(Array.from({ length: CONNECTIONS }, async () => {
      while (j < mails.length) {
        const i = j++;
        const m = mails[i];
        const c = await db.connect();
        try {
          await c.query('BEGIN');
          const r = await c.query(`INSERT INTO whois_mail.emails (type, subject, content, sender, envelope_from, recipient, size) VALUES ($1, $2, $3, $4, $4, $5, $6) RETURNING id`,
            [i % 5 === 0 ? 1 : 0, m.subject, m.text, m.from, m.to, raws[i].length]);
          await c.query('INSERT INTO whois_mail.raw_messages (email_id, raw) VALUES ($1, $2)', [r.rows[0].id, raws[i]]);
          await c.query('COMMIT');
        } finally {
          c.release();
        }
      }
    }));
    const direct = Date.now() - b0;
    const cpuDirect = await cpuSince(cpuBase);
    const procsDirect = cpuBetween(procsBase, cpuByProcess());

    // the floor of any SMTP intake: the same bytes from the same senders to a bare smtp-server (same library, no TLS)
    // that reads each message and writes it straight to the table as the baseline does (no look-up, no parse, no job)
    const { SMTPServer } = await import('smtp-server');
    const bare = new SMTPServer({
      authOptional: true, disabledCommands: ['AUTH', 'STARTTLS'], logger: false, size: 10 * 1024 * 1024,
      onData: (stream, session, cb) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks);
          void (async () => {
            const c = await db.connect();
            try {
              await c.query('BEGIN');
              const r = await c.query(`INSERT INTO whois_mail.emails (type, subject, content, sender, envelope_from, recipient, size) VALUES (0, '', '', $1, $1, $2, $3) RETURNING id`,
                [session.envelope.mailFrom ? session.envelope.mailFrom.address : '', session.envelope.rcptTo[0]?.address ?? '', raw.length]);
              await c.query('INSERT INTO whois_mail.raw_messages (email_id, raw) VALUES ($1, $2)', [r.rows[0].id, raw]);
              await c.query('COMMIT');
            } finally {
              c.release();
            }
          })().then(() => cb(null, 'stored'), (e: Error) => cb(e));
        });
      },
    });
    await new Promise<void>((r) => bare.listen(0, '127.0.0.1', () => r()));
    handles.push({ name: 'bare-smtp', stop: () => new Promise<void>((r) => bare.close(() => r())) });
    await db.query('TRUNCATE whois_mail.emails CASCADE');
    await ask<'ready'>({ port: (bare.server.address() as AddressInfo).port, connections: CONNECTIONS });
    const cpuFloor = await cpuOf();
    const floorRun = await ask<typeof sent>('go');
    const cpuFloorPerMail = await cpuSince(cpuFloor);
    if (floorRun.failed) throw new Error(`${floorRun.failed} mails were not accepted by the bare SMTP server`);
    const floor = floorRun.ms;

    // the SMTP dialogue alone: the same senders to a bare smtp-server that reads each message and answers 250 at once,
    // with no database: what of the floor is SMTP (the sessions, the server's replies, the senders) and what the table
    const alone = new SMTPServer({
      authOptional: true, disabledCommands: ['AUTH', 'STARTTLS'], logger: false, size: 10 * 1024 * 1024,
      onData: (stream, _session, cb) => { stream.on('data', () => undefined); stream.on('end', () => cb(null, 'dropped')); },
    });
    await new Promise<void>((r) => alone.listen(0, '127.0.0.1', () => r()));
    handles.push({ name: 'smtp-alone', stop: () => new Promise<void>((r) => alone.close(() => r())) });
    await ask<'ready'>({ port: (alone.server.address() as AddressInfo).port, connections: CONNECTIONS });
    const cpuAlone = await cpuOf();
    const aloneRun = await ask<typeof sent>('go');
    const cpuAlonePerMail = await cpuSince(cpuAlone);

    // the stages of intake alone, each over the same 1,000 mails with CONNECTIONS in flight
    const stage = async (work: (i: number) => Promise<unknown>) => {
      const t = Date.now();
      let k = 0;
      await Promise.all(Array.from({ length: CONNECTIONS }, async () => { while (k < mails.length) await work(k++); }));
      return Date.now() - t;
    };
    const { BullRpcClient, rpc } = await import('@registrar/infra');
    const { DomainOpsPatterns } = await import('@registrar/contracts');
    const { parseInbound } = await import('../../libs/whois-mail/src/inbound/parse-mail');
    const client = new BullRpcClient(redisUrl);
    await client.connect();
    const lookUp = await stage((i) => rpc(client, DomainOpsPatterns.FindDomainByProxyAddress, { address: mails[i]!.to }, 5_000));
    await client.close();
    const parse = await stage((i) => parseInbound(raws[i]!));

    // BENCH_FORWARD_DELIVERY=0 skips the forwards' delivery (about a minute, measured after everything above)
    const delivery = process.env.BENCH_FORWARD_DELIVERY === '0' ? [] : await measureForwardDelivery({ batches: forwardBatches, db, redisCpu, commits });

    log('');
    log(`whois-mail inbound [${benchMode()}]: ${MAILS} mails over SMTP (${CONNECTIONS} connections), ${MAILS / 5} approval links followed, ${MAILS - MAILS / 5} forwarded`);
    log(`  senders: ${process.env.BENCH_SENDERS ?? 'mta'} (BENCH_SENDERS=mta|nodemailer), in a process of their own; MAIL/RCPT/DATA pipelined: ${sent.pipelined ? 'yes' : 'no'}; their CPU per mail: ${(sent.cpuMs / MAILS).toFixed(2)} ms to our intake, ${(floorRun.cpuMs / MAILS).toFixed(2)} ms to the floor`);
    log(`  all stored (250 answered):      ${s(stored)}  (${Math.round(MAILS / (stored / 1000))} mails/s)`);
    log(`  all processed (status 1):       ${s(processed)}  (${Math.round(MAILS / (processed / 1000))} mails/s)  statuses ${JSON.stringify(counts)}`);
    log(`  baseline, straight to the table: ${s(direct)}  (${Math.round(MAILS / (direct / 1000))} mails/s)`);
    log(`  stages alone: RCPT look-up (RPC to domain-ops) ${s(lookUp)}, mailparser ${s(parse)}; the rest of "stored" is the SMTP dialogue, the store (one statement) and the job`);
    if (spent.size) log(`  server-side steps while storing (count, p50, p95, total time; the SMTP steps summed over the ${CONNECTIONS} connections):`);
    for (const [label, l] of spent) {
      const sorted = [...l].sort((a, b) => a - b);
      const q = (x: number) => sorted[Math.min(sorted.length - 1, Math.floor(x * sorted.length))]!.toFixed(1);
      log(`    ${label.padEnd(42)} ${String(l.length).padStart(5)}  ${q(0.5).padStart(7)} ms ${q(0.95).padStart(7)} ms ${(l.reduce((a, b) => a + b, 0) / 1000).toFixed(2).padStart(7)} s`);
    }
    log(`  Redis commands per mail (BullMQ jobs, RPC, events, the sender count; every process of this run): ${perMail.reduce((a, [, v]) => a + v, 0).toFixed(1)}: ${perMail.map(([k, v]) => `${k} ${v.toFixed(1)}`).join(', ')}`);
    log(`  BullMQ jobs per mail, by queue: ${jobsPerMail.map(([k, v]) => `${k} ${v.toFixed(2)}`).join(', ')}`);
    log(`  PostgreSQL transactions per mail (every service of this run, the bench's polls included): ${commitsRun.toFixed(2)}`);
    if (!benchApart()) log(`  socket writes per mail (this process; each one syscall): SMTP replies ${writesRun.smtp.toFixed(2)}, all ${writesRun.all.toFixed(2)} (PostgreSQL, Redis, HTTP and the bench's polls included)`);
    log(`  CPU of each process (s, for ${MAILS} mails): SMTP run ${procsRun}; baseline ${procsDirect}; the senders ${(sent.cpuMs / 1000).toFixed(2)} s`);
    log(`  CPU per mail: this process${benchApart() ? ' (the bench only: the services run apart)' : ' (the services)'} ${cpuRun.node.toFixed(2)} ms, Redis ${cpuRun.redis.toFixed(2)} ms; baseline: this process ${cpuDirect.node.toFixed(2)} ms, Redis ${cpuDirect.redis.toFixed(2)} ms (load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')})`);
    log(`  SMTP floor: the same senders to a bare smtp-server writing straight to the table: ${s(floor)}  (${Math.round(MAILS / (floor / 1000))} mails/s; ${(floor / direct).toFixed(1)}x the baseline; this process ${cpuFloorPerMail.node.toFixed(2)} ms of CPU per mail, the senders ${(floorRun.cpuMs / MAILS).toFixed(2)} ms)`);
    log(`  the SMTP dialogue alone (the same senders to a bare smtp-server that drops each message, no database): ${s(aloneRun.ms)}  (${(aloneRun.ms / direct).toFixed(1)}x the baseline; this process ${cpuAlonePerMail.node.toFixed(2)} ms of CPU per mail, the senders ${(aloneRun.cpuMs / MAILS).toFixed(2)} ms)`);
    log(`  the forwards' delivery (the gateway's mail worker, here in the bench's process, to a bare SMTP sink; ${forwardBatches.length} batches as queued, run alternately; load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}):`);
    for (const d of delivery) {
      log(`    ${d.way.padEnd(20)} ${d.forwards} forwards in ${s(d.ms)}; per forward: CPU ${(d.cpuMs / d.forwards).toFixed(2)} ms, Redis ${(d.redisMs / d.forwards).toFixed(2)} ms, ${(d.commits / d.forwards).toFixed(2)} transactions, ${(d.connections / d.forwards).toFixed(2)} SMTP connections`);
    }
    log(`  ratio stored / baseline: ${(stored / direct).toFixed(1)}x   processed / baseline: ${(processed / direct).toFixed(1)}x   processed / SMTP floor: ${(processed / floor).toFixed(1)}x`);
  } finally {
    await stop();
  }
}

main().then(() => process.exit(0), (e) => { console.error(e); process.exit(1); });
