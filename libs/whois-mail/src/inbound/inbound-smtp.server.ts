import { Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import IORedis from 'ioredis';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Readable } from 'node:stream';
import { SMTPServer, SMTPServerAddress, SMTPServerDataStream, SMTPServerSession } from 'smtp-server';
import { ProxyDomainDto } from '@registrar/contracts';
import { createRedis } from '@registrar/infra';
import { Coalescer } from '../common/coalescer';
import { ForwardMailConfig } from '../forwarding/forward-mail.config';
import { ForwardMailService, ForwardTarget } from '../forwarding/forward-mail.service';
import { DomainsPort } from '../ports/domains.port';
import { WhoisMailConfig } from '../whois-mail.config';
import { InboundMailService } from './inbound-mail.service';
import { closeParsePool, warmParsePool } from './parse-pool';
import { holdPipelinedReplies } from './pipelined-replies';
import { inboundTls } from './smtp-tls';

/** An SMTP reply: code and text reach the sending server. */
export function smtpError(code: number, message: string): Error & { responseCode: number } {
  return Object.assign(new Error(message), { responseCode: code });
}

/** Reads a message stream, keeping at most `limit` bytes (the rest is drained so the client gets its answer). */
export async function readLimited(stream: Readable, limit: number): Promise<{ raw: Buffer; size: number; exceeded: boolean }> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const b = chunk as Buffer;
    size += b.length;
    if (size <= limit) chunks.push(b);
  }
  return { raw: Buffer.concat(chunks), size, exceeded: size > limit };
}

/**
 * The inbound SMTP server (smtp-server) of the WHOIS proxy addresses. It accepts mail only for addresses of the proxy
 * mail domain that belong to a domain we hold (others are refused at RCPT with 550), refuses messages over the size
 * limit (552) and defers senders over their hourly count (450: a real sender retries later, nothing is lost).
 * A message is acknowledged (250) only once it is stored; it is then processed where it was stored (ADR 0054).
 */
