/** Money is integer yen, tax included. */

export const TAX_RATE = 1.1;
/** The smallest card charge; a smaller shortfall is raised to it and the surplus credited as points. */
export const CARD_MINIMUM_YEN = 50;

/** Total for a registration: first-year price + renewal price x (years - 1). */
export function registrationTotal(firstYear: number, renewal: number, years: number): number {
  if (!Number.isInteger(years) || years < 1) throw new RangeError(`years must be a positive integer, got ${years}`);
  return firstYear + renewal * (years - 1);
}

/** Renewal total for a number of years at the per-year renewal price. */
export function renewalTotal(renewal: number, years: number): number {
  if (!Number.isInteger(years) || years < 1) throw new RangeError(`years must be a positive integer, got ${years}`);
  return renewal * years;
}

const yenFormatter = new Intl.NumberFormat('ja-JP');

/** 1234567 -> "1,234,567" */
export function formatNumber(n: number): string {
  return yenFormatter.format(n);
}

/** 1234 -> "1,234円" */
export function formatYen(n: number): string {
  return `${formatNumber(n)}円`;
}

/** 1234 -> "1,234RP" */
export function formatPoints(n: number, unit = 'RP'): string {
  return `${formatNumber(n)}${unit}`;
}

export interface PaymentSplit {
  /** Points spent: the lesser of balance and total. */
  pointsUsed: number;
  /** The shortfall that must be bought. */
  shortfall: number;
  /** What the card is charged: the shortfall, raised to 50 when it is 1 to 49. */
  cardCharge: number;
  /** Points credited because the charge was raised to the minimum. */
  surplusPoints: number;
  /** Balance after the purchase (includes the surplus). */
  remainingPoints: number;
  /** Whether the 50-yen minimum raised the charge (the notice is shown). */
  minimumApplied: boolean;
}

/**
 * Splits a total between points and card under the 50-yen card minimum. By default the points cover what they can
 * (000 §9); `pointsToUse` is the member's own choice at checkout (issue 26), clamped to 0 … min(balance, total).
 */
export function splitPayment(total: number, balance: number, pointsToUse?: number | null): PaymentSplit {
  if (total < 0 || balance < 0) throw new RangeError('total and balance must not be negative');
  const most = Math.min(balance, total);
  const pointsUsed = pointsToUse === undefined || pointsToUse === null || !Number.isFinite(pointsToUse) ? most : Math.max(0, Math.min(most, Math.floor(pointsToUse)));
  const shortfall = total - pointsUsed;
  const minimumApplied = shortfall > 0 && shortfall < CARD_MINIMUM_YEN;
  const cardCharge = minimumApplied ? CARD_MINIMUM_YEN : shortfall;
  const surplusPoints = cardCharge - shortfall;
  return { pointsUsed, shortfall, cardCharge, surplusPoints, remainingPoints: balance - pointsUsed + surplusPoints, minimumApplied };
}

/**
 * The page of one charge's receipt (利用明細 → 領収書): a card or wallet payment (`payment`, its session id) or a
 * confirmed bank transfer (`bank`). An order paid with points only has no charge, so no receipt.
 */
export function receiptPath(kind: 'payment' | 'bank', id: string): string {
  return `/account_statement/receipt?kind=${kind}&id=${encodeURIComponent(id)}`;
}
