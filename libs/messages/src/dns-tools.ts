/**
 * DNS templates and zone files (issue 29, items 2 and 3): the messages of the template picker, the zone file import
 * (one per line problem, shown as '12行目: …') and their history lines. Spread into M (messages.ts).
 */
export const DNS_TOOLS_MESSAGES = {
  // ---- zone file: reading
  zoneFileEmpty: 'ゾーンファイルの内容がありません',
  zoneFileTooLarge: 'ゾーンファイルが大きすぎます（{max}MBまで）',
  zoneFileParenClose: '対応する「(」のない「)」があります',
  zoneFileParenOpen: '「(」が閉じられていません',
  zoneFileQuote: '「"」で始まる文字列が行の終わりまでに閉じられていません',
  zoneFileOrigin: '$ORIGINにはドメイン名を1つ指定してください',
  zoneFileTtl: '$TTLには秒数（例: 3600、1h）を指定してください',
  zoneFileDirective: '{directive}には対応していません（$ORIGINと$TTLのみ使用できます）',
  zoneFileNoOwner: 'レコード名がありません（行頭が空白の行は直前のレコード名を引き継ぎます）',
  zoneFileClass: 'クラス{cls}には対応していません（INのみ使用できます）',
  zoneFileNoType: 'レコードタイプがありません',
  zoneFileUnsupportedType: '{TYPE}レコードはDNS設定で扱えないため読み込めません（A・AAAA・CNAME・MX・TXT・SRV・NSに対応）',
  zoneFileRdataCount: '{TYPE}レコードの値の数が正しくありません',
  zoneFileSoaSkipped: 'SOAレコードは当社ネームサーバーの値を使うため読み込みません',
  zoneFileApexNsSkipped: 'ドメイン名そのもの（@）のNSレコードは01〜04.dnsv.jpに固定されているため読み込みません',
  zoneFileDnssecSkipped: '{TYPE}レコードはDNSSECの署名で当社が作成するため読み込みません',
  zoneFileDsSkipped: 'DSレコードは親ゾーン（レジストリ）に登録するものなので読み込みません。DNS設定の画面で入力してください',
  zoneFileHasErrors: 'ゾーンファイルに誤りがあります。誤りのある行を直してから読み込んでください',
  zoneFileChangedSince: '確認のあとにDNSレコードが変更されました。もう一度内容を確認してください',
  zoneFileNoChanges: '変更はありません',
  zoneImported: 'ゾーンファイルを読み込みました（追加{add}件・変更{change}件・削除{remove}件）',
  // ---- templates
  dnsTemplateUnknown: 'テンプレートが見つかりません',
  dnsTemplateParamRequired: '{label}を入力してください',
  dnsTemplateParamIpv4: '{label}はIPv4アドレスで入力してください（例: 203.0.113.10）',
  dnsTemplateParamHost: '{label}はホスト名で入力してください（例: sv12345.xserver.jp）',
  dnsTemplateParamToken: '{label}に使用できない文字が含まれています（半角英数字と記号のみ）',
  dnsTemplateParamEmail: '{label}はメールアドレスで入力してください',
  dnsTemplateParamChoice: '{label}を選択してください',
  dnsTemplateConflictCname: '{host}にはCNAMEレコードがあるため、他のレコードを追加できません',
  dnsTemplateConflictOthers: '{host}には他のレコードがあるため、CNAMEレコードを追加できません',
  dnsTemplateConflictSet: '{host}には既に{TYPE}レコード（{values}）があります。先にDNS設定で削除してから適用してください',
  dnsTemplateConflictSpf: '{host}には既にSPFレコード（{value}）があります。SPFレコードは1つの名前に1つだけです。既存のSPFを編集して統合してください',
  dnsTemplateConflictDmarc: '{host}には既にDMARCレコード（{value}）があります。DMARCレコードは1つだけです',
  dnsTemplateRefused: 'テンプレートを適用できません',
  dnsTemplateNothing: '追加するレコードはありません（すべて設定済みです）',
  dnsTemplateApplied: 'テンプレート「{name}」を適用しました（追加{add}件・置き換え{change}件）',
  // ---- history lines (action log)
  dnsHistoryTemplate: 'DNSテンプレート「{name}」を適用（追加{add}件・置き換え{change}件）',
  dnsHistoryImport: 'ゾーンファイルを読み込み（追加{add}件・変更{change}件・削除{remove}件）',
  dnsHistorySubject: 'DNS設定',
} as const;