@Injectable()
export class InboundSmtpServer implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('whois-mail-smtp');
  private server!: SMTPServer;
  private redis!: IORedis;
  /** accepted recipients of each open SMTP session, with their domains */
  private readonly recipients = new Map<string, Map<string, ProxyDomainDto>>();
  /** accepted forwarded recipients of each open session (mail forwarding, docs/forwarding.md) */
  private readonly forwards = new Map<string, Map<string, ForwardTarget>>();
  port = 0;
  /**
   * The sender's hourly count of each open transaction, started at MAIL FROM and awaited at its RCPTs, beside the
   * proxy address look-up (ADR 0054): MAIL FROM is answered at once, and a sender over its count gets its 450 at RCPT
   * (as greylisting does), one Redis round trip less in each mail's path.
   */
  private readonly senderVerdicts = new Map<string, { verdict: Promise<void>; refused: boolean }>();
  /** the hourly counts of concurrent sessions, counted together: one round trip to Redis per batch of INCRs */
  private readonly counts = new Coalescer<string, number>((keys) => this.incrAll(keys), 200);

  constructor(
    private readonly config: WhoisMailConfig,
    private readonly domains: DomainsPort,
    private readonly inbound: InboundMailService,
    private readonly forwarding: ForwardMailService,
    private readonly forwardConfig: ForwardMailConfig,
  ) {}

  async onModuleInit(): Promise<void> {
    this.redis = createRedis(this.config.REDIS_URL, { maxRetriesPerRequest: 2 });
    // large mails are parsed in worker threads (ADR 0065): the first one is started now, not by the first large mail
    warmParsePool();
    const c = this.config;
    const tls = await inboundTls({
      keyFile: c.SMTP_INBOUND_TLS_KEY_FILE, certFile: c.SMTP_INBOUND_TLS_CERT_FILE, dir: path.resolve(c.SMTP_INBOUND_TLS_DIR),
      hosts: [c.SMTP_INBOUND_HOSTNAME, 'localhost'], production: process.env.NODE_ENV === 'production',
    });
    if (!tls) this.logger.warn('no SMTP_INBOUND_TLS_KEY_FILE/SMTP_INBOUND_TLS_CERT_FILE: STARTTLS is not offered');
    this.server = new SMTPServer({
      name: c.SMTP_INBOUND_HOSTNAME,
      banner: 'WHOIS proxy mail',
      size: c.SMTP_INBOUND_MAX_BYTES,
      maxClients: c.SMTP_INBOUND_MAX_CLIENTS,
      authOptional: true,
      // STARTTLS on the plain port (as an MX does): the sender upgrades when it can; nothing requires it of senders
      secure: false,
      ...(tls ? { key: tls.key, cert: tls.cert, minVersion: 'TLSv1.2' as const } : {}),
      disabledCommands: tls ? ['AUTH'] : ['AUTH', 'STARTTLS'],
      logger: false,
      socketTimeout: 60_000,
      closeTimeout: 5_000,
      onMailFrom: (address, session, cb) => { this.mailFrom(address, session).then(() => cb(), (e: Error) => cb(e)); },
      onRcptTo: (address, session, cb) => { this.rcptTo(address, session).then(() => cb(), (e: Error) => cb(e)); },
      onData: (stream, session, cb) => { this.data(stream, session).then((msg) => cb(null, msg), (e: Error) => cb(e)); },
      onClose: (session) => { this.recipients.delete(session.id); this.forwards.delete(session.id); this.senderVerdicts.delete(session.id); },
    });
    // the replies of a pipelined group (250 MAIL, 250 RCPT, 354) leave in one socket write (RFC 2920, ADR 0059)
    holdPipelinedReplies(this.server);
    this.server.on('error', (e: Error) => this.logger.warn(`smtp: ${e.message}`));
    await new Promise<void>((resolve, reject) => {
      const onError = (e: Error) => reject(e);
      this.server.server.once('error', onError);
      this.server.listen(c.SMTP_INBOUND_PORT, c.SMTP_INBOUND_HOST, () => {
        this.server.server.off('error', onError);
        resolve();
      });
    });
    this.port = (this.server.server.address() as AddressInfo).port;
    this.logger.log(`inbound SMTP for @${c.WHOIS_PROXY_MAIL_DOMAIN} on ${c.SMTP_INBOUND_HOST}:${this.port}${tls ? ` (STARTTLS, certificate ${tls.source})` : ''}`);
  }

  async onModuleDestroy(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    this.redis?.disconnect();
    await closeParsePool();
  }

  private async mailFrom(address: SMTPServerAddress, session: SMTPServerSession): Promise<void> {
    this.recipients.set(session.id, new Map());
    this.forwards.set(session.id, new Map());
    const sender = (address.address || '<>').toLowerCase().slice(0, 320);
    // counted now, its verdict awaited at each RCPT of this transaction (beside the look-up): nothing is accepted
    // for a sender over its count, and MAIL FROM does not wait for Redis
    const verdict = this.countThisHour(`whois-mail:sender:${sender}`).then((n) => {
      if (n > this.config.SMTP_INBOUND_PER_SENDER_PER_HOUR) {
        this.logger.warn(`sender ${sender} over its hourly limit (${n}): deferred`);
        throw smtpError(450, '4.7.1 Too many messages from this sender, try again later');
      }
    });
    const state = { verdict, refused: false };
    // awaited at RCPT; a transaction that never gets there leaves no unhandled rejection
    verdict.catch(() => { state.refused = true; });
    this.senderVerdicts.set(session.id, state);
  }

  /**
   * One more under `prefix` in this clock hour, shared by every replica (Redis); the count so far. A Redis that does
   * not answer defers the mail (451) rather than letting it past the limit.
   */
  private async countThisHour(prefix: string): Promise<number> {
    const key = `${prefix}:${Math.floor(Date.now() / 3_600_000)}`;
    try {
      return await this.counts.submit(key);
    } catch {
      throw smtpError(451, '4.3.0 Temporary failure, try again later');
    }
  }

  /** INCR of each key (the same key twice counts twice), in one pipeline; a key new this hour then gets its expiry. */
  private async incrAll(keys: string[]): Promise<number[]> {
    const p = this.redis.pipeline();
    for (const k of keys) p.incr(k);
    const out = (await p.exec()) ?? [];
    const counts = keys.map((k, i) => {
      const [err, n] = out[i] ?? [new Error(`no answer for ${k}`), null];
      if (err) throw err;
      return Number(n);
    });
    const fresh = keys.filter((_k, i) => counts[i] === 1);
    if (fresh.length) {
      const e = this.redis.pipeline();
      for (const k of fresh) e.expire(k, 3_700);
      await e.exec();
    }
    return counts;
  }

  private async rcptTo(address: SMTPServerAddress, session: SMTPServerSession): Promise<void> {
    const rcpt = address.address.toLowerCase();
    const at = rcpt.lastIndexOf('@');
    if (at < 1) throw smtpError(550, '5.7.1 Relaying denied');
    const accepted = this.recipients.get(session.id) ?? new Map<string, ProxyDomainDto>();
    this.recipients.set(session.id, accepted);
    const forwards = this.forwards.get(session.id) ?? new Map<string, ForwardTarget>();
    this.forwards.set(session.id, forwards);
    // one recipient limit for proxy and forwarded addresses together
    if (accepted.size + forwards.size >= this.config.SMTP_INBOUND_MAX_RECIPIENTS) throw smtpError(452, '4.5.3 Too many recipients');
    const sender = this.senderVerdicts.get(session.id);
    const verdict = sender?.verdict ?? Promise.resolve();
    // a sender already known to be over its count costs no look-up
    if (sender?.refused) await verdict;
    // a bounce to a sender we rewrote (SRS, at the proxy mail domain by default), or an address of a forwarding domain
    if (/^srs[01][=+-]/i.test(rcpt) && rcpt.slice(at + 1) === this.forwarding.srsDomain) return verdict.then(() => this.rcptForward(rcpt, forwards));
    if (rcpt.slice(at + 1) !== this.config.WHOIS_PROXY_MAIL_DOMAIN.toLowerCase()) return verdict.then(() => this.rcptForward(rcpt, forwards));
    // the look-up runs while the sender's count is answered; a sender over its count gets 450 whatever the look-up says
    const lookUp = this.domains.byProxyEmail(rcpt).then((d) => ({ d }), (e: Error) => ({ e }));
    await verdict;
    const found = await lookUp;
    if ('e' in found) {
      this.logger.warn(`proxy address look-up failed: ${found.e.message}`);
      throw smtpError(451, '4.3.0 Temporary failure, try again later');
    }
    const domain: ProxyDomainDto | null = found.d;
    if (!domain) throw smtpError(550, '5.1.1 No such user');
    accepted.set(rcpt, domain);
  }

  /** An address of a member's domain with mail forwarding (or a bounce to one of our SRS senders); others are refused. */
  private async rcptForward(rcpt: string, forwards: Map<string, ForwardTarget>): Promise<void> {
    let target: ForwardTarget | null;
    try {
      target = await this.forwarding.lookup(rcpt);
    } catch (e) {
      this.logger.warn(`forwarding look-up failed: ${(e as Error).message}`);
      throw smtpError(451, '4.3.0 Temporary failure, try again later');
    }
    if (!target) throw smtpError(550, '5.7.1 Relaying denied');
    if (target.domain && !forwards.has(rcpt)) {
      const n = await this.countThisHour(`forward-mail:domain:${target.domain}`);
      if (n > this.forwardConfig.FORWARD_MAIL_PER_DOMAIN_PER_HOUR) {
        this.logger.warn(`forwarding of ${target.domain} over its hourly limit (${n}): deferred`);
        throw smtpError(450, '4.7.1 Too many forwarded messages for this domain, try again later');
      }
    }
    forwards.set(rcpt, target);
  }

  private async data(stream: SMTPServerDataStream, session: SMTPServerSession): Promise<string> {
    const { raw, size, exceeded } = await readLimited(stream, this.config.SMTP_INBOUND_MAX_BYTES);
    if (exceeded || stream.sizeExceeded) throw smtpError(552, '5.3.4 Message too big');
    const accepted = this.recipients.get(session.id) ?? new Map<string, ProxyDomainDto>();
    const envelopeFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
    const forwards = [...(this.forwards.get(session.id)?.values() ?? [])];
    this.forwards.get(session.id)?.clear();
    if (forwards.length) {
      if (forwards.some((f) => this.forwarding.isLoop(raw, f.rcpt))) {
        accepted.clear();
        throw smtpError(554, '5.4.6 Routing loop detected');
      }
      try {
        await this.forwarding.forward(raw, envelopeFrom, forwards, { hostname: session.hostNameAppearsAs || session.clientHostname, address: session.remoteAddress });
      } catch (e) {
        this.logger.warn(`forwarding a mail failed: ${(e as Error).message}`);
        accepted.clear();
        throw smtpError(451, '4.3.0 Temporary failure, try again later');
      }
      if (!accepted.size) return `2.0.0 Forwarded to ${forwards.length} recipient(s)`;
    }
    try {
      const ids = await this.inbound.receive({ raw, size, envelopeFrom, recipients: [...accepted].map(([email, domain]) => ({ email, domain })) });
      return `2.0.0 Stored as ${ids.join(',')}`;
    } catch (e) {
      this.logger.error(`storing an inbound mail failed: ${(e as Error).stack ?? e}`);
      throw smtpError(451, '4.3.0 Temporary failure, try again later');
    } finally {
      accepted.clear();
    }
  }
}
