/**
 * DNS records (001 spec §5 "DNS", §8): the quoted messages exactly, then the semantic checks the spec leaves unworded.
 * Part of the catalogue M (catalogue/index.ts).
 */
// ---- quoted by 001
export const dnsTypeRequired = 'TYPEを選択してください';
export const dnsIntMax = '{FIELD}は65535以下の整数を設定してください';
export const dnsNoRecords = 'DNSレコードは登録されていません';
// ---- not quoted by the spec
export const dnsTtlRange = 'TTLは60〜86400の整数を設定してください';
export const dnsDigestLength = 'DIGESTはDIGEST TYPE {digestType}の場合{length}文字の16進数で入力してください';
export const dnsAlgChoice = 'ALGを選択してください';
export const dnsDigestTypeChoice = 'DIGEST TYPEを選択してください';
export const dnsValueRequired = '値を入力してください';
export const dnsIpv4 = 'Aレコードの値はIPv4アドレスで入力してください';
export const dnsIpv6 = 'AAAAレコードの値はIPv6アドレスで入力してください';
export const dnsHostnameValue = '{TYPE}レコードの値はホスト名で入力してください';
export const dnsHostName = 'ホスト名に使用できない文字が含まれています（使用可能文字：半角英数字.-_*）';
export const dnsOutOfZone = '{host}は{zone}のゾーン外です';
export const dnsCnameConflict = '{host}にはCNAMEと他のレコードを同時に設定できません';
export const dnsCnameApex = 'ドメイン名そのもの（@）にはCNAMEを設定できません';
export const dnsApexNs = 'ドメイン名そのもの（@）のNSレコードは01〜04.dnsv.jpに固定されています';
export const dnsSrvNames = 'SRVレコードのサービスとプロトコルを入力してください';
export const dnsTxtAscii = 'TXTレコードには半角英数字・記号のみ使用できます';
export const dnsTxtTooLong = 'TXTレコードは{max}文字以内で入力してください';
export const dnsDuplicate = '同じレコードが重複しています（{host} {TYPE}）';
export const dnsTooMany = 'DNSレコードは{max}件までです';
export const dnsRowPrefix = '{n}行目: {message}';
export const dnsOtherDnsInUse = '他社のDNS（ネームサーバー）をご利用中のため、このDNSレコードは公開されません。当社のDNSレコードと他社DNSは併用できません。';
export const dnsUseOurNameServers = 'ネームサーバーを当社DNS（01〜04.dnsv.jp）に変更する';
export const dnsSaved = 'DNSレコードを保存しました';
export const dnsNameServerChangeAccepted = 'ネームサーバーの変更を受け付けました。変更が完了すると、保存したレコードが当社DNSから応答されます。';
export const dnsDomainNotServed = 'このドメインのDNSは現在公開されていません（有効期限切れ、または他社DNSを利用中）';
export const dnsRegistryDsFailed = 'レジストリへのDSレコードの登録に失敗しました';
