import { DNS_MESSAGES } from './dns';

/**
 * The one Japanese message catalogue shared by the server and the web app.
 * Messages quoted in the specifications are reproduced exactly; do not edit their text.
 * Templates use {name} placeholders, filled by `fmt`.
 */
export const M = {
  ...DNS_MESSAGES,
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
  /** not in the specs: an unknown TLD on domain/tld/{tld_name} */
  tldNotFound: 'お探しのTLDは取り扱っていません',

  // ---- search (000 §5, 002 §5)
  keywordWhitespace: '空白を含むドメイン名/キーワードは利用できません',
  enterDomainCorrectly: 'ドメイン名を正しくご入力ください',
  includeTld: 'TLDを含めたドメイン名を入力してください',
  bulkMax500: '一括登録確認の件数は500件までにしてください',
  bulkFiveAtATime: 'ただいま一括のドメイン登録を制限しております。5ドメインずつご登録ください。',
  noMatchingDomains: '一致するドメインがありませんでした',
  unregistrableDomain: '{name}は登録不能ドメインのためカートに入れられませんでした',
  cartAddFailed: 'ドメインをカートに追加できませんでした。もう一度お試しください。',
  /** our choice: the spec has a maximum cart size but does not show its message */
  cartFull: 'カートに入れられるドメインは{max}件までです。{name}以降は追加されませんでした',
  /** payments (texts not shown in the spec; our choices) */
  cardDeclined: 'カードが拒否されました。別のカードをお試しください。',
  cardAuthenticationFailed: 'カードの本人認証（3Dセキュア）に失敗しました。',
  cardNotFound: '選択されたカードが見つかりません。カードを登録し直してください。',
  paymentAmountChanged: 'お支払い金額が変わりました。画面を再読み込みしてください。',
  paymentNotNeeded: 'ポイントで全額お支払いいただけるため、カード決済は不要です。',
  pointsInsufficient: 'ポイントが不足しています',
  bankTransferAmountRange: 'お振込金額は{min}円以上{max}円以下でご指定ください',
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

  // ---- accounts, sessions, two-factor, SMS (issue 5; not quoted by the specs: our wording, see docs/accounts.md)
  loginRequired: 'ログインしてください',
  forbidden: 'この操作を行う権限がありません',
  adminNeedsTwoFactor: '管理者アカウントは二段階認証の設定が必要です。セキュリティ設定から設定してください',
  badCredentials: 'メールアドレスまたはパスワードが正しくありません',
  emailNotConfirmed: 'メールアドレスの確認が完了していません。お送りしたメールのリンクから確認してください',
  loginThrottled: 'ログインの試行回数が上限に達しました。{minutes}分ほど時間をおいてから再度お試しください',
  emailTaken: 'このメールアドレスは既に登録されています',
  linkInvalid: 'リンクが無効か、有効期限が切れています',
  twoFactorInvalid: '認証コードが正しくありません',
  twoFactorAlreadyEnabled: '二段階認証は既に設定されています',
  twoFactorEnabled: '二段階認証を設定しました',
  twoFactorDisabled: '二段階認証を解除しました',
  currentPasswordWrong: '現在のパスワードが正しくありません',
  userNotFound: 'ユーザーが見つかりません',
  passwordRule: 'パスワードは8文字以上128文字以内で入力してください',
  passwordMismatch: 'パスワード（確認）が一致しません',
  signUpMailSent: '確認メールを送信しました。メールに記載のリンクから登録を完了してください',
  emailConfirmed: 'メールアドレスを確認しました。ログインしてください',
  resetMailSent: 'パスワード再設定用のメールを送信しました（ご登録がある場合のみ届きます）',
  passwordChanged: 'パスワードを変更しました',
  emailChangeMailSent: '新しいメールアドレスに確認メールを送信しました',
  emailChanged: 'メールアドレスを変更しました',
  profileRequired: 'ご利用の前にユーザー情報を登録してください',
  verificationRequired: 'ドメインのご購入にはSMS認証または本人確認が必要です。ユーザー情報登録ページで認証を完了してください',
  authRequired: 'SMS認証または本人確認を完了してください',
  userInfoSaved: 'ユーザー情報を登録しました',
  smsMobileOnly: 'SMS認証は070・080・090から始まる携帯電話番号のみご利用いただけます',
  smsSent: 'SMS認証番号を送信しました',
  smsCodeWrong: 'SMS認証番号が正しくありません',
  smsCodeExpired: 'SMS認証番号の有効期限が切れています。もう一度送信してください',
  smsTooManyAttempts: 'SMS認証番号の入力回数が上限に達しました。もう一度送信してください',
  smsResendWait: 'SMSの再送信は{seconds}秒後にお試しください',
  smsHourlyLimit: 'SMSの送信回数が上限に達しました。しばらくしてから再度お試しください',
  smsVerified: 'SMS認証が完了しました',
  identityApplied: '本人確認を申請しました',
  identityApproved: '本人確認を承認しました',
  // purchase (server side; not quoted by the specs)
  fieldRequired: '{field}は必須です',
  fieldTooLong: '{field}は{max}文字以内で入力してください',
  fieldLength: '{field}は{min}〜{max}文字で入力してください',
  tooManyDomains: '一度にご購入いただけるドメインは{max}件までです',
  priceChanged: '{domain}の価格が変更されました。もう一度お試しください',
  periodInvalid: '{domain}の登録年数が正しくありません',
  invalidDomainName: '{domain}はドメイン名として正しくありません',
  prereqRequired: '{domain}のWHOIS情報を登録してください',
  totalMismatch: 'お支払い金額が一致しません。もう一度お試しください',
  registrationFailed: 'ドメインの登録に失敗しました',
  domainTaken: 'このドメインは既に登録されています',
  refundedPoints: '登録に失敗したため{point}ポイントを返還しました（{reason}）',
} as const;

export type MessageKey = keyof typeof M;

/** Fills {placeholders} of a catalogue message. */
export function fmt(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}
