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
/** Seconds a run holds the old contacts it deletes; one that failed or died leaves them to a later run after that. */
const RETIRE_LEASE_S = 120;
/** Seconds a run holds the reserve rows whose contacts it is making (a batch of 8 takes well under a second). */
const CREATE_LEASE_S = 120;

/**
 * Keeps the reserve of WHOIS proxy contacts full (PROXY_RESERVE_SIZE, docs/purchase.md): new rows get a random
 * address and contact id (the same kind a proxy identity has always had, tied to no domain until taken), are made at
 * the registry, then become 'ready'. Safe on any number of replicas at once: a contact made twice answers "exists"
 * (2302), which for our own random id means it is there; a row is taken by one registration only
 * (ProxyIdentityRepository.take).
 *
 * Contacts made under another WHOIS_PROXY_MAIL_DOMAIN are never taken (their address is at the other mail domain) and
 * do not count towards the reserve; each run deletes them at the registry (contact:delete; "does not exist" (2303)
 * means gone already) and then from the table, after topping up the reserve so registrations come first, but only
 * once no run of their own setting has been seen for PROXY_RESERVE_RETIRE_GRACE_S (ProxyIdentityRepository.markStale):
 * while replicas of both settings run (a rolling change), neither deletes the other's. They are claimed with a lease
 * (claimRetiring, SKIP LOCKED), so replicas share them; a delete the registry refuses is kept and tried again by the
 * job's retry or the next scheduled run. With the reserve off (PROXY_RESERVE_SIZE=0) a run only does this clean-up,
 * and sends nothing to the registry when there is nothing to delete.
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

  async handle(): Promise<{ made: number; retired: number }> {
    const size = this.config.PROXY_RESERVE_SIZE;
    const mailDomain = this.config.WHOIS_PROXY_MAIL_DOMAIN;
    let made = 0;
    let fault: Error | null = null;
    if (size) {
      try {
        made = await this.refill(size, mailDomain);
      } catch (e) {
        fault = e as Error;
      }
    }
    // the reserve off or on, another setting's contacts are cleaned up (none: nothing more, no registry command)
    const others = await this.proxies.markStale(mailDomain);
    const { retired, failed } = others ? await this.retire(mailDomain) : { retired: 0, failed: 0 };
    if (fault) throw fault;
    if (failed) throw new Error(`${failed} reserve contacts of an earlier proxy mail domain could not be deleted at the registry`);
    return { made, retired };
  }

  private async refill(size: number, mailDomain: string): Promise<number> {
    const { ready, creating } = await this.proxies.reserveCounts(mailDomain);
    await this.proxies.addToReserve(size - ready - creating, mailDomain);
    let made = 0;
    for (;;) {
      const batch = await this.proxies.claimCreating(REFILL_PARALLEL * 8, mailDomain, CREATE_LEASE_S);
      if (!batch.length) break;
      const done: string[] = [];
      const failedIds: string[] = [];
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
              failedIds.push(r.registryContactId);
              this.logger.warn(`reserve contact ${r.registryContactId}: ${(e as Error).message}`);
            }
          }
        }));
      }
      await this.proxies.markReady(done);
      await this.proxies.releaseCreating(failedIds);
      made += done.length;
      // a registry fault: the rows stay 'creating' for the next run (the job's retry or the schedule)
      if (failed) throw new Error(`${failed} reserve contacts could not be made at the registry`);
    }
    return made;
  }

  /** Deletes the reserve contacts of other mail domains stale for the grace, at the registry and then here; how many went, how many failed. */
  private async retire(mailDomain: string): Promise<{ retired: number; failed: number }> {
    let retired = 0;
    let failed = 0;
    for (;;) {
      const batch = await this.proxies.claimRetiring(mailDomain, REFILL_PARALLEL * 8, RETIRE_LEASE_S, this.config.PROXY_RESERVE_RETIRE_GRACE_S);
      if (!batch.length) break;
      const gone: string[] = [];
      const kept: string[] = [];
      for (const r of batch) {
        try {
          await this.epp.contactDelete(r.registryContactId);
          gone.push(r.registryContactId);
        } catch (e) {
          // never made (its create failed or never ran), or deleted by an earlier run whose answer was lost
          if (EppError.is(e, EppResultCode.ObjectDoesNotExist)) gone.push(r.registryContactId);
          else {
            kept.push(r.registryContactId);
            this.logger.warn(`old reserve contact ${r.registryContactId}: not deleted: ${(e as Error).message}`);
          }
        }
      }
      await this.proxies.dropRetired(gone);
      retired += gone.length;
      if (kept.length) {
        // a registry fault: the rows stay retiring, free for the job's retry or the next run
        await this.proxies.releaseRetiring(kept);
        failed += kept.length;
        break;
      }
    }
    if (retired) this.logger.log(`${retired} reserve contacts of an earlier proxy mail domain deleted`);
    return { retired, failed };
  }
}
