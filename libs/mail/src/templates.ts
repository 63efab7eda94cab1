import { PRODUCT } from '@registrar/messages';

/**
 * Every outbound mail's Japanese text. A template is a pure function of its parameters (JSON, so a queued job can carry
 * them); the mail worker renders it when it sends, so a template fix applies to mail still waiting in the queue.
 */
export interface RenderedMail {
  subject: string;
  text: string;
}

const S = PRODUCT.serviceName;
const footer = `\n\n--\n${S}\nこのメールは送信専用アドレスから送信しています。\nこのメールに心当たりがない場合は破棄してください。`;
const yen = (n: number) => `${Number(n).toLocaleString('ja-JP')}円`;
const rp = (n: number) => `${Number(n).toLocaleString('ja-JP')}${PRODUCT.pointUnit}`;
const lines = (xs: string[]) => xs.map((x) => `・${x}`).join('\n');

export interface ReceiptLine {
  name: string;
  years: number;
  amount: number;
}

export interface MailTemplates {
  'account.confirm-sign-up': { link: string };
  'account.password-reset': { link: string };
  'account.email-change': { link: string };
  /** to the OLD address once an e-mail change took effect, with a 7-day undo link */
  'account.email-changed-notice': { newEmail: string; link: string; days: number };
  /** to the account's address once its password changed (by the member or by a reset), with a 7-day undo link */
  'account.password-changed-notice': { link: string; days: number };
  /** registration done: order number and receipt */
  'domain.registration-done': { orderNumber: string; items: ReceiptLine[]; failed: Array<{ name: string; reason: string }>; total: number; receiptUrl?: string };
  'domain.renewal-done': { items: ReceiptLine[]; failed: Array<{ name: string; reason: string }>; total: number; receiptUrl?: string };
  'domain.auto-renew-done': { name: string; years: number; amount: number; newExpiry: string };
  'domain.auto-renew-failed': { name: string; expiry: string; reason: string };
  'domain.expiry-notice': { daysLeft: number; expiry: string; names: string[] };
  'domain.transfer-done': { name: string; newExpiry: string };
  'domain.transfer-rejected': { name: string; refunded: number; reason: string };
  'domain.transfer-out-requested': { name: string; deadline: string };
  'domain.move-requested': { names: string[]; fromAccount: string; link: string };
  'domain.move-request-sent': { name: string; toEmail: string; days: number };
  'domain.move-cancelled': { name: string; reason: string };
  'domain.cojp-deadline': { name: string; deadline: string; daysLeft: number };
  'domain.cojp-released': { name: string };
  /** a mail that reached a domain's WHOIS proxy address, forwarded to the member (whois-mail) */
  'whois-mail.forward': { domain: string; from: string; subject: string; receivedAt: string; content: string; emailId: number };
  /** the domain market (docs/market.md) */
  'market.listed': { domain: string; price: number; endsAt: string; link: string };
  'market.offer-received': { domain: string; amount: number; price: number; link: string };
  /** payBy: an accepted offer the buyer's points do not cover, to be paid on the trade's page by then (null: paid from the points) */
  'market.offer-answered': { domain: string; amount: number; accepted: boolean; link: string; payBy?: string | null };
  /** an accepted offer not paid by its due date (to the buyer and to the seller) */
  'market.offer-expired': { domain: string; tradeId: number; amount: number; buyer: boolean; link: string };
  'market.sold': { domain: string; tradeId: number; price: number; commission: number; payout: number; link: string };
  'market.bought': { domain: string; tradeId: number; price: number; link: string };
  'market.refunded': { domain: string; tradeId: number; price: number; reason: string };
  'market.payout-paid': { payoutId: number; amount: number; bank: string };
  'market.dispute-opened': { domain: string; tradeId: number; by: string; reason: string; link: string };
  'market.dispute-message': { domain: string; tradeId: number; by: string; body: string; link: string };
  'market.dispute-resolved': { domain: string; tradeId: number; outcome: string; note: string; link: string };
  /** to every super admin: a dispute was opened (kind opened, body its reason) or a party wrote in it (kind message) */
  'market.dispute-admin': { kind: 'opened' | 'message'; domain: string; tradeId: number; disputeId: number; by: string; body: string; link: string };
  'market.paid-late': { domain: string; tradeId: number; amount: number; link: string };
}

