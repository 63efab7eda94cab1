/**
 * Japanese text of the public API v1's errors (issue 17; not in the specifications: our wording, docs/public-api.md).
 * Each error carries a stable code besides; clients branch on the code, people read the message.
 */
export const API_MESSAGES = {
  apiKeyMissing: 'APIキーを X-API-Key ヘッダーで指定してください',
  apiKeyInvalid: 'APIキーが正しくありません',
  apiDisabled: 'API利用が有効になっていません。マイページのAPI設定で有効にしてください',
  apiIpNotAllowed: 'このIPアドレスからのAPI利用は許可されていません',
  apiRateLimited: 'リクエスト数が上限に達しました。しばらくしてから再度お試しください',
  apiAuthAttemptsExceeded: 'APIキーの認証失敗が多すぎます。しばらくしてから再度お試しください',
  apiValidation: 'リクエストの内容が正しくありません',
  apiDomainNotFound: '指定されたドメインが見つかりません',
  apiJobNotFound: '指定されたジョブが見つかりません',
  apiNotFound: '指定されたAPIは存在しません',
  apiPurchaseNotAllowed: 'ご購入の前にマイページでユーザー情報の登録と本人確認を完了してください',
  apiInternal: 'エラーが発生しました（しばらくしてから再度お試しください）',
} as const;
