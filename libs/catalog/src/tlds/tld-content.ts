/**
 * The FAQ and selling points of a TLD detail page, derived from the TLD's record and prices when no editor has
 * written its own (catalog.tld_content). Pure.
 */
import { TldPriceDto } from '@registrar/contracts';
import { formatYen } from '@registrar/rules';
import type { TldImportRow } from '../import/import-rows';

export interface TldContent {
  faq: { question: string; answer: string }[];
  points: string[];
}

const MAX_YEARS = 10;

export function defaultTldContent(t: TldImportRow, price: TldPriceDto, idnPrice: TldPriceDto | null): TldContent {
  const name = `.${t.tld_name}`;
  const yen = (n: number | null) => (n === null ? '—' : formatYen(n));
  const faq: TldContent['faq'] = [];
  faq.push({
    question: `${name}ドメインは誰でも登録できますか？`,
    answer: t.requirements ? `${name}の登録には条件があります。${t.requirements}` : `はい。${name}は個人・法人を問わず、どなたでも登録できます。`,
  });
  const campaign = price.is_register_campaign ? `（キャンペーン価格。通常価格は${yen(price.register_normal)}）` : '';
  faq.push({
    question: `${name}ドメインの料金はいくらですか？`,
    answer: `新規登録（初年度）は${yen(price.register)}${campaign}、更新は1年あたり${yen(price.renew)}です（いずれも税込）。2年目以降の登録料金は更新料金と同じです。`
      + (idnPrice ? `日本語ドメイン名は新規登録${yen(idnPrice.register)}、更新${yen(idnPrice.renew)}です。` : ''),
  });
  faq.push({
    question: `${name}ドメインは何年単位で登録できますか？`,
    answer: t.registration_unit > 1
      ? `${name}は${t.registration_unit}年単位の登録です。最短${t.minimum_years}年から最長${MAX_YEARS}年まで、${t.registration_unit}年ごとに選べます。`
      : `最短${t.minimum_years}年から最長${MAX_YEARS}年まで、1年単位で登録できます。`,
  });
  faq.push({
    question: 'WHOIS情報公開代行は使えますか？',
    answer: t.can_proxy ? `はい。${name}はWHOIS情報公開代行を無料でご利用いただけます。` : `${name}はレジストリの規則により、WHOIS情報公開代行をご利用いただけません。`,
  });
  const after: string[] = [];
  after.push(t.grace_period > 0 ? `有効期限日から${t.grace_period}日間は通常の更新料金で更新できます。` : '有効期限日を過ぎると通常の更新はできません。');
  after.push(t.restore_period > 0 ? `その後${t.restore_period}日間は、更新料金を含む復旧料金で取り戻せます。` : '期限切れ後の復旧（リストア）には対応していません。');
  faq.push({ question: '有効期限が過ぎるとどうなりますか？', answer: `更新期限は「${t.renewal_deadline}」です。${after.join('')}` });
  faq.push({
    question: '他社で登録した' + name + 'ドメインを移管できますか？',
    answer: !t.can_transfer
      ? `${name}は当サービスへの移管（トランスファー）を受け付けていません。`
      : price.free_transfer
        ? `はい。${name}は条件を満たせば無料で移管できます（移管しても有効期限は延長されません）。`
        : `はい。移管料金は${yen(price.transfer)}で、移管すると有効期限が1年延長されます。`,
  });

  const points: string[] = [];
  if (t.can_proxy) points.push('WHOIS情報公開代行が無料');
  points.push('DNS・APIが無料');
  points.push('別のIDへの移動・メールでの譲渡が無料');
  if (t.is_idn) points.push('日本語ドメイン名に対応');
  if (price.is_register_campaign) points.push(`今ならキャンペーン価格${yen(price.register)}で登録できます`);
  else if (price.is_register_special) points.push(`特別価格${yen(price.register)}で登録できます`);
  if (price.free_transfer) points.push('移管料金が無料');
  if (t.can_lock) points.push('ドメインロックで不正な移管を防止');
  return { faq, points };
}
