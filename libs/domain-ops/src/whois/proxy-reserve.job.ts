import { Inject, Injectable, Logger } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { JobName } from '@registrar/contracts';
import { EPP_CLIENT, EppClientPool, EppError, EppResultCode } from '@registrar/epp';
import { DomainOpsConfig } from '../shared/domain-ops.config';
import { proxyContactInput } from '../shared/contacts/epp-contacts';
import { ProxyIdentityRepository } from './proxy-identity.repository';

/**
 * Registry commands a refill sends at once: one, so that a refill during a burst of orders (it starts when the reserve
 * falls under half) holds one connection of the EPP pool, the rest staying free for members' commands.
 */
const REFILL_PARALLEL = 1;

/**
 * Keeps the reserve of WHOIS proxy contacts full (PROXY_RESERVE_SIZE, docs/purchase.md): new rows get a random
 * address and contact id (the same kind a proxy identity has always had, tied to no domain until taken), are made at
 * the registry, then become 'ready'. Safe on any number of replicas at once: a contact made twice answers "exists"
 * (2302), which for our own random id means it is there; a row is taken by one registration only
 * (ProxyIdentityRepository.take).
 */
@Injectable()
export class ProxyReserveRefillJob {
  static readonly jobName = JobName.ProxyReserveRefill;
  private readonly logger = new Logger(ProxyReserveRefillJob.name);

  constructor(
    @Inject(EPP_CLIENT) private readonly epp: EppClientPool,
    private readonly proxies: ProxyIdentityRepository,
    private readonly config: DomainOpsConfig,
  ) {}

  async handle(): Promise<{ made: number }> {
    const size = this.config.PROXY_RESERVE_SIZE;
    if (!size) return { made: 0 };
    const { ready, creating } = await this.proxies.reserveCounts();
    await this.proxies.addToReserve(size - ready - creating, this.config.WHOIS_PROXY_MAIL_DOMAIN);
    let made = 0;
    for (;;) {
      const batch = await this.proxies.reserveCreating(REFILL_PARALLEL * 8);
      if (!batch.length) break;
      const done: string[] = [];
      let failed = 0;
      for (let i = 0; i < batch.length; i += REFILL_PARALLEL) {
        await Promise.all(batch.slice(i, i + REFILL_PARALLEL).map(async (r) => {
          try {
            await this.epp.contactCreate({ ...proxyContactInput(r.registryContactId, r.email), authInfo: `Rk${randomBytes(9).toString('base64url')}1` });
            done.push(r.registryContactId);
          } catch (e) {
            if (EppError.is(e, EppResultCode.ObjectExists)) done.push(r.registryContactId);
            else {
              failed++;
              this.logger.warn(`reserve contact ${r.registryContactId}: ${(e as Error).message}`);
            }
          }
        }));
      }
      await this.proxies.markReady(done);
      made += done.length;
      // a registry fault: the rows stay 'creating' for the next run (the job's retry or the schedule)
      if (failed) throw new Error(`${failed} reserve contacts could not be made at the registry`);
    }
    return { made };
  }
}
