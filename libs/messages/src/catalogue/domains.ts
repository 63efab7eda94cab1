/** Domain management (001 §5, §8). Part of the catalogue M (catalogue/index.ts). */
export const selectDomain = 'ドメインを選択してください';
export const bulkLimit1000 = '一括操作の上限は1000件です';
export const selectDomainsToReceive = '受け取るドメインを選択してください';
export const selectMoveRequests = '移動申請を選択してください';
export const badSearchCondition = '検索条件が不正です: ';
export const registrationDateRange = '登録日の開始日は終了日より早い日付を選択してください';
export const expiryDateRange = '有効期限の開始日は終了日より早い日付を選択してください';
export const jpContactCountry = 'JPドメインの場合は国名が日本のものを選択してください';
/** the registrant of an attribute-type JP domain (.or.jp, .ne.jp …) is the organisation itself (issue 26) */
/** the admin order page (issue 26): a ledger reference whose order does not exist */
export const adminOrderNotFound = '注文が見つかりません';
export const orgJpRegistrantOrganisation = '属性型JPドメインの登録者には、種別が「組織」のWHOIS情報を選択してください';
export const nsAtLeastTwo = 'ネームサーバーは2つ以上設定してください';
export const nsDuplicate = '同じネームサーバーが指定されています';
export const nsBadChars = '使用できない文字が含まれています（使用可能文字：半角英数字.-）';
export const memoEmpty = '{domain}が空欄です';
export const memoSaved = 'メモの保存に成功しました';
export const moveTargetRequired = '移動先ラッコIDまたはメールアドレスを入力してください';
export const autoRenewDueToday = '本日有効期限のため変更できません';
export const registerCard = 'カード情報を登録してください';
export const authcodeUnlockFirst = 'AUTHCODEを取得する前にドメインロックを解除する必要があります';
export const authcodeProxyOffFirst = 'AUTHCODEを取得する前にWHOIS代理公開を解除する必要があります';
export const authcodeFailed = 'AUTHCODE取得失敗';
export const dnsSelectType = 'TYPEを選択してください';
export const dnsMax65535 = '{FIELD}は65535以下の整数を設定してください';
export const apiNeedsApiOn = 'API利用もONに設定してください';
export const apiNeedsIps = '許可IPを設定してください';
export const apiRequirement = 'APIのご利用には管理ドメイン10件以上またはラッコポイント10,000以上の保有が必要です';
export const whoisChangeFailed = 'エラーにより変更に失敗しました';
export const logsFetchFailed = 'ログの取得中にエラーが発生しました';
export const logsNone = 'ログは0件です';
export const noDomainInfo = 'ドメイン情報がありません';
export const defaultSettingsSaved = '設定完了：ドメイン初期設定';
export const apiSettingsSaved = '設定完了：API設定';
export const unknownContactRole = '不明な種類';
export const receiveChecked = 'チェックしたドメインを受け取る';
export const noIncomingTransfers = '受け取り承認待ちのドメインがありませんでした。';
/** the default lock of a new domain, on its way to the registry (list and detail, docs/purchase.md) */
export const lockApplying = '設定中';
export const lockApplyingTooltip = 'ドメインロックをレジストリに設定しています';
export const lockFailedBadge = '設定失敗';
/** the default lock of a new domain could not be set: the reason follows; the member can set it from the list */
export const lockApplyFailed = 'ドメインロックを設定できませんでした。ドメインロックの変更からもう一度設定してください';
/** the same, as the admin back office says it (the member sets it again from their list; the reason follows) */
export const lockApplyFailedAdmin = 'ドメインロックをレジストリに設定できませんでした';
