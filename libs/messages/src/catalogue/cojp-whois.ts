/** .co.jp WHOIS (000 §5, 001 §5). Part of the catalogue M (catalogue/index.ts). */
export const orgMissing = '組織情報が未入力です';
export const registrationAddressFromPrefecture = '登記住所は都道府県名から入力してください';
export const registrantMissing = '登録者情報が未入力です';
export const techMissing = '技術担当者情報が未入力です';
export const adminMissing = '管理担当者情報が未入力です';
export const billingMissing = '経理担当情報が未入力です';
export const futureRegistrationDate = '登録年月日には未来の年月日は登録できません。登記前の場合は仮登録してください。';
export const futureRegistrationDateActivate = '登記年月日には未来の年月日は登録できません。登記完了後にご登録ください。';
export const receiptNotFound = '領収書が見つかりません';
export const activateNotProvisional = '仮登録中のドメインではありません';
export const activateDone = '本登録が完了しました';
export const activateFailed = '本登録の申請に失敗しました';
export const activateOrgHoldsCoJp = 'この組織はすでに.co.jpドメインを登録しています（.co.jpは1組織1ドメインです）';
export const activateReleased = '本登録期限を過ぎたため削除されました';
export const orgNameMismatch = '組織情報と登録者情報の組織名が一致していません';
