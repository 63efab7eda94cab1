import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Paying an accepted offer like a purchase (docs/market.md, "Offers"): the seller accepts while the buyer is away, so a
 * trade from an offer the buyer's points do not cover waits for the buyer to choose how to pay (points, or the rest by
 * card or wallet) on the trade's page:
 * - trades.pay_method NULL: awaiting the buyer's choice, until pay_due_at (MARKET_OFFER_PAY_S after the acceptance);
 * - trades.pay_started_at: when the card / wallet payment began (its deadline MARKET_PAY_DEADLINE_S counts from here;
 *   a purchase at the fixed price begins at created_at).
 */
export class MarketOfferPay17976000000000 implements MigrationInterface {
  name = 'MarketOfferPay17976000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE market.trades
      ALTER COLUMN pay_method DROP NOT NULL,
      ADD COLUMN pay_due_at timestamptz NULL,
      ADD COLUMN pay_started_at timestamptz NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`UPDATE market.trades SET pay_method = 'points' WHERE pay_method IS NULL`);
    await q.query('ALTER TABLE market.trades DROP COLUMN pay_due_at, DROP COLUMN pay_started_at, ALTER COLUMN pay_method SET NOT NULL');
  }
}
