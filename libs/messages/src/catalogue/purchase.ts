/** Purchase (000 §5, §8). Part of the catalogue M (catalogue/index.ts). */
export const agreeTerms = '「利用規約に同意する」にチェックを入れてください';
export const selectCard = 'カードを選択してください';
export const agreeTermsWallet = '利用規約に同意してください';
export const priceFetchFailed = '{domain}の価格取得に失敗しました';
export const cardSessionFailed = 'カード決済によるポイント購入処理に失敗しました。';
export const renewAccepted = '更新処理受付中';
export const outOfPeriodDomain = '期間外ドメイン';
export const provisionalCannotRenew = '仮登録中のドメインは更新できません';
export const renewPeriodInvalid = '{domain}の更新年数が正しくありません';
export const renewFailed = '更新に失敗しました';
export const renewNotManaged = '当社で管理していないドメインのため更新できませんでした。他社へ移管済みでないかご確認ください';
export const renewRefundedPoints = '更新に失敗したため{point}ポイントを返還しました（{reason}）';
export const renewDomainNotFound = '{domain}は管理しているドメインではありません';
export const renewInProgress = '{domain}は更新処理中です';
export const tooManyRenewals = '一度に更新できるドメインは{max}件までです';
// the renewal result row's auto-renew option result (000 §3 "Renew result row")
export const renewAutoRenewOn = '自動更新: ONに設定しました';
export const renewAutoRenewLater = '自動更新: 更新の完了後にONになります';
export const renewAutoRenewFailed = '自動更新: 設定できませんでした';
