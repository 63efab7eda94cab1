import { kanaToRomaji, romaniseCity, romaniseTown } from './romaji';
import { PostalService } from './postal.service';

describe('romaji', () => {
  it('romanises municipality readings', () => {
    expect(romaniseCity('中央区', 'ﾁｭｳｵｳｸ')).toBe('Chuo-ku');
    expect(romaniseCity('高崎市', 'ﾀｶｻｷｼ')).toBe('Takasaki-shi');
    expect(kanaToRomaji('ｻｯﾎﾟﾛ')).toBe('sapporo');
    expect(kanaToRomaji('ｼﾝｼﾞｭｸ')).toBe('shinjuku');
  });
});

describe(PostalService.name, () => {
  const sut = new PostalService();
  it('finds prefecture, municipality and town of a 7-digit code from bundled data', () => {
    expect(sut.lookup('1040061')).toEqual({
      prefcode: '13', prefecture: '東京都',
      ja: { address1: '中央区', address2: '銀座' },
      en: { prefecture: 'Tokyo', address1: 'Chuo-ku', address2: 'Ginza' },
    });
  });
  it('romanises the town from the bundled readings, for the .co.jp / .jp romaji street (issue 26)', () => {
    expect(sut.lookup('1600023')?.en).toEqual({ prefecture: 'Tokyo', address1: 'Shinjuku-ku', address2: 'Nishishinjuku' });
    expect(sut.lookup('1000014')?.en.address2).toBe('Nagatacho');
    expect(sut.lookup('1500043')?.en.address2).toBe('Dogenzaka');
  });
  it('leaves the romaji street empty, never the kanji, for a town without a reading or a code with no single town', () => {
    expect(romaniseTown('未知町', {})).toBe('');
    expect(sut.lookup('1000000')?.en.address2).toBe('');
  });
  it('answers null for unknown or malformed codes', () => {
    expect(sut.lookup('9999999')).toBeNull();
    expect(sut.lookup('104006')).toBeNull();
  });
});
