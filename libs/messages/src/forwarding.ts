/**
 * URL forwarding and mail forwarding (転送設定, issue 29 items 4 and 5). The specifications do not word these; the
 * choices are written down in docs/forwarding.md. Part of the catalogue M (catalogue/index.ts).
 */
export const fwdHostInvalid = 'ホスト名に使用できない文字が含まれています（使用可能文字：半角英数字.-）';
export const fwdHostTooLong = 'ホスト名が長すぎます';
export const fwdUrlRequired = '転送先URLを入力してください';
export const fwdUrlTooLong = '転送先URLは{max}文字以内で入力してください';
export const fwdUrlScheme = '転送先URLは http:// または https:// で始まるURLを入力してください';
export const fwdUrlInvalid = '転送先URLの形式が正しくありません';
export const fwdUrlCredentials = '転送先URLにユーザー名・パスワードは含められません';
export const fwdUrlLoop = '転送先URLが当社の転送設定のあるホスト（{host}）を指しているため、転送がループします。別のURLを指定してください';
export const fwdStatusChoice = '転送方式は301（恒久的）または302（一時的）を選択してください';
export const fwdDuplicateHost = '{host}にはすでにURL転送が設定されています';
export const fwdTooMany = '転送設定は1ドメインにつき{max}件までです';
export const fwdRecordConflict = '{host}にはA・AAAA・CNAMEレコードが設定されているため、URL転送を設定できません。先にDNS設定から該当のレコードを削除してください';
export const fwdDnsConflict = '{host}はURL転送に使用中のため、A・AAAA・CNAMEレコードは設定できません。先に転送設定を削除してください';
export const fwdMxConflict = 'メール転送を設定中のため、ドメイン名そのもの（@）のMXレコードは設定できません。先にメール転送を削除してください';
export const fwdMailMxConflict = 'ドメイン名そのもの（@）にMXレコードが設定されているため、メール転送を設定できません。先にDNS設定からMXレコードを削除してください';
export const fwdNotOurDns = '当社のネームサーバー（01〜04.dnsv.jp）をご利用のドメインのみ転送設定ができます';
export const fwdLocalInvalid = '転送元のアドレスに使用できない文字が含まれています（使用可能文字：半角英数字.-_+、すべてのアドレスは*）';
export const fwdMailTargetInvalid = '転送先のメールアドレスの形式が正しくありません';
export const fwdMailLoop = '転送先のメールアドレスが当社のメール転送を設定したドメイン（{domain}）のため、転送がループします。別のアドレスを指定してください';
export const fwdDuplicateAddress = '{address}にはすでにメール転送が設定されています';
export const fwdNotFound = '指定された転送設定が見つかりません';
export const fwdUrlSaved = 'URL転送を設定しました';
export const fwdMailSaved = 'メール転送を設定しました';
export const fwdDeleted = '転送設定を削除しました';
export const fwdCertPending = '発行中';
export const fwdCertValid = '有効（期限 {date}）';
export const fwdCertFailed = '発行失敗';
export const fwdCertValidationFailed = '{host}の所有確認（HTTP-01）に失敗しました。ネームサーバーが当社のもので、{host}のA・AAAAレコードが転送サービスを指していることをご確認ください（{detail}）';
export const fwdCertCaFailed = '認証局での証明書の発行に失敗しました（{detail}）';
