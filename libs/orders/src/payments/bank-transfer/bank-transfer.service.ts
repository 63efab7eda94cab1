import { randomInt } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { BankTransferDto, BankTransferStatus, OrdersErrorCode } from '@registrar/contracts';
import { fmt, M } from '@registrar/messages';
import { OrdersException } from '../../common/orders.exception';
import { LedgerService } from '../../ledger/ledger.service';
import { PaymentProvider, TopUpOutcome, TopUpRequest } from '../payment-provider.port';
import { BankTransferRepository } from './bank-transfer.repository';

export const BANK_TRANSFER_MIN = 1_000;
export const BANK_TRANSFER_MAX = 1_000_000;

/**
 * Buying points by bank transfer: the member asks for a top-up and gets a reference to write on the transfer; when an
 * admin confirms the money arrived, the points are credited once (idempotency key bank:{id}).
 */
@Injectable()
export class BankTransferService implements PaymentProvider {
  readonly type = 'bank_transfer' as const;

  constructor(
    private readonly repo: BankTransferRepository,
    private readonly ledger: LedgerService,
  ) {}

  async request(userId: number, amount: number): Promise<BankTransferDto> {
    if (!Number.isSafeInteger(amount) || amount < BANK_TRANSFER_MIN || amount > BANK_TRANSFER_MAX) {
      throw new OrdersException(OrdersErrorCode.InvalidAmount, fmt(M.bankTransferAmountRange, { min: BANK_TRANSFER_MIN.toLocaleString('ja-JP'), max: BANK_TRANSFER_MAX.toLocaleString('ja-JP') }));
    }
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.repo.insert(userId, amount, String(randomInt(10_000_000, 100_000_000)));
      } catch (e) {
        if (attempt < 3 && (e as { driverError?: { code?: string } }).driverError?.code === '23505') continue; // reference collision
        throw e;
      }
    }
  }

  listForUser(userId: number): Promise<BankTransferDto[]> {
    return this.repo.listForUser(userId);
  }

  list(status?: BankTransferStatus): Promise<BankTransferDto[]> {
    return this.repo.list(status);
  }

  /** The admin confirms receipt: the points are credited (once, even when confirmed twice or retried). */
  async confirm(id: number, adminId: number): Promise<BankTransferDto> {
    const t = await this.repo.find(id);
    if (!t) throw new OrdersException(OrdersErrorCode.NotFound, 'bank transfer not found');
    if (t.status === 'cancelled') throw new OrdersException(OrdersErrorCode.InvalidState, 'bank transfer was cancelled');
    // credit first (idempotent), then flip the state: a crash in between is repaired by confirming again
    await this.ledger.credit(t.userId, t.amount, 'bank_transfer', `bank:${t.id}`, `bank_transfer:${t.reference}`);
    return (await this.repo.confirm(id, adminId)) ?? (await this.repo.find(id))!;
  }

  // ---- the payment-provider port

  async startTopUp(req: TopUpRequest): Promise<TopUpOutcome> {
    const t = await this.request(req.userId, req.amount);
    return { status: 'pending', providerRef: t.reference };
  }

  async topUpStatus(providerRef: string): Promise<TopUpOutcome> {
    const t = await this.repo.findByReference(providerRef);
    if (!t) return { status: 'failed', providerRef, error: M.unexpectedError };
    if (t.status === 'confirmed') return { status: 'succeeded', providerRef };
    if (t.status === 'cancelled') return { status: 'failed', providerRef, error: M.unexpectedError };
    return { status: 'pending', providerRef };
  }
}
