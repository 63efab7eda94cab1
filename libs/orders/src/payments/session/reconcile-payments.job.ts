import { Injectable, Logger } from '@nestjs/common';
import { JobName } from '@registrar/contracts';
import { OrdersConfig } from '../../orders.config';
import { PaymentSessionRepository } from './payment-session.repository';
import { PaymentSessionService } from './payment-session.service';

export interface ReconcilePaymentsResult {
  checked: number;
  paid: number;
  failed: number;
}

/**
 * JobName.ReconcilePayments (scheduled): payment sessions still waiting for their provider after
 * ORDERS_RECONCILE_AFTER_S — a webhook that never arrived, a browser that never came back from 3-D Secure or the wallet —
 * are asked about again, so money taken is always turned into points. Settling is idempotent, so running this next to
 * the webhook and the browser's return is harmless.
 */
@Injectable()
export class ReconcilePaymentsJob {
  static readonly jobName = JobName.ReconcilePayments;
  private readonly logger = new Logger(ReconcilePaymentsJob.name);

  constructor(
    private readonly config: OrdersConfig,
    private readonly repo: PaymentSessionRepository,
    private readonly sessions: PaymentSessionService,
  ) {}

  async handle(): Promise<ReconcilePaymentsResult> {
    const waiting = await this.repo.findWaiting(this.config.ORDERS_RECONCILE_AFTER_S, 2 * 24 * 3600, 200);
    const result: ReconcilePaymentsResult = { checked: 0, paid: 0, failed: 0 };
    for (const s of waiting) {
      try {
        const status = await this.sessions.reconcile(s.id);
        result.checked += 1;
        if (status === 'paid') result.paid += 1;
        if (status === 'failed') result.failed += 1;
      } catch (e) {
        this.logger.warn(`reconciling session ${s.id} failed: ${(e as Error).message}`);
      }
    }
    if (result.paid || result.failed) this.logger.log(`reconciled ${result.checked} payment sessions: ${result.paid} paid, ${result.failed} failed`);
    return result;
  }
}
