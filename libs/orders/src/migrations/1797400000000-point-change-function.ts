import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One ledger change in one round trip (docs/payments.md, "The points ledger"): orders.apply_point_change does what the
 * service used to do in six (the key look-up, BEGIN, the balance-row lock, the void check, the entry with the balance,
 * COMMIT) with the same rules, in the same order, under the same lock. It runs as one statement in its own
 * transaction; being plpgsql in READ COMMITTED, each statement inside sees what committed before it ran, so the
 * checks made after the lock see every change and void that held the lock before.
 *
 * Outcomes: 'applied' (the new entry), 'replay' (the entry already made under the key, whoever made it),
 * 'voided' (a spend whose purchase gave it up), 'expired' (a spend handled after its deadline),
 * 'insufficient' (the balance, returned, is short). Nothing is written unless 'applied'.
 */
export class PointChangeFunction1797400000000 implements MigrationInterface {
  name = 'PointChangeFunction1797400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION orders.apply_point_change(p_user bigint, p_delta bigint, p_kind text, p_reference text, p_key text, p_deadline timestamptz)
      RETURNS TABLE (outcome text, balance bigint, id bigint, user_id bigint, delta bigint, balance_after bigint, kind text,
                     reference text, idempotency_key text, created_at timestamptz)
      LANGUAGE plpgsql VOLATILE AS $$
      #variable_conflict use_column
      DECLARE
        v_balance bigint;
        e orders.point_entries;
      BEGIN
        -- a replay is answered without taking the lock
        SELECT * INTO e FROM orders.point_entries x WHERE x.idempotency_key = p_key;
        IF FOUND THEN
          RETURN QUERY SELECT 'replay'::text, NULL::bigint, e.id, e.user_id, e.delta, e.balance_after, e.kind, e.reference, e.idempotency_key, e.created_at;
          RETURN;
        END IF;
        -- locks the balance row until the end (a lock only: no new row version), creating it the first time (the
        -- upsert's DO UPDATE takes the same lock when another change created it meanwhile)
        SELECT b.balance INTO v_balance FROM orders.point_balances b WHERE b.user_id = p_user FOR UPDATE;
        IF NOT FOUND THEN
          INSERT INTO orders.point_balances AS b (user_id, balance) VALUES (p_user, 0)
            ON CONFLICT ON CONSTRAINT point_balances_pkey DO UPDATE SET user_id = b.user_id RETURNING b.balance INTO v_balance;
        END IF;
        IF p_kind = 'spend' THEN
          -- the purchase's abandonment is authoritative: a charge it gave up is never taken afterwards
          IF EXISTS (SELECT 1 FROM orders.voided_charges v WHERE v.spend_key = p_key) THEN
            RETURN QUERY SELECT 'voided'::text, v_balance, NULL::bigint, NULL::bigint, NULL::bigint, NULL::bigint, NULL::text, NULL::text, NULL::text, NULL::timestamptz;
            RETURN;
          END IF;
          IF p_deadline IS NOT NULL AND clock_timestamp() > p_deadline THEN
            RETURN QUERY SELECT 'expired'::text, v_balance, NULL::bigint, NULL::bigint, NULL::bigint, NULL::bigint, NULL::text, NULL::text, NULL::text, NULL::timestamptz;
            RETURN;
          END IF;
        END IF;
        IF v_balance + p_delta < 0 THEN
          RETURN QUERY SELECT 'insufficient'::text, v_balance, NULL::bigint, NULL::bigint, NULL::bigint, NULL::bigint, NULL::text, NULL::text, NULL::text, NULL::timestamptz;
          RETURN;
        END IF;
        INSERT INTO orders.point_entries AS x (user_id, delta, balance_after, kind, reference, idempotency_key)
          VALUES (p_user, p_delta, v_balance + p_delta, p_kind, p_reference, p_key)
          ON CONFLICT ON CONSTRAINT point_entries_idempotency_key_key DO NOTHING RETURNING x.* INTO e;
        IF NOT FOUND THEN
          -- a change under the same key committed while this one waited (another member's lock): the first one stands
          SELECT * INTO e FROM orders.point_entries x WHERE x.idempotency_key = p_key;
          RETURN QUERY SELECT 'replay'::text, NULL::bigint, e.id, e.user_id, e.delta, e.balance_after, e.kind, e.reference, e.idempotency_key, e.created_at;
          RETURN;
        END IF;
        UPDATE orders.point_balances b SET balance = e.balance_after, updated_at = now() WHERE b.user_id = p_user;
        RETURN QUERY SELECT 'applied'::text, e.balance_after, e.id, e.user_id, e.delta, e.balance_after, e.kind, e.reference, e.idempotency_key, e.created_at;
      END $$`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP FUNCTION orders.apply_point_change(bigint, bigint, text, text, text, timestamptz)');
  }
}
