/**
 * The orders service: carts, the points ledger (RP), cards and payment sessions, bank-transfer top-ups.
 * Message patterns and their payload/result types. Money is integer yen, tax included; 1 point = 1 yen.
 */
export const OrdersPatterns = {
  /** { userId } -> PointBalanceResult */
  PointBalance: 'orders.point.balance',
  /** PointHistoryRequest -> PointHistoryResult */
  PointHistory: 'orders.point.history',
  /** PointChangeRequest (amount > 0 is taken) -> PointEntryDto; INSUFFICIENT_POINTS when the balance is short */
  PointSpend: 'orders.point.spend',
  /**
   * PointSpendManyRequest -> PointSpendManyResult: one member's spends in order, each as PointSpend takes it (its own
   * key, its own entry); stops at the first refused one and answers the entries taken before it and the refusal's code.
   * One message instead of one per item (a renewal of 100 domains, the daily auto-renew).
   */
  PointSpendMany: 'orders.point.spend-many',
  /** PointChangeRequest (amount > 0 is given back) -> PointEntryDto */
  PointRefund: 'orders.point.refund',
  /** PointChangeRequest (amount > 0 is credited, kind grant or adjust) -> PointEntryDto */
  PointGrant: 'orders.point.grant',
  /**
   * PointVoidRequest -> PointVoidResult: the purchase gave the charge up. Under the member's balance-row lock the spend
   * key is voided (a spend arriving later under it is refused with CHARGE_VOIDED) and, when the spend had already been
   * taken, it is refunded once under the refund key. Replaying it changes nothing.
   */
  PointVoid: 'orders.point.void',
  /** OpenSpendsRequest -> OpenSpendDto[]: spends under a key prefix, older than a cutoff, with no refund under their refund key */
  PointOpenSpends: 'orders.point.open-spends',
  /** { idempotencyKey } -> { entry: PointEntryDto | null }: the change made under a key, if any (a service's recovery) */
  PointEntryByKey: 'orders.point.by-key',

  /** { userId } -> CardListResult */
  CardList: 'orders.card.list',
  /** CardRegistrationStartRequest -> CardRegistrationStartResult (the hosted card page to send the browser to) */
  CardRegistrationStart: 'orders.card.registration.start',
  /** CardRegistrationCompleteRequest -> CardRegistrationCompleteResult */
  CardRegistrationComplete: 'orders.card.registration.complete',
  /** { userId, cardId } -> CardListResult (detached at Stripe, off the list) */
  CardRemove: 'orders.card.remove',
  /** { userId, cardId } -> CardListResult (the card first: preselected and charged for auto-renew) */
  CardSetDefault: 'orders.card.default',
  /** { userId, page } -> StatementResult (利用明細: charges paid, newest first) */
  Statement: 'orders.statement.list',
  /** { userId, kind, id } -> StatementRowDto (one receipt), NOT_FOUND for another member's */
  StatementReceipt: 'orders.statement.receipt',

  /** CreatePaymentSessionRequest -> CreatePaymentSessionResult */
  PaymentSessionCreate: 'orders.payment-session.create',
  /** PaymentSessionAuthRequest -> PaymentSessionAuthResult (where the browser goes to authenticate, or back) */
  PaymentSessionAuth: 'orders.payment-session.auth',
  /** { userId, sessionId } -> PaymentSessionDto (after syncing with the provider) */
  PaymentSessionGet: 'orders.payment-session.get',
  /** PaymentSessionByKeyRequest -> { session: PaymentSessionDto | null } */
  PaymentSessionByKey: 'orders.payment-session.by-key',
  /** { userId, sessionId } -> { consumed: boolean }: the purchase takes a paid session once (true for the one caller that did) */
  PaymentSessionConsume: 'orders.payment-session.consume',
  /** OffSessionChargeRequest -> OffSessionChargeResult: the member's newest card, charged without them (auto-renew); points credited */
  CardChargeOffSession: 'orders.card.charge-off-session',
  /** CreateWalletSessionRequest -> CreateWalletSessionResult (the wallet's approval page) */
  WalletSessionCreate: 'orders.wallet.session.create',
  /** CaptureWalletRequest -> PaymentSessionAuthResult (captured once, points credited; where to go next) */
  WalletCapture: 'orders.wallet.capture',

  /** StripeWebhookRequest -> StripeWebhookResult; INVALID_SIGNATURE when the signature does not verify */
  StripeWebhook: 'orders.stripe.webhook',

  /** BankTransferCreateRequest -> BankTransferDto */
  BankTransferCreate: 'orders.bank-transfer.create',
  /** { userId } -> BankTransferListResult */
  BankTransferList: 'orders.bank-transfer.list',
  /** { status? } -> { topUps: BankTransferDto[] } (admin) */
  BankTransferAdminList: 'orders.bank-transfer.admin-list',
  /** BankTransferConfirmRequest -> BankTransferDto (admin: receipt confirmed, points credited once) */
  BankTransferConfirm: 'orders.bank-transfer.confirm',

  /** { userId } -> CartResult */
  CartGet: 'orders.cart.get',
  /** CartAddRequest -> CartAddResult */
  CartAdd: 'orders.cart.add',
  /** CartRemoveRequest -> CartResult */
  CartRemove: 'orders.cart.remove',
} as const;
export type OrdersPattern = (typeof OrdersPatterns)[keyof typeof OrdersPatterns];

