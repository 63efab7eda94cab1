import 'reflect-metadata';
import { PriceGroupDto, TldSummaryDto } from '@registrar/contracts';
import { OrdersConfig } from '../orders.config';
import { CartItem, CartRepository, CartTx } from './cart.repository';
import { CartService } from './cart.service';
import { ClaimCheck } from './claim-check.port';

const tld = (tld_name: string, tld_name_punycode: string, register: number, can_proxy: boolean, idnRegister?: number) =>
  ({ tld_name, tld_name_punycode, can_proxy, minimum_years: 1, registration_unit: 1, price: { register, renew: register + 100 }, idn_price: idnRegister ? { register: idnRegister, renew: idnRegister + 100 } : null }) as unknown as TldSummaryDto;
const CATALOGUE = [tld('com', 'com', 1500, true), tld('jp', 'jp', 3000, false, 2500), tld('co.jp', 'co.jp', 5000, false), tld('みんな', 'xn--q9jyb4c', 900, true)];

function newTestService(max = 3, claims: ClaimCheck = { unregistrable: async () => [] }, catalogue: () => Promise<TldSummaryDto[]> = async () => CATALOGUE, group: PriceGroupDto | null = null) {
  const items: CartItem[] = [];
  const tx: CartTx = {
    items: async () => [...items],
    add: async (d) => void items.push({ name: d.name, punycode: d.punycode, tld: d.tld, addedAt: new Date().toISOString() }),
  };
  const repo = { list: async () => [...items], locked: async (_u: number, work: (t: CartTx) => Promise<unknown>) => work(tx), remove: jest.fn() };
  const config = Object.assign(new OrdersConfig(), { CART_MAX_SIZE: max });
  return { sut: new CartService(repo as unknown as CartRepository, config, claims, { all: catalogue, priceGroup: async () => group }), items };
}

describe(CartService.name, () => {
  it('removes names and, for a checkout that asks no cart back, neither lists it nor asks the catalogue', async () => {
    const catalogue = jest.fn(async () => CATALOGUE);
    const { sut } = newTestService(10, undefined, catalogue);
    await sut.add(1, ['a.com', 'b.com']);
    catalogue.mockClear();
    expect(await sut.remove(1, ['A.com'], false)).toEqual({ domains: [] });
    expect(catalogue).not.toHaveBeenCalled();
    // the browser's removal answers the cart left, priced (this stub repository keeps its rows)
    expect((await sut.remove(1, ['a.com'])).domains.map((d) => [d.name, d.register])).toEqual([['a.com', 1500], ['b.com', 1500]]);
    expect(catalogue).toHaveBeenCalled();
  });

  it('adds new names, skips those already in the cart and repeated ones', async () => {
    const { sut } = newTestService(10);
    await sut.add(1, ['a.com']);
    const r = await sut.add(1, ['a.com', 'B.com', 'b.com']);
    expect(r.added).toEqual(['b.com']);
    expect(r.skipped.sort()).toEqual(['a.com', 'b.com']);
    expect(r.domains.map((d) => d.name)).toEqual(['a.com', 'b.com']);
    expect(r.errors).toEqual([]);
  });

  it('refuses unregistrable names with the spec message', async () => {
    const { sut } = newTestService(10, { unregistrable: async (p) => p.filter((x) => x.startsWith('nic.')) });
    const r = await sut.add(1, ['nic.com', 'bad name.com', 'ok.com']);
    expect(r.added).toEqual(['ok.com']);
    expect([...r.errors].sort()).toEqual(['bad name.comは登録不能ドメインのためカートに入れられませんでした', 'nic.comは登録不能ドメインのためカートに入れられませんでした']);
  });

  it('stops at the maximum cart size with a clear message', async () => {
    const { sut } = newTestService(2);
    const r = await sut.add(1, ['a.com', 'b.com', 'c.com', 'd.com']);
    expect(r.added).toEqual(['a.com', 'b.com']);
    expect(r.errors).toEqual(['カートに入れられるドメインは2件までです。c.com以降は追加されませんでした']);
  });

  it('refuses a TLD that is not on sale, and shows each domain with its price and proxy availability', async () => {
    const { sut } = newTestService(10);
    const r = await sut.add(1, ['a.com', 'ラッコ.jp', 'rakko.co.jp', 'x.みんな', 'a.invalidtld']);
    expect(r.errors).toEqual(['a.invalidtldは登録不能ドメインのためカートに入れられませんでした']);
    expect(r.domains.map((d) => [d.name, d.register, d.renew, d.can_proxy, d.is_idn])).toEqual([
      ['a.com', 1500, 1600, true, false],
      ['ラッコ.jp', 2500, 2600, false, true],
      ['rakko.co.jp', 5000, 5100, false, false],
      ['x.みんな', 900, 1000, true, true],
    ]);
  });

  it("shows a member in a price group the group's prices (a margin, a fixed price per TLD)", async () => {
    const group: PriceGroupDto = { id: 3, jpName: 'テスト', marginPercent: -10, fixed: { com: { register: 1000, renew: 1200, transfer: null } } };
    const { sut } = newTestService(10, undefined, undefined, group);
    const r = await sut.add(1, ['a.com', 'rakko.co.jp']);
    expect(r.domains.map((d) => [d.name, d.register, d.renew])).toEqual([['a.com', 1000, 1200], ['rakko.co.jp', 4500, 4590]]);
  });

  it('adds nothing and says so when the catalog cannot answer', async () => {
    const { sut, items } = newTestService(10, undefined, async () => { throw new Error('down'); });
    expect((await sut.add(1, ['a.com'])).errors).toEqual(['ドメインをカートに追加できませんでした。もう一度お試しください。']);
    expect(items).toEqual([]);
  });

  it('adds nothing and says so when the claim check fails', async () => {
    const { sut, items } = newTestService(10, { unregistrable: async () => { throw new Error('down'); } });
    const r = await sut.add(1, ['a.com']);
    expect(r.errors).toEqual(['ドメインをカートに追加できませんでした。もう一度お試しください。']);
    expect(items).toEqual([]);
  });
});
