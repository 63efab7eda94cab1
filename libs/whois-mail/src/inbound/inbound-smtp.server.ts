import { Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import IORedis from 'ioredis';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Readable } from 'node:stream';
import { SMTPServer, SMTPServerAddress, SMTPServerDataStream, SMTPServerSession } from 'smtp-server';
import { ProxyDomainDto } from '@registrar/contracts';
import { createRedis } from '@registrar/infra';
import { DomainsPort } from '../ports/domains.port';
import { WhoisMailConfig } from '../whois-mail.config';
import { InboundMailService } from './inbound-mail.service';
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
 * A message is acknowledged (250) only once it is stored; processing then runs as a job.
 */
@Injectable()
export class InboundSmtpServer implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('whois-mail-smtp');
  private server!: SMTPServer;
  private redis!: IORedis;
  /** accepted recipients of each open SMTP session, with their domains */
  private readonly recipients = new Map<string, Map<string, ProxyDomainDto>>();
  port = 0;

  constructor(private readonly config: WhoisMailConfig, private readonly domains: DomainsPort, private readonly inbound: InboundMailService) {}

  async onModuleInit(): Promise<void> {
    this.redis = createRedis(this.config.REDIS_URL, { maxRetriesPerRequest: 2 });
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
      onClose: (session) => { this.recipients.delete(session.id); },
    });
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
  }

  private async mailFrom(address: SMTPServerAddress, session: SMTPServerSession): Promise<void> {
    this.recipients.set(session.id, new Map());
    const sender = (address.address || '<>').toLowerCase().slice(0, 320);
    const key = `whois-mail:sender:${sender}:${Math.floor(Date.now() / 3_600_000)}`;
    let n: number;
    try {
      n = await this.redis.incr(key);
      if (n === 1) await this.redis.expire(key, 3_700);
    } catch {
      throw smtpError(451, '4.3.0 Temporary failure, try again later');
    }
    if (n > this.config.SMTP_INBOUND_PER_SENDER_PER_HOUR) {
      this.logger.warn(`sender ${sender} over its hourly limit (${n}): deferred`);
      throw smtpError(450, '4.7.1 Too many messages from this sender, try again later');
    }
  }

  private async rcptTo(address: SMTPServerAddress, session: SMTPServerSession): Promise<void> {
    const rcpt = address.address.toLowerCase();
    const at = rcpt.lastIndexOf('@');
    if (at < 1 || rcpt.slice(at + 1) !== this.config.WHOIS_PROXY_MAIL_DOMAIN.toLowerCase()) throw smtpError(550, '5.7.1 Relaying denied');
    const accepted = this.recipients.get(session.id) ?? new Map<string, ProxyDomainDto>();
    this.recipients.set(session.id, accepted);
    if (accepted.size >= this.config.SMTP_INBOUND_MAX_RECIPIENTS) throw smtpError(452, '4.5.3 Too many recipients');
    let domain: ProxyDomainDto | null;
    try {
      domain = await this.domains.byProxyEmail(rcpt);
    } catch (e) {
      this.logger.warn(`proxy address look-up failed: ${(e as Error).message}`);
      throw smtpError(451, '4.3.0 Temporary failure, try again later');
    }
    if (!domain) throw smtpError(550, '5.1.1 No such user');
    accepted.set(rcpt, domain);
  }

  private async data(stream: SMTPServerDataStream, session: SMTPServerSession): Promise<string> {
    const { raw, size, exceeded } = await readLimited(stream, this.config.SMTP_INBOUND_MAX_BYTES);
    if (exceeded || stream.sizeExceeded) throw smtpError(552, '5.3.4 Message too big');
    const accepted = this.recipients.get(session.id) ?? new Map<string, ProxyDomainDto>();
    const envelopeFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
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
