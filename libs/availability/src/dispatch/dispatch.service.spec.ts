import 'reflect-metadata';
import type { ClientProxy } from '@nestjs/microservices';
import { of } from 'rxjs';
import type { TldPriceDto } from '@registrar/contracts';
import { loadConfig } from '@registrar/infra';
import { M } from '@registrar/messages';
import { AvailabilityConfig } from '../availability.config';
import { DispatchService } from './dispatch.service';

const tld = (tld_name: string, ordinal: number, is_idn: boolean, tld_name_punycode = tld_name) => ({ tld_name, tld_name_punycode, ordinal, is_idn }) as TldPriceDto;
const CATALOGUE = [tld('net', 2, false), tld('com', 1, true), tld('jp', 3, true), tld('コム', 4, true, 'xn--tckwe'), tld('co.jp', 5, false), { ...tld('jp', 6, true), is_idn_price: true }];

function newTestService(env: Record<string, string> = {}) {
  const send = jest.fn((_pattern: string, _payload: unknown) => of({ tldPrices: CATALOGUE }));
  const catalog = { send } as unknown as ClientProxy;
  return { sut: new DispatchService(catalog, loadConfig(AvailabilityConfig, env)), send };
}

describe(DispatchService.name, () => {
  it('lists a keyword under every TLD in catalogue order, index-aligned', async () => {
    const { sut } = newTestService();
    const r = await sut.dispatch({ keywords: ['Example'], userId: 7 });
    expect(r).toMatchObject({ result: true, userId: 7, error_msg: [] });
    expect(r.tlds).toEqual(['com', 'net', 'jp', 'xn--tckwe', 'co.jp']);
    expect(r.tld_name).toEqual(['com', 'net', 'jp', 'コム', 'co.jp']);
    expect(new Set(r.domain)).toEqual(new Set(['example']));
    expect(r.checkable.every(Boolean)).toBe(true);
  });

  it('lists a TLD once even when it has a second (Japanese-label) price row', async () => {
    const { sut } = newTestService();
    const r = await sut.dispatch({ keywords: ['x'], userId: null });
    expect(r.tlds.filter((t) => t === 'jp')).toHaveLength(1);
  });

  it("puts the keyword's own TLD first", async () => {
    const { sut } = newTestService();
    const r = await sut.dispatch({ keywords: ['example.jp'], userId: null });
    expect(r.tlds[0]).toBe('jp');
    expect(r.tlds).toHaveLength(5);
  });

  it('does not check a Japanese label under a TLD without IDN support', async () => {
    const { sut } = newTestService();
    const r = await sut.dispatch({ keywords: ['日本語'], userId: null });
    expect(r.punycode[0]).toBe('xn--wgv71a119e');
    expect(r.japaneseDomain.every(Boolean)).toBe(true);
    const skipped = r.tlds.filter((_, i) => !r.checkable[i]);
    expect(skipped).toEqual(['net', 'co.jp']);
  });

  it('lists bulk names one row each, and an unknown TLD as not checkable', async () => {
    const { sut } = newTestService();
    const r = await sut.dispatch({ keywords: ['a.com', 'b.co.jp c.unknown'], type: 2, userId: null });
    expect(r.domain).toEqual(['a', 'b', 'c']);
    expect(r.tlds).toEqual(['com', 'co.jp', 'unknown']);
    expect(r.checkable).toEqual([true, true, false]);
  });

  it('answers the spec messages for bad input', async () => {
    const { sut } = newTestService();
    expect(await sut.dispatch({ keywords: ['foo bar'], type: 1, userId: null })).toMatchObject({ result: false, error_msg: [M.keywordWhitespace] });
    expect(await sut.dispatch({ keywords: [''], type: 2, userId: null })).toMatchObject({ result: false, error_msg: [M.enterDomainCorrectly] });
    expect(await sut.dispatch({ keywords: ['nodot'], type: 2, userId: null })).toMatchObject({ result: false, error_msg: [M.includeTld] });
    const lines = Array.from({ length: 501 }, (_, i) => `n${i}.com`);
    expect(await sut.dispatch({ keywords: lines, type: 2, userId: null })).toMatchObject({ result: false, error_msg: [M.bulkMax500] });
  });

  it('applies the 5-at-a-time restriction only when the operator turns it on', async () => {
    const six = ['a.com', 'b.com', 'c.com', 'd.com', 'e.com', 'f.com'];
    expect((await newTestService().sut.dispatch({ keywords: six, type: 2, userId: null })).result).toBe(true);
    const on = newTestService({ SEARCH_BULK_FIVE_AT_A_TIME: '1' }).sut;
    expect(await on.dispatch({ keywords: six, type: 2, userId: null })).toMatchObject({ result: false, error_msg: [M.bulkFiveAtATime] });
  });

  it('passes the category to the catalogue', async () => {
    const { sut, send } = newTestService();
    await sut.dispatch({ keywords: ['x'], categoryId: 3, userId: null });
    expect(send).toHaveBeenCalledWith('catalog.price.search', { categoryId: 3 });
  });
});
