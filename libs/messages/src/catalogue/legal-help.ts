/** Legal pages, consent and the help centre (issue 25; docs/legal.md, docs/help-centre.md). Part of the catalogue M (catalogue/index.ts). */
export const signUpConsentRequired = '利用規約とプライバシーポリシーに同意いただく必要があります。内容をご確認のうえ「同意する」にチェックを入れてください。';
export const consentCheckboxLabel = '利用規約とプライバシーポリシーに同意する';
export const consentDocumentsInvalid = '同意する書類の指定が正しくありません。';
export const consentVersionChanged = '規約が改定されました。画面を再読み込みし、最新の内容をご確認のうえ同意してください。';
export const consentRecordFailed = '同意の記録に失敗しました。時間をおいて再度お試しください。';
export const reconsentRequired = '利用規約・プライバシーポリシーを改定しました。引き続きご利用いただくには、改定後の内容に同意してください。';
export const reconsentAgreed = '改定後の規約に同意いただきました。';
export const helpArticleNotFound = 'ヘルプ記事が見つかりません';
export const helpArticleSaved = 'ヘルプ記事を保存しました';
export const helpTitleRequired = 'タイトルを入力してください（120文字以内）';
export const helpSlugInvalid = 'スラッグは半角英小文字・数字・ハイフンで60文字以内で入力してください';
export const helpSlugTaken = 'このスラッグは他の記事で使われています';
export const helpCategoryInvalid = 'カテゴリーを選択してください';
export const helpBodyRequired = '本文を入力してください（100,000文字以内）';
export const helpSearchEmpty = '「{q}」に一致するヘルプ記事は見つかりませんでした。別のキーワードでお試しください。';
