/**
 * Japanese text of the WHOIS proxy mail inbox (002 spec). The labels follow the spec's type and status names; the
 * success messages of the two updates are not shown by the spec (our choice, docs/whois-mail.md).
 */
export const WHOIS_MAIL_TYPE_LABELS: Record<number, string> = {
  0: '非定型',
  1: '承認メール',
  2: '登録者名変更承認完了',
  3: 'DES OTE',
  4: 'WHOIS情報正確性確認',
  5: '上位レジストリからの有効期限通知',
  6: '移管不承認（WHOIS代理公開中）',
};

export const WHOIS_MAIL_STATUS_LABELS: Record<number, string> = {
  0: '未処理',
  1: '成功',
  2: '失敗',
};

export const WM = {
  heading: 'WHOIS代理公開メール受信箱',
  processing: '処理中',
  typeUpdated: 'タイプを変更しました',
  statusSucceeded: 'ステータスを成功に変更しました',
  typeInvalid: 'タイプが正しくありません',
  statusInvalid: 'ステータスが正しくありません',
  pageInvalid: 'ページが正しくありません',
  notFound: 'メールが見つかりません',
  typeChangedMeanwhile: 'タイプが変更されています。画面を再読み込みしてください',
  alreadySuccess: '既に成功になっています',
  busy: '処理中のため変更できません',
  noDomain: '宛先の代理公開アドレスに対応するドメインが見つかりません',
  linkHostRefused: 'リンク先 {host} は許可されていません',
  linkFailed: 'リンク先が {status} を返しました',
} as const;
