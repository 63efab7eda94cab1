/**
 * Japanese text of the domain market (docs/market.md). The specifications name the market's pages but none of its
 * messages, so these are ours, in the style of the rest of the catalogue.
 */
export const MK = {
  // listing
  listed: '出品中のドメインです。出品を取り消してから操作してください',
  listedShort: '出品中',
  alreadyListed: 'このドメインは既に出品中です',
  inTrash: 'ゴミ箱にあるドメインは出品できません',
  transferLock: 'ドメインの登録・移管から60日間は出品できません',
  operationRunning: '処理中の操作があるため出品できません',
  transferOutPending: '他社への移管申請中のドメインは出品できません',
  expiresSoon: '有効期限まで30日未満のドメインは出品できません',
  priceRequired: '販売価格を入力してください',
  priceRange: '販売価格は1,000円以上1億円以下の整数で入力してください',
  minOfferRange: '最低オファー価格は1,000円以上、販売価格未満で入力してください',
  descriptionTooLong: '説明文は2,000文字以内で入力してください',
  endsAtInvalid: '掲載終了日は明日以降、180日以内の日付を指定してください',
  listingNotFound: '出品が見つかりません',
  listingNotActive: 'この出品は現在購入できません',
  cannotCancelTrading: '取引中のため出品を取り消せません',
  cannotBuyOwn: '自分の出品は購入できません',
  tradeRunning: 'この出品は他の方が購入手続き中です',
  insufficientPoints: 'ポイント残高が不足しています。ポイントを購入してから再度お試しください',
  hidden: '運営により非公開にされた出品です',
  hideReasonRequired: '非公開の理由を入力してください',
  // offers
  offerTooLow: '最低オファー価格以上の金額を入力してください',
  offerOverPrice: 'オファー金額は販売価格未満で入力してください',
  offersClosed: 'この出品はオファーを受け付けていません',
  offerNotFound: 'オファーが見つかりません',
  offerPending: 'この出品には既にオファー中です',
  // trades
  tradeNotFound: '取引が見つかりません',
  cannotCancelTrade: 'ドメインの移動が完了した取引は取り消せません',
  tradeBusy: '処理中のため取り消せません。しばらくしてから再度お試しください',
  cancelReasonRequired: '取消の理由を入力してください',
  moveFailed: 'ドメインを購入者へ移動できませんでした',
  // paying by card or wallet
  payMethodInvalid: 'お支払い方法を選択してください',
  payAmountChanged: 'お支払い金額が変わりました。画面を再読み込みしてください。',
  payNotNeeded: 'ポイント残高でお支払いいただけます。お支払い方法「ポイント」を選択してください',
  cardRequired: 'お支払いに使うクレジットカードを選択してください',
  paymentFailed: 'お支払いができませんでした。別のお支払い方法をお試しください',
  paymentTimedOut: 'お支払いが期限内に確認できなかったため、購入を取り消しました',
  paidAfterCancel: '取引の取消後にお支払いを確認しました。お支払い額はポイントとしてお返ししています',
  // paying an accepted offer (the buyer pays on the trade's page by the due date)
  offerPayNotAwaited: 'この取引はお支払いを受け付けていません',
  offerPayExpired: 'お支払い期限までにお支払いがなかったため、取引を取り消しました',
  offerAwaitingPayment: 'オファーが承諾されました。お支払い期限までにお支払いください',
  // receipt and disputes
  receiptNotAllowed: 'ドメインの移動が完了した取引のみ受け取りを確認できます',
  disputeWindowClosed: '売上が計上された後の取引には異議を申し立てられません',
  disputeReasonRequired: '申し立ての内容を入力してください',
  disputeReasonTooLong: '申し立ての内容は2,000文字以内で入力してください',
  disputeExists: 'この取引には既に申し立てがあります',
  disputeNotFound: '申し立てが見つかりません',
  disputeClosed: 'この申し立ては解決済みです',
  messageRequired: 'メッセージを入力してください',
  messageTooLong: 'メッセージは2,000文字以内で入力してください',
  resolutionRequired: '解決内容（出品者へ支払う／購入者へ返金する）と理由を入力してください',
  disputeHeld: '申し立て中のため、取引は一時停止しています',
  disputeOpenCancel: '異議申し立ての対応中の取引は取り消せません。申し立ての解決（購入者へ返金）から処理してください',
  returnFailed: 'ドメインを出品者へ戻せませんでした。ドメインの状態を確認してください',
  // payouts
  payoutMin: '振込申請は1,000円以上から可能です',
  payoutOver: '申請額が振込可能な売上を超えています',
  bankRequired: '振込先口座の情報をすべて入力してください',
  accountNumberInvalid: '口座番号は7桁の数字で入力してください',
  payoutNotFound: '振込申請が見つかりません',
  payoutEnded: 'この振込申請は既に処理済みです',
} as const;

/** The steps of a trade, as both sides read them. */
export const TRADE_STATUS_LABELS: Record<string, string> = {
  paying: '決済中',
  escrowed: '決済完了（お預かり中）',
  moving: 'ドメイン移動中',
  moved: '移動完了（受取確認期間）',
  completed: '取引完了',
  refunding: '返金処理中',
  refunded: '返金済み',
  cancelled: '取消',
};

export const TRADE_STEP_LABELS: Record<string, string> = {
  order: '購入申込',
  pay: '代金のお預かり',
  move: 'ドメインの移動',
  release: '受取確認',
  dispute: '異議申し立て',
  return: 'ドメインの返還',
  credit: '売上の計上',
  refund: '購入者への返金',
  cancel: '取消',
};

/** The state of one step of a trade. */
export const STEP_STATUS_LABELS: Record<string, string> = { done: '完了', started: '開始', failed: '失敗' };

export const LISTING_STATUS_LABELS: Record<string, string> = {
  active: '出品中',
  trading: '取引中',
  sold: '売却済み',
  cancelled: '取消済み',
  expired: '掲載終了',
};

export const PAYOUT_STATUS_LABELS: Record<string, string> = {
  requested: '申請中',
  paid: '振込済み',
  rejected: '却下',
};

export const PAY_METHOD_LABELS: Record<string, string> = { points: 'ポイント', card: 'クレジットカード', wallet: 'ウォレット' };

export const DISPUTE_STATUS_LABELS: Record<string, string> = { open: '対応中', released: '解決（出品者へ支払い）', refunded: '解決（購入者へ返金）' };

export const DISPUTE_ROLE_LABELS: Record<string, string> = { buyer: '購入者', seller: '出品者', admin: '運営' };
