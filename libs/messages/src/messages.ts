/**
 * The one Japanese message catalogue shared by the server and the web app.
 * Messages quoted in the specifications are reproduced exactly; do not edit their text.
 * Templates use {name} placeholders, filled by `fmt`.
 */
export const M = {
  // ---- generic / session (002 §7, §8)
  sessionTimeout: 'セッションタイムアウト：ページを再読み込みします',
  errorOccurred: 'エラーが発生しました',
  errorOccurredDot: 'エラーが発生しました。',
  unexpectedError: '予期せぬエラー',
  unexpectedErrorOccurred: '予期せぬエラーが発生しました',
  unknownError: '不明なエラー',
  retryLater: 'しばらくしてから再度お試しください',
  errorRetryLaterParen: 'エラーが発生しました（しばらくしてから再度お試しください）',
  errorRetryLaterParenDot: 'エラーが発生しました。（しばらくしてから再度お試しください）',
  errorRetryLaterSpaced: 'エラーが発生しました （しばらくしてから再度お試しください）',
  noMatchingData: '一致するデータがありませんでした',
  noNotifications: 'お知らせはございません。',
  nextMonthPricesMissing: '来月TLD価格データが設定されていません',

  // ---- search (000 §5, 002 §5)
  keywordWhitespace: '空白を含むドメイン名/キーワードは利用できません',
  enterDomainCorrectly: 'ドメイン名を正しくご入力ください',
  includeTld: 'TLDを含めたドメイン名を入力してください',
  bulkMax500: '一括登録確認の件数は500件までにしてください',
  bulkFiveAtATime: 'ただいま一括のドメイン登録を制限しております。5ドメインずつご登録ください。',
  noMatchingDomains: '一致するドメインがありませんでした',
  unregistrableDomain: '{name}は登録不能ドメインのためカートに入れられませんでした',
  cartAddFailed: 'ドメインをカートに追加できませんでした。もう一度お試しください。',
  registerButtonGuest: '登録する',
  addToCart: 'カート追加',

  // ---- purchase (000 §5, §8)
  agreeTerms: '「利用規約に同意する」にチェックを入れてください',
  selectCard: 'カードを選択してください',
  agreeTermsWallet: '利用規約に同意してください',
  priceFetchFailed: '{domain}の価格取得に失敗しました',
  cardSessionFailed: 'カード決済によるポイント購入処理に失敗しました。',
  renewAccepted: '更新処理受付中',
  outOfPeriodDomain: '期間外ドメイン',

  // ---- .co.jp WHOIS (000 §5, 001 §5)
  orgMissing: '組織情報が未入力です',
  registrantMissing: '登録者情報が未入力です',
  techMissing: '技術担当者情報が未入力です',
  adminMissing: '管理担当者情報が未入力です',
  billingMissing: '経理担当情報が未入力です',
  futureRegistrationDate: '登録年月日には未来の年月日は登録できません。登記前の場合は仮登録してください。',
  futureRegistrationDateActivate: '登記年月日には未来の年月日は登録できません。登記完了後にご登録ください。',
  orgNameMismatch: '組織情報と登録者情報の組織名が一致していません',

  // ---- transfer-in (000 §5, §8)
  notTransferableTld: '移管対象外のTLDが含まれています',
  authcodeMissing: 'AUTHCODE未入力',
  transferNeedsWhois: 'WHOIS代理公開ができないドメインが含まれています。事前にWHOIS情報を追加してください。',

  // ---- user information and SMS (000 §5, §8)
  enterCorrectly: '{field}を正しく入力してください',
  phoneNoHyphen: '電話番号をハイフンなしで正しく入力してください',
  enterPhone: '電話番号を入力してください',
  smsCodeRequired: 'SMS認証番号は必ず指定してください',

  // ---- domain management (001 §5, §8)
  selectDomain: 'ドメインを選択してください',
  bulkLimit1000: '一括操作の上限は1000件です',
  selectDomainsToReceive: '受け取るドメインを選択してください',
  selectMoveRequests: '移動申請を選択してください',
  badSearchCondition: '検索条件が不正です: ',
  registrationDateRange: '登録日の開始日は終了日より早い日付を選択してください',
  expiryDateRange: '有効期限の開始日は終了日より早い日付を選択してください',
  jpContactCountry: 'JPドメインの場合は国名が日本のものを選択してください',
  nsAtLeastTwo: 'ネームサーバーは2つ以上設定してください',
  nsDuplicate: '同じネームサーバーが指定されています',
  nsBadChars: '使用できない文字が含まれています（使用可能文字：半角英数字.-）',
  memoEmpty: '{domain}が空欄です',
  memoSaved: 'メモの保存に成功しました',
  moveTargetRequired: '移動先ラッコIDまたはメールアドレスを入力してください',
  autoRenewDueToday: '本日有効期限のため変更できません',
  registerCard: 'カード情報を登録してください',
  authcodeUnlockFirst: 'AUTHCODEを取得する前にドメインロックを解除する必要があります',
  authcodeProxyOffFirst: 'AUTHCODEを取得する前にWHOIS代理公開を解除する必要があります',
  authcodeFailed: 'AUTHCODE取得失敗',
  dnsSelectType: 'TYPEを選択してください',
  dnsMax65535: '{FIELD}は65535以下の整数を設定してください',
  dnsNoRecords: 'DNSレコードは登録されていません',
  apiNeedsApiOn: 'API利用もONに設定してください',
  apiNeedsIps: '許可IPを設定してください',
  apiRequirement: 'APIのご利用には管理ドメイン10件以上またはラッコポイント10,000以上の保有が必要です',
  whoisChangeFailed: 'エラーにより変更に失敗しました',
  logsFetchFailed: 'ログの取得中にエラーが発生しました',
  logsNone: 'ログは0件です',
  noDomainInfo: 'ドメイン情報がありません',
  defaultSettingsSaved: '設定完了：ドメイン初期設定',
  apiSettingsSaved: '設定完了：API設定',
  unknownContactRole: '不明な種類',
  receiveChecked: 'チェックしたドメインを受け取る',
  noIncomingTransfers: '受け取り承認待ちのドメインがありませんでした。',

  // ---- public tools and admin (002 §5, §8)
  enterDomainOrUrl: 'ドメインまたはURLを入力してください',
  enterUrlCorrectly: 'URLを正しく入力してください',
  enterDomain: 'ドメインを入力してください',
  enterUserId: 'ユーザーIDを入力してください',
  userIdDigits: 'ユーザーIDは半角数字で入力してください',
  selectPriceGroup: '価格グループを選択してください',
  enterAccountId: 'ラッコIDを入力してください',
  accountIdDigits: 'ラッコIDは数字を入力してください',
  enterDomainNames: 'ドメイン名を入力してください',
  specifyAnyCondition: 'いずれかの検索条件を指定してください。',
  customPriceListFailed: 'ユーザー一覧の取得中にエラーが発生しました',
  customPriceRegisterFailed: '個別価格の登録中にエラーが発生しました',
  customPriceRemoveFailed: '個別価格の解除中にエラーが発生しました',
  customPriceRegistered: '個別価格設定を登録しました',
  customPriceRemoved: '個別価格設定を解除しました',
} as const;

export type MessageKey = keyof typeof M;

/** Fills {placeholders} of a catalogue message. */
export function fmt(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}
