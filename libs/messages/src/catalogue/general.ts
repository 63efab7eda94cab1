/** Generic and session messages, the stats checks and the unknown TLD (002 §7, §8). Part of the catalogue M (catalogue/index.ts). */
export const sessionTimeout = 'セッションタイムアウト：ページを再読み込みします';
export const errorOccurred = 'エラーが発生しました';
export const errorOccurredDot = 'エラーが発生しました。';
export const unexpectedError = '予期せぬエラー';
export const unexpectedErrorOccurred = '予期せぬエラーが発生しました';
export const unknownError = '不明なエラー';
export const retryLater = 'しばらくしてから再度お試しください';
export const errorRetryLaterParen = 'エラーが発生しました（しばらくしてから再度お試しください）';
export const errorRetryLaterParenDot = 'エラーが発生しました。（しばらくしてから再度お試しください）';
export const errorRetryLaterSpaced = 'エラーが発生しました （しばらくしてから再度お試しください）';
export const noMatchingData = '一致するデータがありませんでした';
export const noNotifications = 'お知らせはございません。';
export const nextMonthPricesMissing = '来月TLD価格データが設定されていません';
/** not in the specs: the stats query's checks */
export const statsYearInvalid = '年を正しく選択してください';
export const statsQuarterInvalid = '集計単位を正しく選択してください';
/** not in the specs: an unknown TLD on domain/tld/{tld_name} */
export const tldNotFound = 'お探しのTLDは取り扱っていません';