/** Error codes of the orders service, carried by RPC errors as { code, message }. */
export enum OrdersErrorCode {
  InsufficientPoints = 'INSUFFICIENT_POINTS',
  IdempotencyConflict = 'IDEMPOTENCY_CONFLICT',
  InvalidAmount = 'INVALID_AMOUNT',
  NotFound = 'NOT_FOUND',
  CardRequired = 'CARD_REQUIRED',
  CardDeclined = 'CARD_DECLINED',
  PaymentFailed = 'PAYMENT_FAILED',
  ProviderNotConfigured = 'PROVIDER_NOT_CONFIGURED',
  InvalidSignature = 'INVALID_SIGNATURE',
  CartFull = 'CART_FULL',
  CartAddFailed = 'CART_ADD_FAILED',
  InvalidState = 'INVALID_STATE',
  /** the spend's key was voided by its purchase (it gave up before the charge arrived): nothing taken */
  ChargeVoided = 'CHARGE_VOIDED',
  /** the spend arrived after its deadline (the caller has stopped waiting for it): nothing taken */
  ChargeExpired = 'CHARGE_EXPIRED',
}

/** What an RPC error from the orders service looks like on the caller's side. */
export interface OrdersRpcError {
  code: OrdersErrorCode;
  message: string;
  details?: Record<string, unknown>;
}

export function isOrdersRpcError(e: unknown): e is OrdersRpcError {
  return !!e && typeof e === 'object' && typeof (e as OrdersRpcError).code === 'string' && Object.values(OrdersErrorCode).includes((e as OrdersRpcError).code);
}

// ---- points ledger

export type PointEntryKind = 'grant' | 'purchase' | 'spend' | 'refund' | 'card_surplus' | 'bank_transfer' | 'adjust';

export interface PointEntryDto {
  id: number;
  userId: number;
  /** signed: positive credits, negative debits */
  delta: number;
  balanceAfter: number;
  kind: PointEntryKind;
  reference: string | null;
  idempotencyKey: string;
  createdAt: string;
  /** true when this answer is the first result of an earlier call with the same idempotency key */
  replayed?: boolean;
}

export interface PointBalanceResult {
  userId: number;
  point: number;
}

export interface PointHistoryRequest {
  userId: number;
  page?: number;
  perPage?: number;
}
export interface PointHistoryResult {
  data: PointEntryDto[];
  total: number;
  current_page: number;
  last_page: number;
}

export interface PointSpendManyRequest {
  userId: number;
  /** epoch ms after which a spend not yet taken is refused (CHARGE_EXPIRED), as PointChangeRequest.deadline */
  deadline?: number;
  spends: Array<{ amount: number; idempotencyKey: string; reference?: string | null }>;
}

