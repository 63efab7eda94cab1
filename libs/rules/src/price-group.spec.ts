import { M } from '@registrar/messages';
import { applyPriceGroup, validateCustomPrice, withMargin } from './price-group';

const com = { register: 1738, register_user: 1738, register_normal: 1738, is_register_campaign: false, renew: 1738, is_renew_campaign: false, transfer: 1738, restore: 10538 };

describe('applyPriceGroup', () => {
  it('leaves the list price to a member without a group', () => {
    expect(applyPriceGroup(com, 'com', null)).toBe(com);
  });

  it('applies the margin to register, renew and transfer, cutting fractions of a yen', () => {
    const r = applyPriceGroup(com, 'com', { marginPercent: -10, fixed: {} });
    expect(withMargin(1738, -10)).toBe(1564);
    expect(r).toMatchObject({ register: 1564, register_user: 1564, register_normal: 1564, renew: 1564, transfer: 1564, restore: 10538 - 1738 + 1564 });
  });

  it('uses the fixed price of the TLD where the group has one, the margin elsewhere', () => {
    const g = { marginPercent: -5, fixed: { com: { register: 1200, renew: 1300, transfer: null } } };
    expect(applyPriceGroup(com, 'com', g)).toMatchObject({ register: 1200, renew: 1300, transfer: withMargin(1738, -5) });
    expect(applyPriceGroup(com, 'net', g)).toMatchObject({ register: withMargin(1738, -5) });
    // a Japanese-name price row takes the margin, not the normal row's fixed price
    expect(applyPriceGroup({ ...com, is_idn_price: true }, 'com', g)).toMatchObject({ register: withMargin(1738, -5) });
  });

  it('keeps a lower campaign price (still a campaign row), and drops a campaign the group beats', () => {
    const campaign = { ...com, register: 1078, register_normal: 1738, is_register_campaign: true };
    expect(applyPriceGroup(campaign, 'com', { marginPercent: -10, fixed: {} })).toMatchObject({ register: 1078, register_normal: 1564, is_register_campaign: true });
    expect(applyPriceGroup(campaign, 'com', { marginPercent: 0, fixed: { com: { register: 900, renew: null, transfer: null } } })).toMatchObject({ register: 900, register_normal: 900, is_register_campaign: false });
  });

  it('keeps a transfer that is not offered (null) and a free one (0)', () => {
    expect(applyPriceGroup({ ...com, transfer: null }, 'com', { marginPercent: -10, fixed: {} }).transfer).toBeNull();
    expect(applyPriceGroup({ ...com, transfer: 0 }, 'jp', { marginPercent: 10, fixed: {} }).transfer).toBe(0);
  });
});

describe('validateCustomPrice', () => {
  it('gives the spec\'s messages (002 §5)', () => {
    expect(validateCustomPrice({}).errors).toEqual({ userId: [M.enterUserId], priceGroup: [M.selectPriceGroup] });
    expect(validateCustomPrice({ userId: '12a', priceGroup: '1' }).errors).toEqual({ userId: [M.userIdDigits] });
    expect(validateCustomPrice({ userId: '１２３', priceGroup: 2 })).toEqual({ userId: undefined, priceGroup: 2, errors: { userId: [M.userIdDigits] } });
    expect(validateCustomPrice({ userId: '1２3' }, false).errors).toEqual({ userId: [M.userIdDigits] });
    expect(validateCustomPrice({ userId: ' 123 ', priceGroup: '2' })).toEqual({ userId: 123, priceGroup: 2, errors: {} });
    expect(validateCustomPrice({ userId: '5' }, false)).toEqual({ userId: 5, priceGroup: undefined, errors: {} });
  });
});
