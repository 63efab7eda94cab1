/**
 * DNS records (001 spec §5 "DNS", §8): the quoted messages exactly, then the semantic checks the spec leaves unworded.
 * Spread into M (messages.ts).
 */
export const DNS_MESSAGES = {
  // ---- quoted by 001
  dnsTypeRequired: 'TYPEを選択してください',
  dnsIntMax: '{FIELD}は65535以下の整数を設定してください',
  dnsNoRecords: 'DNSレコードは登録されていません',
  // ---- not quoted by the spec
  dnsTtlRange: 'TTLは60〜86400の整数を設定してください',
  dnsDigestLength: 'DIGESTはDIGEST TYPE {digestType}の場合{length}文字の16進数で入力してください',
  dnsAlgChoice: 'ALGを選択してください',
  dnsDigestTypeChoice: 'DIGEST TYPEを選択してください',
  dnsValueRequired: '値を入力してください',
  dnsIpv4: 'Aレコードの値はIPv4アドレスで入力してください',
  dnsIpv6: 'AAAAレコードの値はIPv6アドレスで入力してください',
  dnsHostnameValue: '{TYPE}レコードの値はホスト名で入力してください',
  dnsHostName: 'ホスト名に使用できない文字が含まれています（使用可能文字：半角英数字.-_*）',
  dnsOutOfZone: '{host}は{zone}のゾーン外です',
  dnsCnameConflict: '{host}にはCNAMEと他のレコードを同時に設定できません',
  dnsCnameApex: 'ドメイン名そのもの（@）にはCNAMEを設定できません',
  dnsApexNs: 'ドメイン名そのもの（@）のNSレコードは01〜04.dnsv.jpに固定されています',
  dnsSrvNames: 'SRVレコードのサービスとプロトコルを入力してください',
  dnsTxtAscii: 'TXTレコードには半角英数字・記号のみ使用できます',
  dnsTxtTooLong: 'TXTレコードは{max}文字以内で入力してください',
  dnsDuplicate: '同じレコードが重複しています（{host} {TYPE}）',
  dnsTooMany: 'DNSレコードは{max}件までです',
  dnsRowPrefix: '{n}行目: {message}',
  dnsOtherDnsInUse: '他社のDNS（ネームサーバー）をご利用中のため、このDNSレコードは公開されません。当社のDNSレコードと他社DNSは併用できません。',
  dnsUseOurNameServers: 'ネームサーバーを当社DNS（01〜04.dnsv.jp）に変更する',
  dnsSaved: 'DNSレコードを保存しました',
  dnsNameServerChangeAccepted: 'ネームサーバーの変更を受け付けました。変更が完了すると、保存したレコードが当社DNSから応答されます。',
  dnsDomainNotServed: 'このドメインのDNSは現在公開されていません（有効期限切れ、または他社DNSを利用中）',
  dnsRegistryDsFailed: 'レジストリへのDSレコードの登録に失敗しました',
} as const;
