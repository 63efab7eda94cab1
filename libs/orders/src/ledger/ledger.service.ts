import { Injectable } from '@nestjs/common';
import { OpenSpendDto, OrdersErrorCode, PointEntryDto, PointEntryKind, PointHistoryResult, PointSpendManyResult, PointVoidRequest, PointVoidResult } from '@registrar/contracts';
import { InsufficientPointsException, OrdersException } from '../common/orders.exception';
import { ChangeOutcome, LedgerRepository } from './ledger.repository';
import { PointEntry, toPointEntryDto } from './point-entry';

export interface LedgerChange {
  userId: number;
  /** signed integer: positive credits, negative debits */
  delta: number;
  kind: PointEntryKind;
  idempotencyKey: string;
  reference?: string | null;
  /** spends only: epoch ms after which the charge is refused (its caller has stopped waiting) */
  deadline?: number | null;
}

type RepoChange = Parameters<LedgerRepository['applyChange']>[0];

interface GroupedChange {
  change: RepoChange;
  resolve: (o: ChangeOutcome) => void;
  reject: (e: unknown) => void;
}

function envInt(name: string, dflt: number, min: number): number {
  const n = Number(process.env[name]);
  return Number.isSafeInteger(n) && n >= min ? n : dflt;
}

const CREDIT_KINDS: ReadonlySet<PointEntryKind> = new Set(['grant', 'purchase', 'refund', 'card_surplus', 'bank_transfer', 'adjust']);

/**
 * The points ledger (RP). Every change appends one entry under a lock of the member's balance row, so parallel
 * changes are serialised per member and the balance can never go below zero. Every change carries an idempotency
 * key: replaying a key returns the first result and never applies twice.
 */
@Injectable()
export class LedgerService {
  /**
   * Group commit of spends (docs/adr/0042-rpc-batching-and-ledger-group-commit.md): a spend goes to PostgreSQL at once while fewer than
   * LEDGER_GROUPS_IN_FLIGHT (1) groups are being written; the spends that come meanwhile are gathered (at most
   * LEDGER_GROUP_MAX, 100, per group) and written together in one statement when a group ends. No timer.
   * LEDGER_GROUP_MAX=1 writes every spend alone, as before group commit.
   */
  private readonly groups = { inFlight: 0, gathered: [] as GroupedChange[], limit: envInt('LEDGER_GROUPS_IN_FLIGHT', 1, 1), max: envInt('LEDGER_GROUP_MAX', 100, 1) };

  constructor(private readonly repo: LedgerRepository) {}

  balance(userId: number): Promise<number> {
    return this.repo.balance(userId);
  }

  /** The change made under a key, or null (a caller that does not know whether its change happened). */
  async byKey(idempotencyKey: string): Promise<PointEntryDto | null> {
    const e = await this.repo.findByKey(idempotencyKey);
    return e ? toPointEntryDto(e, true) : null;
  }

  async history(userId: number, page = 1, perPage = 20): Promise<PointHistoryResult> {
    const p = Math.max(1, Math.floor(page));
    const n = Math.min(100, Math.max(1, Math.floor(perPage)));
    const { entries, total } = await this.repo.history(userId, (p - 1) * n, n);
    return { data: entries.map((e) => toPointEntryDto(e)), total, current_page: p, last_page: Math.max(1, Math.ceil(total / n)) };
  }

  /**
   * Takes points; fails with INSUFFICIENT_POINTS when the balance is short, CHARGE_VOIDED when its purchase voided the
   * key first and CHARGE_EXPIRED when it is handled after its deadline (both checked under the balance-row lock).
   */
  async spend(userId: number, amount: number, idempotencyKey: string, reference?: string | null, deadline?: number | null): Promise<PointEntryDto> {
    return this.apply({ userId, delta: -positive(amount), kind: 'spend', idempotencyKey, reference, deadline });
  }

  /**
   * One member's spends in order, each exactly as spend() takes it (its own key and entry, one round trip each); the
   * first refused one (INSUFFICIENT_POINTS, CHARGE_VOIDED, CHARGE_EXPIRED, a key conflict) stops the rest, and the
   * answer says which it was, beside the entries taken before it.
   */
  async spendMany(userId: number, spends: Array<{ amount: number; idempotencyKey: string; reference?: string | null }>, deadline?: number | null): Promise<PointSpendManyResult> {
    const entries: PointEntryDto[] = [];
    for (const [index, s] of spends.entries()) {
      try {
        entries.push(await this.spend(userId, s.amount, s.idempotencyKey, s.reference, deadline));
      } catch (e) {
        if (!(e instanceof OrdersException)) throw e;
        return { entries, refused: { index, code: e.code, message: e.message } };
      }
    }
    return { entries, refused: null };
  }

