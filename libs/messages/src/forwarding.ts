/**
 * URL forwarding and mail forwarding (転送設定, issue 29 items 4 and 5). The specifications do not word these; the
 * choices are written down in docs/forwarding.md.
 */
export const FORWARDING_MESSAGES = {
  fwdHostInvalid: 'ホスト名に使用できない文字が含まれています（使用可能文字：半角英数字.-）',
  fwdHostTooLong: 'ホスト名が長すぎます',
  fwdUrlRequired: '転送先URLを入力してください',
  fwdUrlTooLong: '転送先URLは{max}文字以内で入力してください',
  fwdUrlScheme: '転送先URLは http:// または https:// で始まるURLを入力してください',
  fwdUrlInvalid: '転送先URLの形式が正しくありません',
  fwdUrlCredentials: '転送先URLにユーザー名・パスワードは含められません',
  fwdUrlLoop: '転送先URLが当社の転送設定のあるホスト（{host}）を指しているため、転送がループします。別のURLを指定してください',
  fwdStatusChoice: '転送方式は301（恒久的）または302（一時的）を選択してください',
  fwdDuplicateHost: '{host}にはすでにURL転送が設定されています',
  fwdTooMany: '転送設定は1ドメインにつき{max}件までです',
  fwdRecordConflict: '{host}にはA・AAAA・CNAMEレコードが設定されているため、URL転送を設定できません。先にDNS設定から該当のレコードを削除してください',
  fwdDnsConflict: '{host}はURL転送に使用中のため、A・AAAA・CNAMEレコードは設定できません。先に転送設定を削除してください',
  fwdMxConflict: 'メール転送を設定中のため、ドメイン名そのもの（@）のMXレコードは設定できません。先にメール転送を削除してください',
  fwdMailMxConflict: 'ドメイン名そのもの（@）にMXレコードが設定されているため、メール転送を設定できません。先にDNS設定からMXレコードを削除してください',
  fwdNotOurDns: '当社のネームサーバー（01〜04.dnsv.jp）をご利用のドメインのみ転送設定ができます',
  fwdLocalInvalid: '転送元のアドレスに使用できない文字が含まれています（使用可能文字：半角英数字.-_+、すべてのアドレスは*）',
  fwdMailTargetInvalid: '転送先のメールアドレスの形式が正しくありません',
  fwdMailLoop: '転送先のメールアドレスが当社のメール転送を設定したドメイン（{domain}）のため、転送がループします。別のアドレスを指定してください',
  fwdDuplicateAddress: '{address}にはすでにメール転送が設定されています',
  fwdNotFound: '指定された転送設定が見つかりません',
  fwdUrlSaved: 'URL転送を設定しました',
  fwdMailSaved: 'メール転送を設定しました',
  fwdDeleted: '転送設定を削除しました',
} as const;
