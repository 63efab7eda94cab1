import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { DomainListPatterns } from '@registrar/contracts';
import { DEMO_ACCOUNTS, devToolsEnabled, UsersRepository } from '@registrar/identity';
import { DomainOpsClient } from '../purchase/domain-ops.client';

/**
 * The local runtime's demo customer gets a realistic portfolio (60 domains in every state the list filters on) the
 * first time the system starts, so every filter, banner count and page shows something. The domains are registered at
 * the registry (simulator) as well, and at every later start both sides are compared and what differs is repaired. Runs behind the start-up
 * (the demo account and the domain-ops service may come up after the gateway) and never in production.
 */
@Injectable()
export class DemoPortfolioSeeder implements OnApplicationBootstrap {
  private readonly logger = new Logger(DemoPortfolioSeeder.name);
  constructor(private readonly users: UsersRepository, private readonly domainOps: DomainOpsClient) {}

  onApplicationBootstrap(): void {
    if (process.env.LOCAL_RUNTIME !== '1' || !devToolsEnabled() || process.env.DEMO_SEED === '0') return;
    const email = DEMO_ACCOUNTS.find((a) => a.adminRole === null)!.email;
    void (async () => {
      for (let attempt = 0; attempt < 60; attempt++) {
        try {
          const u = await this.users.findByEmail(email);
          if (u) {
            // through the registry: seeded there, or (already seeded) checked against it and repaired (docs/registry-sync.md)
            const r = await this.domainOps.call<{ inserted: number; checked?: number; repaired?: number; failed?: number }>(DomainListPatterns.SeedDemo, { userId: u.id, count: 60, onlyIfEmpty: true, viaRegistry: true }, 300_000);
            if (r.inserted) this.logger.log(`demo portfolio: ${r.inserted} domains for ${email}, registered at the registry${r.failed ? ` (${r.failed} not)` : ''}`);
            else this.logger.log(`demo portfolio of ${email} against the registry: ${r.checked ?? 0} checked, ${r.repaired ?? 0} repaired, ${r.failed ?? 0} still differ`);
            return;
          }
        } catch {
          // domain-ops not up yet
        }
        await new Promise((res) => setTimeout(res, 2_000).unref());
      }
      this.logger.warn('demo portfolio not created (domain-ops did not answer)');
    })();
  }
}
