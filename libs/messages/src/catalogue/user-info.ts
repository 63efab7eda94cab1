/** User information and SMS (000 §5, §8). Part of the catalogue M (catalogue/index.ts). */
export const enterCorrectly = '{field}を正しく入力してください';
export const phoneNoHyphen = '電話番号をハイフンなしで正しく入力してください';
export const enterPhone = '電話番号を入力してください';
export const smsCodeRequired = 'SMS認証番号は必ず指定してください';