export interface PointSpendManyResult {
  /** the entries taken, in order (a replayed key answers its first entry) */
  entries: PointEntryDto[];
  /** the first refused spend (its index in `spends`) and why, or null when all were taken */
  refused: { index: number; code: string; message: string } | null;
}

export interface PointChangeRequest {
  userId: number;
  /** positive integer yen */
  amount: number;
  /** required: replaying the same key returns the first result and never applies twice */
  idempotencyKey: string;
  /** what the change is for: an order id, a domain, a payment intent */
  reference?: string | null;
  /** for grants: grant (default) or adjust */
  kind?: 'grant' | 'adjust';
  /**
   * for spends: epoch milliseconds after which the charge must not be taken (the caller stops waiting then and treats
   * the purchase as given up); a spend handled later is refused with CHARGE_EXPIRED
   */
  deadline?: number;
}

/** Idempotency keys of a charge: `<what>:<id>:<item>:spend` and its refund `<what>:<id>:<item>:refund`. */
export function refundKeyOf(spendKey: string): string {
  return spendKey.replace(/:spend$/, ':refund');
}

export interface PointVoidRequest {
  userId: number;
  /** the amount the spend took (checked against the spend entry when there is one) */
  amount: number;
  spendKey: string;
  refundKey: string;
  reference?: string | null;
}
export interface PointVoidResult {
  /** true when the spend had been taken and is now refunded (by this call or an earlier one) */
  refunded: boolean;
  /** the refund entry when refunded */
  entry: PointEntryDto | null;
}

export interface OpenSpendsRequest {
  /** e.g. 'order:' or 'renew:' */
  keyPrefix: string;
  /** only spends at least this many seconds old */
  olderThanS: number;
  /** and at most this many days old */
  withinDays?: number;
  limit?: number;
}
export interface OpenSpendDto {
  userId: number;
  amount: number;
  spendKey: string;
  reference: string | null;
  createdAt: string;
}

// ---- cards and payment sessions

export type PaymentType = 'point' | 'card' | 'wallet' | 'bank_transfer';

export interface CardDto {
  id: string;
  /** e.g. "VISA **** 4242 (12/30)" */
  cardInfoText: string;
}
export interface CardListResult {
  cards: CardDto[];
}

export interface CardRegistrationStartRequest {
  userId: number;
  email?: string | null;
  /** where the browser goes after the card is saved (an app path such as /mypage/search?action=createDomain) */
  redirectUrl: string;
  /** absolute base URL of the app, used to build the return address */
  appUrl: string;
}
export interface CardRegistrationStartResult {
  /** the hosted card page (Stripe Checkout in setup mode) */
  url: string;
}
export interface CardRegistrationCompleteRequest {
  userId: number;
  checkoutSessionId: string;
}
export interface CardRegistrationCompleteResult {
  card: CardDto;
}

/** A domain as sent with a payment session (000 spec: domains, each with point). */
export interface PaymentSessionDomain {
  name: string;
  point: number;
  period?: number;
}

export interface CreatePaymentSessionRequest {
  userId: number;
  /** 'create' for new registrations; renewal and transfer are reserved for their flows; 'market' a market purchase */
  purpose?: PaymentPurpose;
  domains: PaymentSessionDomain[];
  /**
   * One session per key, whatever its state (the market's `market-trade-{id}`): a retried call answers the first
   * session, and `PaymentSessionByKey` finds it after a crash. Without it, an identical payment within 10 minutes does.
   */
  idempotencyKey?: string;
  /** the amount the browser thinks the card must pay (the shortfall raised to the 50-yen minimum) */
  amount: number;
  /** the points the member chose to use (default: as many as cover the total) */
  pointsToUse?: number | null;
  stripeCardId: string;
  /** renewal variant, reserved */
  resultRenewDomains?: unknown[];
  withAutoUpdate?: boolean;
  allUpdateDuration?: number | null;
  /** absolute base URL of the app, used for the 3-D Secure return address */
  appUrl: string;
  /** app path to return to once the payment is done (default /mypage/search?action=createDomain) */
  redirectUrl?: string;
}
export interface CreatePaymentSessionResult {
  result: boolean;
  sessionId: string | null;
  errors: string[];
  /** paid: points credited; requires_action: send the browser to mypage/stripe/auth with this session */
  status?: PaymentSessionStatus;
  /** the 50-yen rule raised the charge; the surplus went to points */
  minimumApplied?: boolean;
  surplusPoints?: number;
}