  /**
   * The purchase gave a charge up: its spend key is voided and, when the spend had been taken, it is refunded once.
   * Both this and spend() take the member's balance-row lock first, so whichever comes second sees the other.
   */
  async voidCharge(req: PointVoidRequest): Promise<PointVoidResult> {
    const amount = positive(req.amount);
    validate({ userId: req.userId, delta: amount, kind: 'refund', idempotencyKey: req.refundKey });
    validate({ userId: req.userId, delta: -amount, kind: 'spend', idempotencyKey: req.spendKey });
    return this.repo.inTransaction(async (tx) => {
      const balance = await tx.lockBalance(req.userId);
      await tx.voidKey(req.userId, req.spendKey);
      const spent = await tx.findByKey(req.spendKey);
      if (!spent) return { refunded: false, entry: null };
      if (spent.userId !== req.userId || spent.kind !== 'spend' || spent.delta !== -amount) {
        throw new OrdersException(OrdersErrorCode.IdempotencyConflict, `spend ${req.spendKey} does not match the void`);
      }
      const earlier = await tx.findByKey(req.refundKey);
      if (earlier) return { refunded: true, entry: replay(earlier, { userId: req.userId, delta: amount, kind: 'refund', idempotencyKey: req.refundKey }) };
      const entry = await tx.append({ userId: req.userId, delta: amount, balanceAfter: balance + amount, kind: 'refund', reference: req.reference ?? null, idempotencyKey: req.refundKey });
      if (!entry) throw new OrdersException(OrdersErrorCode.IdempotencyConflict, `idempotency key ${req.refundKey} is in use`);
      return { refunded: true, entry: toPointEntryDto(entry) };
    });
  }

  /** Spends with no refund under their refund key (the reconciler decides, per spend, whether something was delivered). */
  async openSpends(keyPrefix: string, olderThanS: number, withinDays = 30, limit = 200): Promise<OpenSpendDto[]> {
    const rows = await this.repo.openSpends(keyPrefix, Math.max(0, olderThanS), Math.max(1, withinDays), Math.min(1000, Math.max(1, limit)));
    return rows.map((e) => ({ userId: e.userId, amount: -e.delta, spendKey: e.idempotencyKey, reference: e.reference, createdAt: e.createdAt.toISOString() }));
  }

  /** Gives back points taken by a spend (a failed registration, a cancelled order). */
  async refund(userId: number, amount: number, idempotencyKey: string, reference?: string | null): Promise<PointEntryDto> {
    return this.apply({ userId, delta: positive(amount), kind: 'refund', idempotencyKey, reference });
  }

  /** Credits points for a reason other than a purchase (campaign grant, admin adjustment). */
  async grant(userId: number, amount: number, idempotencyKey: string, reference?: string | null, kind: 'grant' | 'adjust' = 'grant'): Promise<PointEntryDto> {
    return this.apply({ userId, delta: positive(amount), kind, idempotencyKey, reference });
  }

  /** Credits points bought with money (card purchase, card surplus under the 50-yen rule, bank transfer). */
  async credit(userId: number, amount: number, kind: 'purchase' | 'card_surplus' | 'bank_transfer', idempotencyKey: string, reference?: string | null): Promise<PointEntryDto> {
    return this.apply({ userId, delta: positive(amount), kind, idempotencyKey, reference });
  }

