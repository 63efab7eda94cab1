import { registryErrorMessage, REGISTRY_RESULT_CODES } from './registry-results';

describe('registryErrorMessage', () => {
  it('gives every error code of RFC 5730 a Japanese message with the code for support, never the English text', () => {
    for (const code of [2000, 2001, 2002, 2003, 2004, 2005, 2100, 2101, 2102, 2103, 2104, 2105, 2106, 2200, 2201, 2202, 2300, 2301, 2302, 2303, 2304, 2305, 2306, 2307, 2308, 2400, 2500, 2501, 2502]) {
      expect(REGISTRY_RESULT_CODES).toContain(code);
      const m = registryErrorMessage(code);
      expect(m).toMatch(/[ぁ-んァ-ン一-龥]/);
      expect(m).not.toMatch(/error|Object|Authorization/);
      expect(m.endsWith(`（エラーコード: ${code}）`)).toBe(true);
    }
  });

  it('says what to do for the refusals customers meet most', () => {
    expect(registryErrorMessage(2201)).toBe('このドメインを操作する権限がありません。当社で管理中のドメインか、他社への移管中でないかをご確認ください（エラーコード: 2201）');
    expect(registryErrorMessage(2303)).toContain('見つかりませんでした');
    expect(registryErrorMessage(2304)).toContain('ドメインロックを解除');
    expect(registryErrorMessage(2202)).toContain('AUTHCODE');
  });

  it('answers an unknown code with a generic message that still keeps the code', () => {
    expect(registryErrorMessage(2999)).toBe('レジストリでエラーが発生しました。時間をおいて再度お試しいただき、解決しない場合はサポートへお問い合わせください（エラーコード: 2999）');
  });
});
