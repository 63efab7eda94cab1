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
  moved: '移動完了・売上計上中',
  completed: '取引完了',
  refunding: '返金処理中',
  refunded: '返金済み',
  cancelled: '取消',
};

export const TRADE_STEP_LABELS: Record<string, string> = {
  order: '購入申込',
  pay: '代金のお預かり',
  move: 'ドメインの移動',
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
