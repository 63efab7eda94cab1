import { pointEntryLabel } from './point-ledger';

describe('pointEntryLabel', () => {
  it('names the domain a registration or renewal spent on, in its Japanese form', () => {
    expect(pointEntryLabel({ kind: 'spend', reference: 'order:9f', idempotencyKey: 'order:9f:example.com:spend' })).toBe('ドメイン登録 example.com');
    expect(pointEntryLabel({ kind: 'spend', reference: 'renewal:ab', idempotencyKey: 'renew:ab:xn--wgv71a.jp:spend' })).toBe('ドメイン更新 日本.jp');
  });
  it('says what a refund gave back', () => {
    expect(pointEntryLabel({ kind: 'refund', reference: 'renewal:ab', idempotencyKey: 'renew:ab:example.net:refund' })).toBe('返還（ドメイン更新 example.net）');
    expect(pointEntryLabel({ kind: 'refund', reference: 'transfer:12', idempotencyKey: 'transfer:12:refund' })).toBe('返還（他社からの移管）');
  });
  it('shows the transfer reference of a bank transfer', () => {
    expect(pointEntryLabel({ kind: 'bank_transfer', reference: 'bank_transfer:12345678', idempotencyKey: 'bank:3' })).toBe('銀行振込によるポイント購入（受付番号 12345678）');
  });
  it('falls back to the kind for anything else', () => {
    expect(pointEntryLabel({ kind: 'purchase', reference: 'payment_session:x', idempotencyKey: 'k:purchase' })).toBe('カード決済によるポイント購入');
    expect(pointEntryLabel({ kind: 'spend', reference: null, idempotencyKey: 'something' })).toBe('ご利用');
    expect(pointEntryLabel({ kind: 'grant', reference: null, idempotencyKey: 'g' })).toBe('ポイント付与');
  });
});
