import { formatPoints, formatYen, registrationTotal, renewalTotal, splitPayment } from './money';

describe('registrationTotal', () => {
  it('is the first-year price alone for one year', () => expect(registrationTotal(1_200, 1_800, 1)).toBe(1_200));
  it('adds the renewal price for each further year', () => expect(registrationTotal(1_200, 1_800, 3)).toBe(1_200 + 1_800 * 2));
  it('refuses zero or fractional years', () => {
    expect(() => registrationTotal(1, 1, 0)).toThrow(RangeError);
    expect(() => registrationTotal(1, 1, 1.5)).toThrow(RangeError);
  });
  it('renewal total is years x renewal price', () => expect(renewalTotal(1_800, 2)).toBe(3_600));
});

describe('formatYen', () => {
  it('uses thousands separators', () => {
    expect(formatYen(0)).toBe('0円');
    expect(formatYen(1_234)).toBe('1,234円');
    expect(formatYen(1_234_567)).toBe('1,234,567円');
    expect(formatPoints(10_000)).toBe('10,000RP');
  });
});

describe('splitPayment with the points the member chose', () => {
  it('uses only the chosen points and charges the card for the rest', () => {
    expect(splitPayment(1_000, 5_000, 300)).toEqual({ pointsUsed: 300, shortfall: 700, cardCharge: 700, surplusPoints: 0, remainingPoints: 4_700, minimumApplied: false });
    expect(splitPayment(1_000, 5_000, 0)).toMatchObject({ pointsUsed: 0, cardCharge: 1_000, remainingPoints: 5_000 });
  });
  it('never uses more than the balance or the total, nor less than 0', () => {
    expect(splitPayment(1_000, 400, 900)).toMatchObject({ pointsUsed: 400, cardCharge: 600 });
    expect(splitPayment(1_000, 5_000, 9_999)).toMatchObject({ pointsUsed: 1_000, cardCharge: 0 });
    expect(splitPayment(1_000, 5_000, -5)).toMatchObject({ pointsUsed: 0, cardCharge: 1_000 });
  });
  it('keeps the 50-yen minimum for a small remainder', () => {
    expect(splitPayment(1_000, 5_000, 980)).toMatchObject({ pointsUsed: 980, shortfall: 20, cardCharge: 50, surplusPoints: 30, remainingPoints: 4_050, minimumApplied: true });
  });
});

describe('splitPayment (50-yen card minimum)', () => {
  it('pays by points alone when the balance covers the total', () => {
    expect(splitPayment(1_000, 5_000)).toEqual({ pointsUsed: 1_000, shortfall: 0, cardCharge: 0, surplusPoints: 0, remainingPoints: 4_000, minimumApplied: false });
  });
  it('charges the card for a shortfall of 50 or more as is', () => {
    expect(splitPayment(1_000, 900)).toMatchObject({ pointsUsed: 900, shortfall: 100, cardCharge: 100, surplusPoints: 0, remainingPoints: 0 });
  });
  it('raises a shortfall of 1 to 49 yen to 50 and credits the surplus', () => {
    expect(splitPayment(1_000, 990)).toEqual({ pointsUsed: 990, shortfall: 10, cardCharge: 50, surplusPoints: 40, remainingPoints: 40, minimumApplied: true });
    expect(splitPayment(1_000, 951)).toMatchObject({ cardCharge: 50, surplusPoints: 1, minimumApplied: true });
    expect(splitPayment(1_000, 950)).toMatchObject({ cardCharge: 50, surplusPoints: 0, minimumApplied: false });
  });
  it('charges everything to the card with no points', () => {
    expect(splitPayment(30, 0)).toMatchObject({ pointsUsed: 0, cardCharge: 50, surplusPoints: 20, remainingPoints: 20 });
  });
});