export type MailTemplateName = keyof MailTemplates;

type Renderers = { [K in MailTemplateName]: (p: MailTemplates[K]) => RenderedMail };

export const templates: Renderers = {
  'account.confirm-sign-up': ({ link }) => ({
    subject: `【${S}】メールアドレスの確認`,
    text: `${S}へのご登録ありがとうございます。\n以下のリンクから登録を完了してください（24時間有効）。\n\n${link}${footer}`,
  }),
  'account.password-reset': ({ link }) => ({
    subject: `【${S}】パスワードの再設定`,
    text: `パスワード再設定のご依頼を受け付けました。\n以下のリンクから新しいパスワードを設定してください（1時間有効）。\n\n${link}${footer}`,
  }),
  'account.email-change': ({ link }) => ({
    subject: `【${S}】メールアドレス変更の確認`,
    text: `メールアドレスの変更を受け付けました。\n以下のリンクから変更を完了してください（24時間有効）。\n\n${link}${footer}`,
  }),
  'account.email-changed-notice': ({ newEmail, link, days }) => ({
    subject: `【${S}】メールアドレス変更のお知らせ`,
    text: `お客様のアカウントのメールアドレスが ${newEmail} に変更されました。\n今後のお知らせは新しいメールアドレスに送信されます。\n\nお心当たりがない場合は、以下のリンクから変更を取り消してください（${days}日間有効）。取り消すとこのメールアドレスに戻り、すべての端末でログアウトします。その後、パスワードを再設定してください。\n\n${link}${footer}`,
  }),
  'account.password-changed-notice': ({ link, days }) => ({
    subject: `【${S}】パスワード変更のお知らせ`,
    text: `お客様のアカウントのパスワードが変更されました。\n\nお心当たりがない場合は、以下のリンクから変更を取り消してください（${days}日間有効）。取り消すと変更前のパスワードに戻り、すべての端末でログアウトします。\n\n${link}${footer}`,
  }),
  'domain.registration-done': ({ orderNumber, items, failed, total, receiptUrl }) => ({
    subject: `【${S}】ドメイン登録完了のお知らせ（注文番号 ${orderNumber}）`,
    text: [
      'ドメインの登録が完了しました。',
      '',
      `注文番号: ${orderNumber}`,
      '',
      '■ 領収内容（税込）',
      ...items.map((i) => `・${i.name}（${i.years}年）${yen(i.amount)}`),
      `合計: ${yen(total)}`,
      ...(failed.length ? ['', '■ 登録できなかったドメイン（ポイントは返還済みです）', lines(failed.map((f) => `${f.name}: ${f.reason}`))] : []),
      ...(receiptUrl ? ['', `領収書: ${receiptUrl}`] : []),
    ].join('\n') + footer,
  }),
  'domain.renewal-done': ({ items, failed, total, receiptUrl }) => ({
    subject: `【${S}】ドメイン更新完了のお知らせ`,
    text: [
      'ドメインの更新が完了しました。',
      '',
      '■ 領収内容（税込）',
      ...items.map((i) => `・${i.name}（${i.years}年）${yen(i.amount)}`),
      `合計: ${yen(total)}`,
      ...(failed.length ? ['', '■ 更新できなかったドメイン（ポイントは返還済みです）', lines(failed.map((f) => `${f.name}: ${f.reason}`))] : []),
      ...(receiptUrl ? ['', `領収書: ${receiptUrl}`] : []),
    ].join('\n') + footer,
  }),
  'domain.auto-renew-done': ({ name, years, amount, newExpiry }) => ({
    subject: `【${S}】自動更新完了のお知らせ（${name}）`,
    text: `自動更新設定に基づき、以下のドメインを更新しました。\n\nドメイン: ${name}\n更新年数: ${years}年\nお支払い: ${rp(amount)}\n新しい有効期限: ${newExpiry}${footer}`,
  }),
  'domain.auto-renew-failed': ({ name, expiry, reason }) => ({
    subject: `【${S}】自動更新に失敗しました（${name}）`,
    text: `自動更新設定に基づきドメインの更新を試みましたが、失敗しました。\n\nドメイン: ${name}\n有効期限: ${expiry}\n理由: ${reason}\n\nラッコポイントの残高が不足し、登録済みのクレジットカードでの決済もできませんでした。\n有効期限までにマイページから手動で更新してください。${footer}`,
  }),
  'domain.expiry-notice': ({ daysLeft, expiry, names }) => ({
    subject: `【${S}】ドメインの有効期限が近づいています（残り${daysLeft}日）`,
    text: `以下のドメインの有効期限（${expiry}）が${daysLeft}日後に迫っています。\n継続してご利用になる場合は、マイページから更新してください。\n\n${lines(names)}\n\n※ .jp ドメインの更新期限は有効期限日の22:00です。${footer}`,
  }),
  'domain.transfer-done': ({ name, newExpiry }) => ({
    subject: `【${S}】ドメイン移管完了のお知らせ（${name}）`,
    text: `ドメインの移管が完了しました。ドメイン管理画面でご確認いただけます。\n\nドメイン: ${name}\n有効期限: ${newExpiry}${footer}`,
  }),
  'domain.transfer-rejected': ({ name, refunded, reason }) => ({
    subject: `【${S}】ドメイン移管ができませんでした（${name}）`,
    text: `以下のドメインの移管は完了しませんでした。\n\nドメイン: ${name}\n理由: ${reason}\n\nお支払いいただいた ${rp(refunded)} はラッコポイントとして返還しました。${footer}`,
  }),
  'domain.transfer-out-requested': ({ name, deadline }) => ({
    subject: `【${S}】他社への移管申請がありました（${name}）`,
    text: `以下のドメインについて、他の事業者への移管申請がありました。\n\nドメイン: ${name}\n\nマイページのドメイン管理から承認または拒否を選べます。\n${deadline}までに操作がない場合は自動的に承認され、移管されます。${footer}`,
  }),
  'domain.move-requested': ({ names, fromAccount, link }) => ({
    subject: `【${S}】ドメイン移動の申請が届いています`,
    text: `${fromAccount} 様から、以下のドメインの移動申請が届いています。\n\n${lines(names)}\n\n以下のリンクから受け取りを承認してください（7日以内に承認されない場合は自動的に取り消されます）。\n${link}${footer}`,
  }),
  'domain.move-request-sent': ({ name, toEmail, days }) => ({
    subject: `【${S}】ドメイン移動を申請しました（${name}）`,
    text: `以下のドメインの移動を申請しました。移動先が受け取りを承認すると移動が完了します。\n\nドメイン: ${name}\n移動先メールアドレス: ${toEmail}\n\n${days}日以内に承認されない場合は自動的に取り消されます。マイページの「移動申請の取消」から取り消すこともできます。${footer}`,
  }),
  'domain.move-cancelled': ({ name, reason }) => ({
    subject: `【${S}】ドメイン移動の申請が取り消されました（${name}）`,
    text: `以下のドメインの移動申請は取り消されました。\n\nドメイン: ${name}\n理由: ${reason}${footer}`,
  }),
  'domain.cojp-deadline': ({ name, deadline, daysLeft }) => ({
    subject: `【${S}】仮登録ドメインの本登録期限が近づいています（${name}）`,
    text: `仮登録中の以下のドメインの本登録期限（${deadline}）まで残り${daysLeft}日です。\n期限までに本登録を申請しない場合、ドメインは削除されます。\n\nドメイン: ${name}\n\nマイページの「仮登録ドメインの本登録」から申請してください。${footer}`,
  }),
  'domain.cojp-released': ({ name }) => ({
    subject: `【${S}】仮登録ドメインが削除されました（${name}）`,
    text: `本登録期限を過ぎたため、以下の仮登録ドメインはレジストリにより削除されました。\n\nドメイン: ${name}${footer}`,
  }),
  'whois-mail.forward': ({ domain, from, subject, receivedAt, content, emailId }) => ({
    subject: `[WHOIS代理転送] ${domain} ${subject}`.trim(),
    text: `WHOIS代理公開中のドメイン ${domain} 宛てに届いたメールを転送します。\n差出人: ${from}\n件名: ${subject}\n受信日時: ${receivedAt}\n受信番号: ${emailId}\n\n――――――――――――――――――――\n${content}${footer}`,
  }),
  'market.listed': ({ domain, price, endsAt, link }) => ({
    subject: `【${S}】ドメインを出品しました（${domain}）`,
    text: `ドメインマーケットに以下のドメインを出品しました。\n\nドメイン: ${domain}\n販売価格: ${yen(price)}\n掲載終了日: ${endsAt}\n\n出品中は他ユーザーへの移動・ゴミ箱・AUTHCODEの取得（他社への移管）ができません。\n出品ページ: ${link}${footer}`,
  }),
  'market.offer-received': ({ domain, amount, price, link }) => ({
    subject: `【${S}】オファーが届きました（${domain}）`,
    text: `出品中のドメインに購入オファーが届きました。\n\nドメイン: ${domain}\nオファー金額: ${yen(amount)}（販売価格 ${yen(price)}）\n\n売上管理から承諾または辞退してください。\n${link}${footer}`,
  }),
  'market.offer-answered': ({ domain, amount, accepted, link, payBy }) => ({
    subject: `【${S}】オファーが${accepted ? '承諾' : '辞退'}されました（${domain}）`,
    text: accepted && payBy
      ? `${domain} へのオファー（${yen(amount)}）が承諾されました。\n保有ポイントが不足しているため、${payBy}までに取引ページでお支払いください（ポイントを先に使い、不足分をクレジットカードまたはウォレットでお支払いいただけます）。\n期限までにお支払いがない場合、取引は取り消されます。\n\nお支払い: ${link}${footer}`
      : accepted
      ? `${domain} へのオファー（${yen(amount)}）が承諾されました。ポイントでの決済とドメインの移動を進めます。\n取引の状況: ${link}${footer}`
      : `${domain} へのオファー（${yen(amount)}）は出品者により辞退されました。\n${link}${footer}`,
  }),
  'market.sold': ({ domain, tradeId, price, commission, payout, link }) => ({
    subject: `【${S}】ドメインが売れました（${domain}）`,
    text: `ドメインマーケットで以下のドメインが売れ、購入者への移動が完了しました。\n\n取引番号: ${tradeId}\nドメイン: ${domain}\n販売価格: ${yen(price)}\n手数料: ${yen(commission)}\n売上（ポイントで付与）: ${rp(payout)}\n\n売上管理: ${link}${footer}`,
  }),
  'market.bought': ({ domain, tradeId, price, link }) => ({
    subject: `【${S}】ドメインを購入しました（${domain}）`,
    text: `ドメインマーケットでの購入が完了し、ドメインがあなたのアカウントへ移動しました。\n\n取引番号: ${tradeId}\nドメイン: ${domain}\nお支払い: ${rp(price)}\n\nWHOIS情報は代理公開（または初期設定の連絡先）に切り替えています。自動更新はOFFです。\nドメイン管理: ${link}${footer}`,
  }),
  'market.refunded': ({ domain, tradeId, price, reason }) => ({
    subject: `【${S}】ドメイン購入を取り消し、返金しました（${domain}）`,
    text: `以下の取引は完了できなかったため取り消し、お支払いのポイントを全額返金しました。\n\n取引番号: ${tradeId}\nドメイン: ${domain}\n返金: ${rp(price)}\n理由: ${reason}${footer}`,
  }),
  'market.dispute-opened': ({ domain, tradeId, by, reason, link }) => ({
    subject: `【${S}】取引に異議が申し立てられました（${domain}）`,
    text: `以下の取引について${by}から異議が申し立てられました。解決するまで取引は一時停止し、代金はお預かりしたままとなります。\n運営が内容を確認し、取引ページのメッセージでご連絡します。\n\n取引番号: ${tradeId}\nドメイン: ${domain}\n申し立て内容: ${reason}\n\n${link}${footer}`,
  }),
  'market.dispute-message': ({ domain, tradeId, by, body, link }) => ({
    subject: `【${S}】異議申し立てに新しいメッセージがあります（${domain}）`,
    text: `取引番号 ${tradeId}（${domain}）の異議申し立てに${by}からメッセージが届きました。\n\n${body}\n\n${link}${footer}`,
  }),
  'market.dispute-resolved': ({ domain, tradeId, outcome, note, link }) => ({
    subject: `【${S}】異議申し立てが解決しました（${domain}）`,
    text: `取引番号 ${tradeId}（${domain}）の異議申し立てについて、運営が以下のとおり解決しました。\n\n結果: ${outcome}\n理由: ${note}\n\n${link}${footer}`,
  }),
  'market.offer-expired': ({ domain, tradeId, amount, buyer, link }) => ({
    subject: `【${S}】お支払い期限を過ぎたため取引を取り消しました（${domain}）`,
    text: `承諾されたオファー（${yen(amount)}）のお支払いが期限までに確認できなかったため、以下の取引を取り消しました。${buyer ? '代金はお預かりしていません。' : '出品は掲載中に戻りました。'}\n\n取引番号: ${tradeId}\nドメイン: ${domain}\n\n${link}${footer}`,
  }),
  'market.dispute-admin': ({ kind, domain, tradeId, disputeId, by, body, link }) => ({
    subject: kind === 'opened' ? `【${S}・運営】異議申し立てがありました（${domain}）` : `【${S}・運営】異議申し立てにメッセージがあります（${domain}）`,
    text: `${kind === 'opened' ? `取引番号 ${tradeId}（${domain}）について${by}から異議が申し立てられました。解決するまで取引は一時停止しています。` : `取引番号 ${tradeId}（${domain}）の異議申し立て（申し立て番号 ${disputeId}）に${by}からメッセージが届きました。`}\nドメイン売買の管理画面で内容を確認し、対応してください。\n\n${kind === 'opened' ? '申し立て内容' : 'メッセージ'}:\n${body}\n\n${link}${footer}`,
  }),
  'market.paid-late': ({ domain, tradeId, amount, link }) => ({
    subject: `【${S}】お支払いをポイントとしてお返ししました（${domain}）`,
    text: `取引番号 ${tradeId}（${domain}）は取り消された後にお支払い（${yen(amount)}）が確認されました。\nお支払い額はポイントとして残高に加算しています。\n\n${link}${footer}`,
  }),
  'market.payout-paid': ({ payoutId, amount, bank }) => ({
    subject: `【${S}】売上のお振込みが完了しました`,
    text: `振込申請（申請番号 ${payoutId}）の ${yen(amount)} を以下の口座へお振込みしました。\n\n${bank}${footer}`,
  }),
};

export function renderMail<K extends MailTemplateName>(name: K, params: MailTemplates[K]): RenderedMail {
  const r = templates[name] as ((p: MailTemplates[K]) => RenderedMail) | undefined;
  if (!r) throw new Error(`unknown mail template ${String(name)}`);
  return r(params);
}
