/** The admin's notification and announcement authoring (not in the specs; issue 16). Part of the catalogue M (catalogue/index.ts). */
export const notificationTitleRequired = 'タイトルを入力してください';
export const notificationTitleTooLong = 'タイトルは200文字以内で入力してください';
export const notificationTypeRequired = '種別を選択してください';
export const notificationReleaseDateInvalid = '日時を正しく入力してください';
export const notificationBodyRequired = '本文を入力してください';
export const notificationBodyTooLong = '本文は20000文字以内で入力してください';
export const announcementCategoryRequired = 'カテゴリを選択してください';
export const announcementContentRequired = '内容を入力してください';
export const announcementPeriodInvalid = '再表示までの日数は1〜365の半角数字で入力してください';
export const announcementEndBeforeStart = '掲載終了は掲載開始より後の日時を入力してください';
export const notificationNotFound = 'お知らせが見つかりません';
export const notificationSaved = 'お知らせを保存しました';
export const notificationDeleted = 'お知らせを削除しました';
