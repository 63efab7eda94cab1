import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import { Queue } from 'bullmq';
import { JobName, MarketTradeJobData, QueueName } from '@registrar/contracts';
import { MarketConfig } from '../market.config';

export type TradeStep = JobName.MarketPay | JobName.MarketMove | JobName.MarketCredit | JobName.MarketRefund;

/** The job of a trade's step: one id per (trade, step, run), so a step queued twice runs once. */
export const tradeJobId = (tradeId: number, step: string, run = '0') => `market-${tradeId}-${step}-${run}`;

/** Queues the steps of trades on QueueName.Market with explicit attempts, backoff and job id. */
@Injectable()
export class TradeQueue {
  constructor(@InjectQueue(QueueName.Market) private readonly queue: Queue, private readonly config: MarketConfig) {}

  /** delayMs: the credit waits for the buyer's inspection period (the sweep and the buyer's receipt can run it earlier). */
  async next(tradeId: number, step: TradeStep, run = '0', delayMs = 0): Promise<void> {
    await this.queue.add(step, { tradeId } satisfies MarketTradeJobData, {
      jobId: tradeJobId(tradeId, step, run),
      ...(delayMs > 0 ? { delay: delayMs } : {}),
      attempts: this.config.MARKET_ATTEMPTS,
      backoff: { type: 'exponential', delay: this.config.MARKET_BACKOFF_MS },
      removeOnComplete: { age: 24 * 3600, count: 10_000 },
      removeOnFail: { age: 30 * 24 * 3600 },
    });
  }
}