  /**
   * One change in one round trip to PostgreSQL (orders.apply_point_change): a key already used answers its first
   * result; otherwise, under the member's balance-row lock, a spend whose purchase voided its key or whose deadline
   * has passed is refused, a balance that would go below zero is refused, and the entry is appended with the new
   * balance. A key taken meanwhile by a change that committed first answers that change.
   */
  async apply(change: LedgerChange): Promise<PointEntryDto> {
    validate(change);
    const c: RepoChange = {
      userId: change.userId,
      delta: change.delta,
      kind: change.kind,
      reference: change.reference ?? null,
      idempotencyKey: change.idempotencyKey,
      deadline: change.kind === 'spend' ? (change.deadline ?? null) : null,
    };
    const r = change.kind === 'spend' ? await this.grouped(c) : await this.repo.applyChange(c);
    switch (r.outcome) {
      case 'applied':
        return toPointEntryDto(r.entry);
      case 'replay':
        return replay(r.entry, change);
      case 'voided':
        throw new OrdersException(OrdersErrorCode.ChargeVoided, `購入が取り消されたため、${-change.delta}ポイントの引き落としは行いませんでした`);
      case 'expired':
        throw new OrdersException(OrdersErrorCode.ChargeExpired, `受付期限を過ぎたため、${-change.delta}ポイントの引き落としは行いませんでした`);
      case 'insufficient':
        throw new InsufficientPointsException(r.balance, -change.delta);
    }
  }

  /** A spend's outcome through group commit: written at once, or with the spends gathered while groups are in flight. */
  private grouped(change: RepoChange): Promise<ChangeOutcome> {
    return new Promise<ChangeOutcome>((resolve, reject) => {
      const g = this.groups;
      const item = { change, resolve, reject };
      if (g.inFlight < g.limit && !g.gathered.length) return this.commitGroup([item]);
      g.gathered.push(item);
      if (g.gathered.length >= g.max) this.commitGroup(g.gathered.splice(0));
    });
  }

  /**
   * Writes a group: one spend alone as before; several in one statement (one transaction), sorted by member so that
   * concurrent groups lock balance rows in the same order, each checked and answered on its own. Should the statement
   * fail as a whole, each spend of the group is written again alone, so one spend's failure never fails another.
   */
  private commitGroup(items: GroupedChange[]): void {
    const g = this.groups;
    g.inFlight++;
    const write = async () => {
      if (items.length === 1) {
        const [x] = items;
        return this.repo.applyChange(x.change).then(x.resolve, x.reject);
      }
      const sorted = items.map((x, i) => ({ x, i })).sort((a, b) => a.x.change.userId - b.x.change.userId || a.i - b.i).map((s) => s.x);
      let outcomes: ChangeOutcome[];
      try {
        outcomes = await this.repo.applyChanges(sorted.map((x) => x.change));
      } catch {
        await Promise.all(sorted.map((x) => this.repo.applyChange(x.change).then(x.resolve, x.reject)));
        return;
      }
      sorted.forEach((x, i) => x.resolve(outcomes[i]));
    };
    void write().finally(() => {
      g.inFlight--;
      if (g.gathered.length && g.inFlight < g.limit) this.commitGroup(g.gathered.splice(0, g.max));
    });
  }
}

function positive(amount: number): number {
  if (!Number.isSafeInteger(amount) || amount <= 0) {
    throw new OrdersException(OrdersErrorCode.InvalidAmount, `amount must be a positive integer, got ${amount}`);
  }
  return amount;
}

function validate(c: LedgerChange): void {
  if (!Number.isSafeInteger(c.userId) || c.userId <= 0) throw new OrdersException(OrdersErrorCode.InvalidAmount, 'userId must be a positive integer');
  if (!Number.isSafeInteger(c.delta) || c.delta === 0) throw new OrdersException(OrdersErrorCode.InvalidAmount, 'delta must be a non-zero integer');
  if (CREDIT_KINDS.has(c.kind) !== c.delta > 0) throw new OrdersException(OrdersErrorCode.InvalidAmount, `a ${c.kind} entry cannot have delta ${c.delta}`);
  if (typeof c.idempotencyKey !== 'string' || !c.idempotencyKey.trim() || c.idempotencyKey.length > 200) {
    throw new OrdersException(OrdersErrorCode.IdempotencyConflict, 'an idempotency key (1-200 characters) is required');
  }
}

/** The first result for a key, provided the replay asks for the same change; a different change under a used key is refused. */
function replay(first: PointEntry, change: LedgerChange): PointEntryDto {
  if (first.userId !== change.userId || first.delta !== change.delta || first.kind !== change.kind) {
    throw new OrdersException(OrdersErrorCode.IdempotencyConflict, `idempotency key ${change.idempotencyKey} was already used for a different change`);
  }
  return toPointEntryDto(first, true);
}
