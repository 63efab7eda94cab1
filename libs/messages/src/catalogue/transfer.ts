/** Transfer-in (000 §5, §8). Part of the catalogue M (catalogue/index.ts). */
export const notTransferableTld = '移管対象外のTLDが含まれています';
export const authcodeMissing = 'AUTHCODE未入力';
export const transferNeedsWhois = 'WHOIS代理公開ができないドメインが含まれています。事前にWHOIS情報を追加してください。';
export const transferTooManyLines = '一度に移管申請できるのは{max}件までです';
export const transferTooCloseToExpiry = '有効期限まで{days}日以上あるドメインのみ移管できます';
export const transferTooSoonAfterRegistration = '登録または移管から60日以内のドメインは移管できません';
export const transferNotRegistered = '登録されていないドメインです';
export const transferAlreadyOurs = 'すでにラッコドメインで管理しているドメインです';
export const transferInProgress = '移管処理中のドメインです';
export const transferProhibited = 'ドメインロックが解除されていないか、ステータスがokではありません';
export const transferAuthcodeWrong = 'AUTHCODEが正しくありません';
export const transferRefused = '移管元のレジストリで移管申請が受け付けられませんでした';
export const transferDuplicate = '同じドメインが複数行に含まれています';
export const transferHoldGone = '移管申請の内容が見つかりませんでした。もう一度入力してください';
export const transferRequested = '移管申請を受け付けました（完了まで最大5日程度かかります）';
export const transferRejectedByLosing = '移管元の事業者により移管が拒否されました';
export const transferCancelledByRegistry = '移管が取り消されました';
export const transferExpired = '7日以内に移管が完了しなかったため、移管を取り消しました';
export const transferRefundedPoints = '移管できなかったため{point}ポイントを返還しました（{reason}）';
/** a transfer-in whose request never reached the registry in time (a process died, a service was away): given up by the money reconciler */
export const transferAbandoned = '移管申請の処理が時間内に完了しなかったため、お申し込みを取り消しました。引き落とされたポイントはすべて返還します。';
export const transferOutApproved = '移管を承認しました';
export const transferOutRejected = '移管を拒否しました';
export const transferOutGone = '承認待ちの移管申請がありませんでした';
export const selectTransferOuts = '移管申請を選択してください';
