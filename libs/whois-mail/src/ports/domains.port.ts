import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { ClientProxy } from '@nestjs/microservices';
import IORedis from 'ioredis';
import { DOMAIN_OPS_CLIENT, DomainOpsPatterns, PROXY_ADDRESS_CHANNEL, PROXY_LOOKUP_BATCH, ProxyDomainDto, ProxyDomainResult } from '@registrar/contracts';
import { createRedis, rpc } from '@registrar/infra';
import { Coalescer } from '../common/coalescer';
import { WhoisMailConfig } from '../whois-mail.config';
import { ProxyAddressBook } from './proxy-address-book';

/**
 * Asks domain-ops which domain a per-domain WHOIS proxy address belongs to (docs/whois.md). An address domain-ops
 * found is kept (ProxyAddressBook, ADR 0056) until domain-ops' relay says it changed, and answered from memory while
 * the relay's beats arrive; any other address is asked. The look-ups of concurrent SMTP sessions go together (a
 * Coalescer): one request is in flight at a time, and the addresses asked meanwhile (at most PROXY_LOOKUP_BATCH) go in
 * the next one, so a busy server makes one request per batch instead of one per RCPT.
 */
@Injectable()
export class DomainsPort implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('whois-mail-proxy-addresses');
  private readonly lookUps = new Coalescer<string, ProxyDomainDto | null>((addresses) => this.lookUp(addresses), PROXY_LOOKUP_BATCH);
  readonly book: ProxyAddressBook;
  private staleSaidAt = 0;
  private sub: IORedis | null = null;
  /** addresses asked of domain-ops (tests, the benchmark) */
  asked = 0;

  constructor(@Inject(DOMAIN_OPS_CLIENT) private readonly client: ClientProxy, private readonly config: WhoisMailConfig) {
    this.book = new ProxyAddressBook(config.PROXY_ADDRESS_BOOK_SIZE);
  }

  async onModuleInit(): Promise<void> {
    if (this.config.PROXY_ADDRESS_BOOK_SIZE <= 0) return;
    const sub = createRedis(this.config.REDIS_URL);
    this.sub = sub;
    // a lost subscription may have missed changes: forget all (the next beat after the resubscription trusts again)
    sub.on('close', () => this.book.lost());
    sub.on('message', (channel: string, message: string) => {
      if (channel !== PROXY_ADDRESS_CHANNEL) return;
      const stale = this.book.staleBeats;
      this.book.heard(String(message));
      // beats that arrive too old to trust (a relay lagging, or this host's clock ahead of the relay's) turn the copy off
      // without any error: said once a minute at most, so an operator can find why every RCPT asks domain-ops
      if (this.book.staleBeats > stale && Date.now() - this.staleSaidAt > 60_000) {
        this.staleSaidAt = Date.now();
        this.logger.warn(`proxy address beats arrive too old to trust (${this.book.staleBeats} so far): a relay lags or this host's clock is ahead of domain-ops'; every RCPT asks domain-ops meanwhile`);
      }
    });
    try {
      await sub.subscribe(PROXY_ADDRESS_CHANNEL);
    } catch (e) {
      // ioredis resubscribes when Redis is back; until a beat arrives every address is asked
      this.logger.warn(`proxy address changes unavailable: ${(e as Error).message}`);
    }
  }

  onModuleDestroy(): void {
    this.sub?.disconnect();
    this.sub = null;
  }

  byProxyEmail(address: string): Promise<ProxyDomainDto | null> {
    const a = address.toLowerCase();
    const kept = this.book.get(a);
    if (kept) return Promise.resolve(kept);
    return this.lookUps.submit(a);
  }

  private async lookUp(addresses: string[]): Promise<Array<ProxyDomainDto | null>> {
    this.asked += addresses.length;
    const mark = this.book.mark();
    const answers = await this.ask(addresses);
    addresses.forEach((a, i) => this.book.keep(a, answers[i] ?? null, mark));
    return answers;
  }

  private async ask(addresses: string[]): Promise<Array<ProxyDomainDto | null>> {
    const one = async (address: string) => {
      const r = await rpc<ProxyDomainResult>(this.client, DomainOpsPatterns.FindDomainByProxyAddress, { address }, 5_000);
      return r?.found && r.domain ? r.domain : null;
    };
    if (addresses.length === 1) return [await one(addresses[0]!)];
    const r = await rpc<{ results?: ProxyDomainResult[] }>(this.client, DomainOpsPatterns.FindDomainByProxyAddress, { addresses }, 5_000);
    // a domain-ops replica older than the batch form answers without results: ask one by one
    if (!Array.isArray(r?.results) || r.results.length !== addresses.length) return Promise.all(addresses.map(one));
    return r.results.map((x) => (x?.found && x.domain ? x.domain : null));
  }
}
