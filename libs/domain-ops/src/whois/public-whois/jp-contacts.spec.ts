import { jpPublicContacts } from './jp-contacts';

describe(jpPublicContacts.name, () => {
  const reg = { first_name: 'Taro', last_name: 'Yamada', email: 'taro@example.co.jp', cc: 'JP', pc: '1000001', sp: 'Tokyo', city: 'Chiyoda-ku', street1: '1-1', phone: '0312345678', phone_country_code: '81' };
  it('publishes the organisation as registrant and the registrant person for staff left "same"', () => {
    const r = jpPublicContacts({ org: { name: 'Example KK', organization: 'Example KK', email: 'info@example.co.jp', cc: 'JP', city: 'Chiyoda-ku', street1: '1-1' }, reg, tec: { ...reg, first_name: 'Hanako', email: 'h@example.co.jp' } }, 7);
    expect(r.map((x) => [x.role, x.contact.handle, x.contact.name])).toEqual([
      ['registrant', 'RKJ7O', 'Example KK'],
      ['administrative', 'RKJ7R', 'Taro Yamada'],
      ['technical', 'RKJ7T', 'Hanako Yamada'],
      ['billing', 'RKJ7R', 'Taro Yamada'],
    ]);
    expect(r[1].contact.phone).toBe('+81.312345678');
  });
  it('publishes nothing without a form', () => {
    expect(jpPublicContacts(null, 1)).toEqual([]);
  });
});
