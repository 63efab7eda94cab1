/** Public tools and admin (002 §5, §8). Part of the catalogue M (catalogue/index.ts). */
export const enterDomainOrUrl = 'ドメインまたはURLを入力してください';
export const enterUrlCorrectly = 'URLを正しく入力してください';
export const enterDomain = 'ドメインを入力してください';
export const enterUserId = 'ユーザーIDを入力してください';
export const userIdDigits = 'ユーザーIDは半角数字で入力してください';
export const selectPriceGroup = '価格グループを選択してください';
export const enterAccountId = 'ラッコIDを入力してください';
export const accountIdDigits = 'ラッコIDは数字を入力してください';
export const enterDomainNames = 'ドメイン名を入力してください';
export const specifyAnyCondition = 'いずれかの検索条件を指定してください。';
export const customPriceListFailed = 'ユーザー一覧の取得中にエラーが発生しました';
export const customPriceRegisterFailed = '個別価格の登録中にエラーが発生しました';
export const customPriceRemoveFailed = '個別価格の解除中にエラーが発生しました';
export const customPriceRegistered = '個別価格設定を登録しました';
export const customPriceRemoved = '個別価格設定を解除しました';
// admin screens, not quoted by the specs (our wording, docs/admin.md)
export const adminDateInvalid = '日付はYYYY-MM-DDの形式で入力してください';
export const adminDateOrder = '終了日は開始日以降の日付を指定してください';
export const adminResultTypeInvalid = '結果の指定が正しくありません';
export const adminTextTooLong = '入力が長すぎます';
export const adminCommandRequired = 'コマンドを入力してください';
export const adminCommandLine = '{line}行目：「パラメータ=値」の形式で入力してください';
export const adminCommandNotAllowed = 'このコマンドは実行できません（実行できるコマンド：{allowed}）';
export const adminCommandParam = '{name}を指定してください';
