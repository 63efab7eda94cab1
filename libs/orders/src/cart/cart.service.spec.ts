import 'reflect-metadata';
import { CartDomainDto } from '@registrar/contracts';
import { OrdersConfig } from '../orders.config';
import { CartRepository, CartTx } from './cart.repository';
import { CartService } from './cart.service';
import { ClaimCheck } from './claim-check.port';

function newTestService(max = 3, claims: ClaimCheck = { unregistrable: async () => [] }) {
  const items: CartDomainDto[] = [];
  const tx: CartTx = {
    items: async () => [...items],
    add: async (d) => void items.push({ name: d.name, punycode: d.punycode, tld: d.tld, addedAt: new Date().toISOString() }),
  };
  const repo = { list: async () => [...items], locked: async (_u: number, work: (t: CartTx) => Promise<unknown>) => work(tx), remove: jest.fn() };
  const config = Object.assign(new OrdersConfig(), { CART_MAX_SIZE: max });
  return { sut: new CartService(repo as unknown as CartRepository, config, claims), items };
}

describe(CartService.name, () => {
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

  it('adds nothing and says so when the claim check fails', async () => {
    const { sut, items } = newTestService(10, { unregistrable: async () => { throw new Error('down'); } });
    const r = await sut.add(1, ['a.com']);
    expect(r.errors).toEqual(['ドメインをカートに追加できませんでした。もう一度お試しください。']);
    expect(items).toEqual([]);
  });
});
