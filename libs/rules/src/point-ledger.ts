import { toUnicode } from './search';

/** A ledger entry as the ラッコポイント page shows it (the orders service's PointEntryDto fields it needs). */
export interface LedgerEntryLike {
  kind: 'grant' | 'purchase' | 'spend' | 'refund' | 'card_surplus' | 'bank_transfer' | 'adjust';
  reference: string | null;
  idempotencyKey: string;
}

const KIND_LABEL: Record<LedgerEntryLike['kind'], string> = {
  grant: 'ポイント付与', purchase: 'カード決済によるポイント購入', spend: 'ご利用', refund: '返還', card_surplus: 'カード決済の差額付与', bank_transfer: '銀行振込によるポイント購入', adjust: '調整',
};
const WHAT: Record<string, string> = { order: 'ドメイン登録', renew: 'ドメイン更新', renewal: 'ドメイン更新', transfer: '他社からの移管' };

/**
 * What a ledger entry was for, in the member's words: 「ドメイン更新 example.com」 for a spend, 「返還（ドメイン登録
 * example.jp）」 for a refund, the transfer reference number for a bank transfer. The domain comes from the entry's
 * key (`order:{id}:{punycode}:spend`, `renew:{id}:{punycode}:refund`), shown in its Japanese form.
 */
export function pointEntryLabel(e: LedgerEntryLike): string {
  const base = KIND_LABEL[e.kind] ?? e.kind;
  if (e.kind === 'bank_transfer') {
    const ref = /^bank_transfer:(\d+)$/.exec(e.reference ?? '')?.[1];
    return ref ? `${base}（受付番号 ${ref}）` : base;
  }
  if (e.kind !== 'spend' && e.kind !== 'refund') return base;
  const keyed = /^(order|renew):[^:]+:([^:]+):(?:spend|refund)$/.exec(e.idempotencyKey);
  const prefix = keyed?.[1] ?? /^(order|renewal|transfer):/.exec(e.reference ?? '')?.[1];
  const what = prefix ? WHAT[prefix] : undefined;
  if (!what) return base;
  const subject = keyed ? `${what} ${toUnicode(keyed[2]!)}` : what;
  return e.kind === 'spend' ? subject : `返還（${subject}）`;
}
