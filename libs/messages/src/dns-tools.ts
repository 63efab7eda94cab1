/**
 * DNS templates and zone files (issue 29, items 2 and 3): the messages of the template picker, the zone file import
 * (one per line problem, shown as '12行目: …') and their history lines. Part of the catalogue M (catalogue/index.ts).
 */
// ---- zone file: reading
export const zoneFileEmpty = 'ゾーンファイルの内容がありません';
export const zoneFileTooLarge = 'ゾーンファイルが大きすぎます（{max}MBまで）';
export const zoneFileParenClose = '対応する「(」のない「)」があります';
export const zoneFileParenOpen = '「(」が閉じられていません';
export const zoneFileQuote = '「"」で始まる文字列が行の終わりまでに閉じられていません';
export const zoneFileOrigin = '$ORIGINにはドメイン名を1つ指定してください';
export const zoneFileTtl = '$TTLには秒数（例: 3600、1h）を指定してください';
export const zoneFileDirective = '{directive}には対応していません（$ORIGINと$TTLのみ使用できます）';
export const zoneFileNoOwner = 'レコード名がありません（行頭が空白の行は直前のレコード名を引き継ぎます）';
export const zoneFileClass = 'クラス{cls}には対応していません（INのみ使用できます）';
export const zoneFileNoType = 'レコードタイプがありません';
export const zoneFileUnsupportedType = '{TYPE}レコードはDNS設定で扱えないため読み込めません（A・AAAA・CNAME・MX・TXT・SRV・NSに対応）';
export const zoneFileRdataCount = '{TYPE}レコードの値の数が正しくありません';
export const zoneFileSoaSkipped = 'SOAレコードは当社ネームサーバーの値を使うため読み込みません';
export const zoneFileApexNsSkipped = 'ドメイン名そのもの（@）のNSレコードは01〜04.dnsv.jpに固定されているため読み込みません';
export const zoneFileDnssecSkipped = '{TYPE}レコードはDNSSECの署名で当社が作成するため読み込みません';
export const zoneFileDsSkipped = 'DSレコードは親ゾーン（レジストリ）に登録するものなので読み込みません。DNS設定の画面で入力してください';
export const zoneFileHasErrors = 'ゾーンファイルに誤りがあります。誤りのある行を直してから読み込んでください';
export const zoneFileChangedSince = '確認のあとにDNSレコードが変更されました。もう一度内容を確認してください';
export const zoneFileNoChanges = '変更はありません';
export const zoneImported = 'ゾーンファイルを読み込みました（追加{add}件・変更{change}件・削除{remove}件）';
// ---- templates
export const dnsTemplateUnknown = 'テンプレートが見つかりません';
export const dnsTemplateParamRequired = '{label}を入力してください';
export const dnsTemplateParamIpv4 = '{label}はIPv4アドレスで入力してください（例: 203.0.113.10）';
export const dnsTemplateParamHost = '{label}はホスト名で入力してください（例: sv12345.xserver.jp）';
export const dnsTemplateParamToken = '{label}に使用できない文字が含まれています（半角英数字と記号のみ）';
export const dnsTemplateParamEmail = '{label}はメールアドレスで入力してください';
export const dnsTemplateParamChoice = '{label}を選択してください';
export const dnsTemplateConflictCname = '{host}にはCNAMEレコードがあるため、他のレコードを追加できません';
export const dnsTemplateConflictOthers = '{host}には他のレコードがあるため、CNAMEレコードを追加できません';
export const dnsTemplateConflictSet = '{host}には既に{TYPE}レコード（{values}）があります。先にDNS設定で削除してから適用してください';
export const dnsTemplateConflictSpf = '{host}には既にSPFレコード（{value}）があります。SPFレコードは1つの名前に1つだけです。既存のSPFを編集して統合してください';
export const dnsTemplateConflictDmarc = '{host}には既にDMARCレコード（{value}）があります。DMARCレコードは1つだけです';
export const dnsTemplateRefused = 'テンプレートを適用できません';
export const dnsTemplateNothing = '追加するレコードはありません（すべて設定済みです）';
export const dnsTemplateApplied = 'テンプレート「{name}」を適用しました（追加{add}件・置き換え{change}件）';
// ---- history lines (action log)
export const dnsHistoryTemplate = 'DNSテンプレート「{name}」を適用（追加{add}件・置き換え{change}件）';
export const dnsHistoryImport = 'ゾーンファイルを読み込み（追加{add}件・変更{change}件・削除{remove}件）';
export const dnsHistorySubject = 'DNS設定';
