import { Type } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';
import { BaseConfig } from '@registrar/infra';

/** Configuration of the market service, validated at boot (docs/market.md). */
export class MarketConfig extends BaseConfig {
  /** The commission taken from the price of a sale, in percent (the seller is credited the rest as points). */
  @Type(() => Number) @IsInt() @Min(0) @Max(50)
  MARKET_COMMISSION_PERCENT = 10;

  /** Attempts of a trade step before it is given up (the move then refunds the buyer), and the first retry delay. */
  @Type(() => Number) @IsInt() @Min(1) @Max(50)
  MARKET_ATTEMPTS = 8;
  @Type(() => Number) @IsInt() @Min(10)
  MARKET_BACKOFF_MS = 2_000;

  /** Every this many seconds, trades left mid-step are put back on their step and ended listings close; 0 turns the schedule off. */
  @Type(() => Number) @IsInt() @Min(0)
  MARKET_SWEEP_EVERY_S = 60;

  /** A trade whose step has not moved for this many seconds is put back on it by the sweep. */
  @Type(() => Number) @IsInt() @Min(1)
  MARKET_STALE_S = 120;

  /**
   * A card or wallet payment not settled this many seconds after the purchase began (3-D Secure or the wallet's approval
   * left open) is given up: the card charge cancelled, the trade cancelled, the listing back on the market.
   */
  @Type(() => Number) @IsInt() @Min(60)
  MARKET_PAY_DEADLINE_S = 1_800;

  /**
   * A trade from an accepted offer whose buyer's points did not cover it waits this long for the buyer to pay (points,
   * card or wallet on the trade's page); unpaid by then it is cancelled and the listing is back on the market.
   */
  @Type(() => Number) @IsInt() @Min(60)
  MARKET_OFFER_PAY_S = 3 * 24 * 3600;

  /**
   * The buyer's inspection period after the move: the escrow goes to the seller this many seconds later (or when the
   * buyer confirms receipt), unless a dispute is open. 0: at once.
   */
  @Type(() => Number) @IsInt() @Min(0)
  MARKET_HOLD_S = 3 * 24 * 3600;

  /** Parallel trade steps per replica. */
  @Type(() => Number) @IsInt() @Min(1) @Max(64)
  MARKET_CONCURRENCY = 4;
}
