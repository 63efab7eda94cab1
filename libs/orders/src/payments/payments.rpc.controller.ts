import { Controller, UseFilters, UsePipes } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  BankTransferDto,
  BankTransferListResult,
  CardListResult,
  CardRegistrationCompleteResult,
  CardRegistrationStartResult,
  CreatePaymentSessionResult,
  CreateWalletSessionResult,
  OffSessionChargeResult,
  OrdersPatterns,
  PaymentSessionAuthResult,
  PaymentSessionDto,
  StatementResult,
  StatementRowDto,
  StripeWebhookResult,
} from '@registrar/contracts';
import { OrdersRpcErrorFilter } from '../common/rpc-errors.filter';
import { OrdersConfig } from '../orders.config';
import { rpcValidation } from '../ledger/ledger.rpc.controller';
import { UserIdDto } from '../ledger/point-change.dto';
import { BankTransferService } from './bank-transfer/bank-transfer.service';
import { CardService } from './card/card.service';
import { StatementService } from '../statement/statement.service';
import {
  BankTransferAdminListDto,
  BankTransferConfirmDto,
  BankTransferCreateDto,
  CaptureWalletDto,
  CardIdDto,
  ReceiptDto,
  StatementDto,
  CardRegistrationCompleteDto,
  CardRegistrationStartDto,
  CreatePaymentSessionDto,
  CreateWalletSessionDto,
  OffSessionChargeDto,
  PaymentSessionAuthDto,
  PaymentSessionByKeyDto,
  PaymentSessionGetDto,
  StripeWebhookDto,
} from './payments.dto';
import { PaymentSessionService } from './session/payment-session.service';
import { StripeWebhookService } from './webhooks/stripe-webhook.service';

@Controller()
@UseFilters(OrdersRpcErrorFilter)
@UsePipes(rpcValidation)
export class PaymentsRpcController {
  constructor(
    private readonly cards: CardService,
    private readonly sessions: PaymentSessionService,
    private readonly webhooks: StripeWebhookService,
    private readonly bank: BankTransferService,
    private readonly statement: StatementService,
    private readonly config: OrdersConfig,
  ) {}

  @MessagePattern(OrdersPatterns.Statement)
  statementList(@Payload() req: StatementDto): Promise<StatementResult> {
    return this.statement.list(req.userId, req.page ?? 1);
  }

  @MessagePattern(OrdersPatterns.StatementReceipt)
  statementReceipt(@Payload() req: ReceiptDto): Promise<StatementRowDto> {
    return this.statement.receipt(req.userId, req.kind, req.id);
  }

  @MessagePattern(OrdersPatterns.CardList)
  async cardList(@Payload() req: UserIdDto): Promise<CardListResult> {
    return { cards: await this.cards.list(req.userId) };
  }

  @MessagePattern(OrdersPatterns.CardRemove)
  async cardRemove(@Payload() req: CardIdDto): Promise<CardListResult> {
    return { cards: await this.cards.remove(req.userId, req.cardId) };
  }

  @MessagePattern(OrdersPatterns.CardSetDefault)
  async cardDefault(@Payload() req: CardIdDto): Promise<CardListResult> {
    return { cards: await this.cards.makeDefault(req.userId, req.cardId) };
  }

  @MessagePattern(OrdersPatterns.CardRegistrationStart)
  cardRegistrationStart(@Payload() req: CardRegistrationStartDto): Promise<CardRegistrationStartResult> {
    return this.cards.startRegistration(req);
  }

  @MessagePattern(OrdersPatterns.CardRegistrationComplete)
  async cardRegistrationComplete(@Payload() req: CardRegistrationCompleteDto): Promise<CardRegistrationCompleteResult> {
    return { card: await this.cards.completeRegistration(req.userId, req.checkoutSessionId) };
  }

  @MessagePattern(OrdersPatterns.PaymentSessionCreate)
  paymentSessionCreate(@Payload() req: CreatePaymentSessionDto): Promise<CreatePaymentSessionResult> {
    return this.sessions.create(req);
  }

  @MessagePattern(OrdersPatterns.PaymentSessionAuth)
  paymentSessionAuth(@Payload() req: PaymentSessionAuthDto): Promise<PaymentSessionAuthResult> {
    return this.sessions.auth(req);
  }

  @MessagePattern(OrdersPatterns.PaymentSessionGet)
  paymentSessionGet(@Payload() req: PaymentSessionGetDto): Promise<PaymentSessionDto> {
    return this.sessions.get(req.userId, req.sessionId);
  }

  @MessagePattern(OrdersPatterns.PaymentSessionByKey)
  async paymentSessionByKey(@Payload() req: PaymentSessionByKeyDto): Promise<{ session: PaymentSessionDto | null }> {
    return { session: await this.sessions.byKey(req.userId, req.key, req.settle === true) };
  }

  @MessagePattern(OrdersPatterns.PaymentSessionConsume)
  async paymentSessionConsume(@Payload() req: PaymentSessionGetDto): Promise<{ consumed: boolean }> {
    return { consumed: await this.sessions.consume(req.userId, req.sessionId) };
  }

  @MessagePattern(OrdersPatterns.CardChargeOffSession)
  chargeOffSession(@Payload() req: OffSessionChargeDto): Promise<OffSessionChargeResult> {
    return this.sessions.chargeOffSession(req);
  }

  @MessagePattern(OrdersPatterns.WalletSessionCreate)
  walletSessionCreate(@Payload() req: CreateWalletSessionDto): Promise<CreateWalletSessionResult> {
    return this.sessions.createWallet(req);
  }

  @MessagePattern(OrdersPatterns.WalletCapture)
  walletCapture(@Payload() req: CaptureWalletDto): Promise<PaymentSessionAuthResult> {
    return this.sessions.captureWallet(req);
  }

  @MessagePattern(OrdersPatterns.StripeWebhook)
  stripeWebhook(@Payload() req: StripeWebhookDto): Promise<StripeWebhookResult> {
    return this.webhooks.handle(req);
  }

  @MessagePattern(OrdersPatterns.BankTransferCreate)
  bankTransferCreate(@Payload() req: BankTransferCreateDto): Promise<BankTransferDto> {
    return this.bank.request(req.userId, req.amount);
  }

  @MessagePattern(OrdersPatterns.BankTransferList)
  async bankTransferList(@Payload() req: UserIdDto): Promise<BankTransferListResult> {
    return { topUps: await this.bank.listForUser(req.userId), account: this.config.BANK_TRANSFER_ACCOUNT.trim() || null };
  }

  @MessagePattern(OrdersPatterns.BankTransferAdminList)
  async bankTransferAdminList(@Payload() req: BankTransferAdminListDto): Promise<{ topUps: BankTransferDto[] }> {
    return { topUps: await this.bank.list(req.status) };
  }

  @MessagePattern(OrdersPatterns.BankTransferConfirm)
  bankTransferConfirm(@Payload() req: BankTransferConfirmDto): Promise<BankTransferDto> {
    return this.bank.confirm(req.id, req.adminId);
  }
}
