import { Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { DomainOpsConfig } from '../shared/domain-ops.config';
import { ProxyIdentityRepository } from './proxy-identity.repository';

/**
 * Each domain-ops process says, from itself and not through the shared schedule, that its WHOIS_PROXY_MAIL_DOMAIN is
 * in use (ADR 0050): at boot and every quarter of PROXY_RESERVE_RETIRE_GRACE_S it clears the stale mark of its mail
 * domain's reserve contacts. The refill's runs (ADR 0045) are one BullMQ scheduler shared by all replicas, so during a
 * rolling change of the setting a replica of the old setting might never run one, and a rollout longer than the grace
 * let the new side delete the reserve the old side still hands out. Now the reserve of a setting is retired only once
 * no process of that setting has lived for the grace. One UPDATE of the reserve table a process every 15 minutes
 * (default grace 1 h).
 */
@Injectable()
export class ProxyReserveInUse implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(ProxyReserveInUse.name);
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly proxies: ProxyIdentityRepository,
    private readonly config: DomainOpsConfig,
  ) {}

  onApplicationBootstrap(): void {
    void this.beat();
    this.timer = setInterval(() => void this.beat(), Math.max(1, this.config.PROXY_RESERVE_RETIRE_GRACE_S / 4) * 1000);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** One beat: this process's mail domain is in use now. */
  async beat(): Promise<void> {
    await this.proxies.inUse(this.config.WHOIS_PROXY_MAIL_DOMAIN).catch((e) => this.logger.warn(`proxy reserve in use: ${(e as Error).message}`));
  }
}