export type PaymentSessionStatus = 'created' | 'requires_action' | 'paid' | 'failed' | 'used';
/** What a payment session buys points for (the statement's wording): market is a purchase in the domain market. */
export type PaymentPurpose = 'create' | 'renew' | 'transfer' | 'market';

/** { userId, key, settle? } -> PaymentSessionDto | null: the session created under an idempotency key (synced with its provider; settle: a card charge never confirmed is cancelled, an approved wallet order captured). */
export interface PaymentSessionByKeyRequest {
  userId: number;
  key: string;
  settle?: boolean;
}

export interface PaymentSessionDto {
  sessionId: string;
  provider: 'card' | 'wallet';
  purpose: PaymentPurpose;
  domains: PaymentSessionDomain[];
  amount: number;
  total: number;
  pointsUsed: number;
  cardCharge: number;
  surplusPoints: number;
  status: PaymentSessionStatus;
  error: string | null;
  resultRenewDomains?: unknown[] | null;
  withAutoUpdate?: boolean | null;
  allUpdateDuration?: number | null;
}

export interface PaymentSessionAuthRequest {
  userId: number;
  sessionId: string;
  /** app path to return to when done */
  redirectUrl?: string;
  appUrl: string;
}
export interface PaymentSessionAuthResult {
  /** where to send the browser: the authentication page, or back to redirectUrl when nothing is left to do */
  url: string;
  status: PaymentSessionStatus;
  error: string | null;
}

/** Buying points with the saved card while the member is away (auto-renew). The caller computes the amount (splitPayment). */
export interface OffSessionChargeRequest {
  userId: number;
  /** at least 50 yen */
  amount: number;
  /** one charge per key, however often it is retried (e.g. autorenew:{domainId}:{expiry}) */
  idempotencyKey: string;
  purpose?: 'renew' | 'create' | 'transfer';
  reference?: string | null;
}
export interface OffSessionChargeResult {
  result: boolean;
  sessionId: string | null;
  /** 100: no card on file (001 spec's error code for a missing card) */
  errorCode: 100 | null;
  error: string | null;
}

/** A wallet payment session: the wallet buys exactly the shortfall (the 50-yen minimum is the card's). */
export interface CreateWalletSessionRequest {
  userId: number;
  purpose?: PaymentPurpose;
  domains: PaymentSessionDomain[];
  /** as CreatePaymentSessionRequest.idempotencyKey */
  idempotencyKey?: string;
  /** the shortfall the browser expects to pay */
  amount: number;
  /** the points the member chose to use (default: as many as cover the total) */
  pointsToUse?: number | null;
  resultRenewDomains?: unknown[];
  withAutoUpdate?: boolean;
  allUpdateDuration?: number | null;
  appUrl: string;
  redirectUrl?: string;
}
export interface CreateWalletSessionResult {
  result: boolean;
  sessionId: string | null;
  /** the wallet's order id (one item 'points' at the amount, JPY) */
  orderId: string | null;
  /** the wallet's approval page */
  approveUrl: string | null;
  errors: string[];
  /**
   * the session's state: requires_action (approve at approveUrl); paid or used (a keyed session asked for again after
   * it was paid: the points are credited, no approval page); failed; created (the wallet's answer is not known yet)
   */
  status?: PaymentSessionStatus;
}
export interface CaptureWalletRequest {
  userId: number;
  sessionId: string;
  /** the approved order id (the spec's "order id sent as a payment of the wallet type") */
  orderId: string;
  appUrl: string;
  redirectUrl?: string;
}

