import { Controller, Get, Inject, Logger, Req } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { ClientProxy } from '@nestjs/microservices';
import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import {
  AdminDashboard, AdminDashboardOps, AdminOpsPatterns, DOMAIN_OPS_CLIENT, QueueName, WHOIS_MAIL_CLIENT, WhoisEmailCountResult, WhoisMailPatterns,
  WhoisMailStatus,
} from '@registrar/contracts';
import { rpc } from '@registrar/infra';
import { Admin, AuthedRequest } from '@registrar/identity';

/** A job waiting or running longer than this is "stuck" on the dashboard (and an order still charging or processing). */
export const DASHBOARD_STUCK_MINUTES = 15;
/** How many waiting / running jobs of a queue are looked at for their age. */
const AGE_SAMPLE = 200;
const PART_MS = 8_000;

/**
 * GET /admin/api/dashboard: where /admin opens (issue 26). Every admin sees today's sales and registrations, failed
 * items, stuck orders and the transfers under way (domain-ops); super admins also see the queues' failed and stuck
 * jobs (read here, from the same BullMQ queues the queue board shows) and the WHOIS mail inbox's backlog (whois-mail).
 * Each part is asked at once and alone: a part that does not answer is named in `unavailable`, the rest still shows.
 */
@Controller('admin/api/dashboard')
@Admin()
export class AdminDashboardController {
  private readonly logger = new Logger('admin-dashboard');

  constructor(
    @Inject(DOMAIN_OPS_CLIENT) private readonly domainOps: ClientProxy,
    @Inject(WHOIS_MAIL_CLIENT) private readonly whoisMail: ClientProxy,
    private readonly moduleRef: ModuleRef,
  ) {}

  @Get()
  async dashboard(@Req() req: AuthedRequest): Promise<AdminDashboard> {
    const isSuper = req.user?.adminRole === 1;
    const unavailable: string[] = [];
    const part = async <T>(name: string, f: () => Promise<T>): Promise<T | null> => {
      try {
        return await f();
      } catch (e) {
        this.logger.warn(`dashboard part ${name} failed: ${(e as Error)?.message ?? String(e)}`);
        unavailable.push(name);
        return null;
      }
    };
    const [ops, jobs, inbox] = await Promise.all([
      part('ops', () => rpc<AdminDashboardOps>(this.domainOps, AdminOpsPatterns.Dashboard, { stuckMinutes: DASHBOARD_STUCK_MINUTES }, PART_MS)),
      isSuper ? part('jobs', () => this.jobs()) : Promise.resolve(null),
      isSuper ? part('inbox', () => this.inbox()) : Promise.resolve(null),
    ]);
    return { result: true, ops, jobs, inbox, unavailable };
  }

  private async jobs(): Promise<NonNullable<AdminDashboard['jobs']>> {
    const cutoff = Date.now() - DASHBOARD_STUCK_MINUTES * 60_000;
    const queues = await Promise.all(Object.values(QueueName).map(async (name) => {
      const q = this.moduleRef.get<Queue>(getQueueToken(name), { strict: false });
      const counts = await q.getJobCounts('failed', 'waiting', 'active', 'prioritized');
      const [active, waiting] = await Promise.all([q.getActive(0, AGE_SAMPLE - 1), q.getWaiting(0, AGE_SAMPLE - 1)]);
      const stuck = active.filter((j) => (j.processedOn ?? j.timestamp) < cutoff).length + waiting.filter((j) => j.timestamp < cutoff).length;
      return { name, failed: counts.failed ?? 0, stuck, waiting: (counts.waiting ?? 0) + (counts.prioritized ?? 0), active: counts.active ?? 0 };
    }));
    return { queues, failed: queues.reduce((n, q) => n + q.failed, 0), stuck: queues.reduce((n, q) => n + q.stuck, 0), stuckMinutes: DASHBOARD_STUCK_MINUTES };
  }

  private async inbox(): Promise<NonNullable<AdminDashboard['inbox']>> {
    const c = await rpc<WhoisEmailCountResult>(this.whoisMail, WhoisMailPatterns.Count, {}, PART_MS);
    const of = (s: WhoisMailStatus) => c.statusCnt.find((x) => Number(x.status) === s)?.count ?? 0;
    return { untreated: of(WhoisMailStatus.Untreated), failed: of(WhoisMailStatus.Failed), processing: c.processingCnt };
  }
}
