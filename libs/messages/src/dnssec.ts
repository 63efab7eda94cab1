/**
 * Japanese text of DNSSEC (issue 29 item 1; docs/dns.md "DNSSEC"). The specifications do not word DNSSEC, so these are
 * ours, in the style of the DNS messages.
 */
export const DS = {
  // states of the panel
  stateOff: '無効',
  stateSigning: '署名中',
  stateDsPending: 'DS登録待ち',
  stateActive: '有効',
  stateRolling: '鍵の更新中',
  stateRemoving: '無効化中',
  stateManual: '手動DS登録',
  // outcomes of the operation rows (action history)
  enabled: 'DNSSECを有効にしました（鍵タグ {keyTag}、アルゴリズム {alg}）',
  disabled: 'DNSSECを無効にしました（レジストリのDSレコードを削除し、署名を停止しました）',
  disabling: 'レジストリのDSレコードを削除しました。DSの有効期限が切れた後に署名を停止します',
  rollStarted: '鍵の更新を開始しました（新しい鍵タグ {keyTag}）。新旧のDSをレジストリに登録しました',
  rollDone: '鍵の更新が完了しました（鍵タグ {keyTag}）',
  manualSaved: 'DSレコードをレジストリに登録しました（{count}件）',
  manualRemoved: 'レジストリのDSレコードを削除しました',
  alreadyEnabled: 'DNSSECは既に有効です',
  alreadyDisabled: 'DNSSECは既に無効です',
  // refusals
  notOurDns: '当社ネームサーバー（01〜04.dnsv.jp）をご利用のドメインのみ、ワンクリックでDNSSECを有効にできます。他社DNSをご利用の場合はDSレコードを手動で登録してください',
  notServed: 'DNSゾーンが公開されていないため、DNSSECを有効にできません',
  notEnabled: 'DNSSECが有効ではないため、鍵を更新できません',
  busy: 'DNSSECの処理中です。しばらくしてから再度お試しください',
  manualOnOurDns: '当社DNSで署名中のドメインには手動でDSレコードを登録できません。先にDNSSECを無効にしてください',
  managedByPanel: 'DNSSECの設定中はDSレコードをDNS設定から変更できません。DNSSEC設定画面をご利用ください',
  registryFailed: 'レジストリへのDSレコード登録に失敗しました',
  registryMismatch: 'レジストリのDSレコードを確認できませんでした。しばらくしてから再度お試しください',
  signerFailed: 'ゾーンの署名に失敗しました。しばらくしてから再度お試しください',
  leavingRefused: 'ゾーンの公開停止に伴うDSレコードの削除をレジストリが受け付けませんでした（エラーコード: {code}）。DNSSECは有効のまま、ゾーンの公開を続けています',
  leavingUnreachable: 'ゾーンの公開停止に伴うDSレコードの削除でレジストリに接続できませんでした。DNSSECは有効のまま、ゾーンの公開を続けています（自動で再試行します）',
  // a save that would stop serving a signed zone, refused because the registry kept the DS (nothing was changed)
  saveDsRefusedExpired: 'ドメインの有効期限が切れているため、保存するとDNSゾーンの公開とDNSSECの署名が停止します。その前にレジストリのDSレコードを削除する必要がありますが、レジストリが削除を受け付けませんでした（{reason}）。{subject}は変更していません（DNSSECは有効のままです）。ドメインを更新してから、もう一度保存してください',
  saveDsRefusedNs: '当社ネームサーバーをご利用でないため、保存するとDNSゾーンの公開とDNSSECの署名が停止します。その前にレジストリのDSレコードを削除する必要がありますが、レジストリが削除を受け付けませんでした（{reason}）。{subject}は変更していません（DNSSECは有効のままです）。ドメインロック（更新禁止）を解除してから、もう一度保存してください。解決しない場合はサポートへお問い合わせください',
  reasonCode: 'エラーコード: {code}',
  subjectRecords: 'DNSレコード',
  subjectForwarding: '転送設定',
  reasonUnreachable: 'レジストリに接続できませんでした。時間をおいて再度お試しください',
  badAction: '操作の種類が正しくありません',
  // manual DS validation
  dsNone: 'DSレコードを1件以上入力してください',
  dsTooMany: 'DSレコードは{max}件までです',
  dsKeyTag: '{n}件目: 鍵タグ（Key Tag）は0〜65535の整数で入力してください',
  dsAlg: '{n}件目: アルゴリズムを一覧から選択してください',
  dsDigestType: '{n}件目: ダイジェストタイプは1（SHA-1）、2（SHA-256）、4（SHA-384）から選択してください',
  dsDigestHex: '{n}件目: ダイジェストは16進数（0-9、A-F）で入力してください',
  dsDigestLength: '{n}件目: ダイジェストタイプ{digestType}のダイジェストは{length}文字の16進数で入力してください（現在{actual}文字）',
  dsDuplicate: '{n}件目: 同じDSレコードが重複しています',
} as const;
