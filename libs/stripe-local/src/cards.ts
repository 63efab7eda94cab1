/** Test cards of the local Stripe-compatible server (the same numbers Stripe's test mode uses). */
export type CardBehaviour = 'succeeds' | 'declined' | 'requires_3ds';

export interface TestCard {
  number: string;
  brand: string;
  behaviour: CardBehaviour;
}

export const TEST_CARDS: Record<string, TestCard> = {
  '4242424242424242': { number: '4242424242424242', brand: 'visa', behaviour: 'succeeds' },
  '5555555555554444': { number: '5555555555554444', brand: 'mastercard', behaviour: 'succeeds' },
  '4000000000000002': { number: '4000000000000002', brand: 'visa', behaviour: 'declined' },
  '4000002500003155': { number: '4000002500003155', brand: 'visa', behaviour: 'requires_3ds' },
  '4000000000003220': { number: '4000000000003220', brand: 'visa', behaviour: 'requires_3ds' },
};

/** Stripe's test PaymentMethod ids, usable wherever a payment_method is expected. */
export const TEST_PAYMENT_METHODS: Record<string, string> = {
  pm_card_visa: '4242424242424242',
  pm_card_mastercard: '5555555555554444',
  pm_card_chargeDeclined: '4000000000000002',
  pm_card_authenticationRequired: '4000002500003155',
  pm_card_threeDSecure2Required: '4000000000003220',
};

export function luhnValid(number: string): boolean {
  if (!/^\d{12,19}$/.test(number)) return false;
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let d = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Any other Luhn-valid number behaves like 4242. */
export function cardFor(number: string): TestCard | null {
  const n = number.replace(/[\s-]/g, '');
  if (TEST_CARDS[n]) return TEST_CARDS[n];
  if (!luhnValid(n)) return null;
  return { number: n, brand: n.startsWith('5') ? 'mastercard' : n.startsWith('3') ? 'amex' : 'visa', behaviour: 'succeeds' };
}