export interface StripeWebhookRequest {
  /** the raw request body exactly as received (utf8) */
  payload: string;
  signature: string;
}
export interface StripeWebhookResult {
  received: true;
  eventId: string;
  type: string;
  /** false when this event id was already processed */
  processed: boolean;
}

// ---- bank transfer

export type BankTransferStatus = 'pending' | 'confirmed' | 'cancelled';
export interface BankTransferDto {
  id: number;
  userId: number;
  amount: number;
  /** the reference the member writes on the transfer (振込依頼人名の前に付ける番号) */
  reference: string;
  status: BankTransferStatus;
  createdAt: string;
  confirmedAt: string | null;
  confirmedBy: number | null;
}
/** The member's bank-transfer top-ups (newest first) and the account to pay into. */
export interface BankTransferListResult {
  topUps: BankTransferDto[];
  /** the payee account (bank, branch, type, number, holder); null when not configured */
  account: string | null;
}
export interface BankTransferCreateRequest {
  userId: number;
  amount: number;
}
export interface BankTransferConfirmRequest {
  id: number;
  adminId: number;
}

// ---- cart

export interface CartDomainDto {
  name: string;
  punycode: string;
  tld: string;
  addedAt: string;
  /** the TLD's current first-year price (the IDN price for a Japanese label where the TLD has one); null when unknown */
  register: number | null;
  renew: number | null;
  /** WHOIS proxy available: false (and not .co.jp) means a WHOIS contact is needed before ordering */
  can_proxy: boolean | null;
  is_idn: boolean;
  minimum_years: number | null;
  registration_unit: number | null;
}
export interface CartResult {
  domains: CartDomainDto[];
}
export interface CartAddRequest {
  userId: number;
  domainNames: string[];
}
export interface CartAddResult extends CartResult {
  added: string[];
  /** already in the cart */
  skipped: string[];
  /** one message per refused domain (unregistrable), plus the cart-full message when the limit was reached */
  errors: string[];
}
export interface CartRemoveRequest {
  userId: number;
  domainNames: string[];
  /**
   * false: the cart is not read back (the answer's `domains` is empty). A checkout that only clears what it bought
   * asks so, which spares the catalogue's price group and the cart's list per order (docs/adr/0038-rpc-replies.md).
   */
  view?: boolean;
}

/** Gateway paths of the orders area (the spec's names). */
export const OrdersHttpPaths = {
  userPoint: '/user/point',
  pointHistory: '/mypage/point/history',
  cardLoad: '/mypage/credit_card/load',
  cardRegistration: '/mypage/stripe',
  cardRegistrationComplete: '/mypage/stripe/complete',
  paymentAuth: '/mypage/stripe/auth',
  paymentSessionCreate: '/mypage/point/domain/create/session',
  paymentSession: '/mypage/point/session',
  walletSessionCreate: '/mypage/point/domain/create/wallet',
  renewSessionCreate: '/mypage/point/domain/renew/session',
  renewWalletSessionCreate: '/mypage/point/domain/renew/wallet',
  walletCapture: '/mypage/point/wallet/capture',
  walletReturn: '/mypage/paypal/return',
  stripeWebhook: '/stripe/webhook',
  bankTransfer: '/mypage/point/bank_transfer',
  adminBankTransfer: '/admin/point/bank_transfer',
  cart: '/mypage/cart',
  cartAdd: '/mypage/cart/add',
  cartRemove: '/mypage/cart/remove',
} as const;

/** One charge on the 利用明細 page (a card or wallet payment, or a confirmed bank transfer) and its receipt. */
export interface StatementRowDto {
  kind: 'payment' | 'bank';
  id: string;
  receiptNo: string;
  method: 'card' | 'wallet' | 'bank_transfer';
  /** yen, tax included */
  amount: number;
  /** the consumption tax included in amount (10 %) */
  tax: number;
  description: string;
  /** the domains the payment was for */
  domains: string[];
  paidAt: string;
}
export interface StatementResult {
  data: StatementRowDto[];
  total: number;
  page: number;
  last_page: number;
}
