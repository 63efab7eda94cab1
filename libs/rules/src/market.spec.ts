import { MK } from '@registrar/messages';
import { listingErrors, marketCommission, payoutErrors, sldLength } from './market';

describe('market rules', () => {
  const now = new Date('2026-11-27T00:00:00Z');
  const in30 = new Date(now.getTime() + 30 * 24 * 3600_000).toISOString();

  it('takes the commission in whole yen, rounded down, and credits the rest', () => {
    expect(marketCommission(10_000, 10)).toEqual({ commission: 1_000, payout: 9_000 });
    expect(marketCommission(12_345, 10)).toEqual({ commission: 1_234, payout: 11_111 });
    expect(marketCommission(5_000, 0)).toEqual({ commission: 0, payout: 5_000 });
  });

  it('accepts a complete listing and names each bad field', () => {
    expect(listingErrors({ price: 50_000, minOffer: 30_000, description: 'x', endsAt: in30 }, now)).toEqual({});
    expect(listingErrors({ price: '', endsAt: in30 }, now)).toEqual({ price: MK.priceRequired });
    expect(listingErrors({ price: 999, endsAt: in30 }, now)).toEqual({ price: MK.priceRange });
    expect(listingErrors({ price: 1500.5, endsAt: in30 }, now)).toEqual({ price: MK.priceRange });
    expect(listingErrors({ price: 5_000, minOffer: 5_000, endsAt: in30 }, now)).toEqual({ minOffer: MK.minOfferRange });
    expect(listingErrors({ price: 5_000, description: 'あ'.repeat(2001), endsAt: in30 }, now)).toEqual({ description: MK.descriptionTooLong });
    expect(listingErrors({ price: 5_000, endsAt: now.toISOString() }, now)).toEqual({ endsAt: MK.endsAtInvalid });
    expect(listingErrors({ price: 5_000, endsAt: new Date(now.getTime() + 200 * 24 * 3600_000).toISOString() }, now)).toEqual({ endsAt: MK.endsAtInvalid });
  });

  it('measures the length of the name without its TLD', () => {
    expect(sldLength('rakko.co.jp', 'co.jp')).toBe(5);
    expect(sldLength('ラッコ.com', 'com')).toBe(3);
  });

  it('checks a payout request', () => {
    const ok = { amount: 5_000, bankName: 'ラッコ銀行', branchName: '本店', accountType: '普通', accountNumber: '1234567', accountHolder: 'ラッコ タロウ' };
    expect(payoutErrors(ok)).toBeNull();
    expect(payoutErrors({ ...ok, amount: 999 })).toBe(MK.payoutMin);
    expect(payoutErrors({ ...ok, accountNumber: '12345' })).toBe(MK.accountNumberInvalid);
    expect(payoutErrors({ ...ok, bankName: ' ' })).toBe(MK.bankRequired);
  });
});
