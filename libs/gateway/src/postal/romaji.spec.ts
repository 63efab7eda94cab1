import { kanaToRomaji, romaniseCity } from './romaji';
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
      en: { prefecture: 'Tokyo', address1: 'Chuo-ku', address2: '' },
    });
  });
  it('answers null for unknown or malformed codes', () => {
    expect(sut.lookup('9999999')).toBeNull();
    expect(sut.lookup('104006')).toBeNull();
  });
});
