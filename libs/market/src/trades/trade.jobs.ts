import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { InjectQueue, Processor } from '@nestjs/bullmq';
import { Queue } from 'bullmq';
import { JobName, MarketTradeJobData, QueueName } from '@registrar/contracts';
import { JobAttempt, JobRouter, WORKER_RESILIENCE } from '@registrar/infra';
import { ListingService } from '../listings/listing.service';
import { MarketConfig } from '../market.config';
import { TradeService } from './trade.service';

/** JobName.MarketPay: the buyer's points into escrow. */
@Injectable()
export class PayTradeJob {
  static readonly jobName = JobName.MarketPay;
  constructor(private readonly trades: TradeService) {}
  handle(data: MarketTradeJobData): Promise<string> {
    return this.trades.pay(Number(data.tradeId));
  }
}

/** JobName.MarketMove: the domain to the buyer. */
@Injectable()
export class MoveTradeJob {
  static readonly jobName = JobName.MarketMove;
  constructor(private readonly trades: TradeService) {}
  handle(data: MarketTradeJobData, attempt: JobAttempt): Promise<string> {
    return this.trades.move(Number(data.tradeId), attempt);
  }
}

/** JobName.MarketCredit: the seller's points, after the move. */
@Injectable()
export class CreditTradeJob {
  static readonly jobName = JobName.MarketCredit;
  constructor(private readonly trades: TradeService) {}
  handle(data: MarketTradeJobData): Promise<string> {
    return this.trades.credit(Number(data.tradeId));
  }
}

/** JobName.MarketRefund: the buyer's whole price back. */
@Injectable()
export class RefundTradeJob {
  static readonly jobName = JobName.MarketRefund;
  constructor(private readonly trades: TradeService) {}
  handle(data: MarketTradeJobData): Promise<string> {
    return this.trades.refund(Number(data.tradeId));
  }
}

/** JobName.MarketSweep (every MARKET_SWEEP_EVERY_S): stale trades back on their step; listings confirmed, expired, released. */
@Injectable()
export class MarketSweepJob {
  static readonly jobName = JobName.MarketSweep;
  constructor(private readonly trades: TradeService, private readonly listings: ListingService) {}
  async handle(): Promise<unknown> {
    const resumed = await this.trades.resume();
    const latePaymentsChecked = await this.trades.latePayments();
    return { resumed, latePaymentsChecked, ...(await this.listings.settle()) };
  }
}

export const MARKET_JOB_NAMES: readonly JobName[] = [JobName.MarketPay, JobName.MarketMove, JobName.MarketCredit, JobName.MarketRefund, JobName.MarketSweep];

/** The market's schedule: a BullMQ job scheduler (upserted by id, so every replica may declare it and one worker runs each tick). */
@Injectable()
export class MarketSchedules implements OnApplicationBootstrap {
  constructor(private readonly config: MarketConfig, @InjectQueue(QueueName.Market) private readonly queue: Queue) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.MARKET_SWEEP_EVERY_S > 0) {
      await this.queue.upsertJobScheduler('market-sweep', { every: this.config.MARKET_SWEEP_EVERY_S * 1000 }, { name: JobName.MarketSweep, data: {}, opts: { attempts: 1 } });
    }
  }
}

/** The worker of QueueName.Market: one handler per job name (checked at boot). Concurrency: MARKET_CONCURRENCY per replica. */
@Processor(QueueName.Market, WORKER_RESILIENCE)
export class MarketProcessor extends JobRouter {
  constructor(private readonly config: MarketConfig, pay: PayTradeJob, move: MoveTradeJob, credit: CreditTradeJob, refund: RefundTradeJob, sweep: MarketSweepJob) {
    super(QueueName.Market, MARKET_JOB_NAMES, [
      { jobName: PayTradeJob.jobName, handler: pay },
      { jobName: MoveTradeJob.jobName, handler: move },
      { jobName: CreditTradeJob.jobName, handler: credit },
      { jobName: RefundTradeJob.jobName, handler: refund },
      { jobName: MarketSweepJob.jobName, handler: sweep },
    ]);
  }

  protected override concurrency(): number {
    return this.config.MARKET_CONCURRENCY;
  }
}
