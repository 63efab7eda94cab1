/**
 * DNS templates (issue 29, item 2): the records common services publish in their setup guides, added in one click.
 * Shared by the template picker (its parameter form) and the dns service (which plans, checks conflicts and applies).
 * Values a service gives per customer (its server's IP address, the mail server, the verification code) are asked.
 */
import { fmt, M } from '@registrar/messages';
import { DNS_TYPE, DnsRecordInput, isHostnameValue, isIPv4 } from './dns';

export type DnsTemplateParamKind = 'ipv4' | 'host' | 'token' | 'email' | 'choice';

export interface DnsTemplateParam {
  key: string;
  label: string;
  kind: DnsTemplateParamKind;
  required: boolean;
  /** where the member finds the value */
  description: string;
  placeholder?: string;
  /** a default the form fills in ({zone} and {zoneDashed} are replaced) */
  defaultValue?: string;
  choices?: { value: string; label: string }[];
}

export interface DnsTemplate {
  id: string;
  name: string;
  /** what it sets up, one sentence */
  description: string;
  /** the service's own setup guide */
  guideUrl: string;
  params: DnsTemplateParam[];
  records: (p: Record<string, string>, zone: string) => DnsRecordInput[];
}

const rec = (host_name: string, type: keyof typeof DNS_TYPE, record: string, ttl: number, extra: Partial<DnsRecordInput> = {}): DnsRecordInput => ({
  host_name, recode_type: DNS_TYPE[type], ttl, record, ...extra,
});

const ipParam = (service: string, where: string): DnsTemplateParam => ({
  key: 'ip', label: 'サーバーのIPアドレス', kind: 'ipv4', required: true, placeholder: '203.0.113.10', description: `${service}の${where}に表示されるIPアドレス`,
});

export const DNS_TEMPLATES: readonly DnsTemplate[] = [
  {
    id: 'google-workspace',
    name: 'Google Workspace',
    description: 'Gmailで独自ドメインのメールを受け取るMXレコード、SPF、ドメインの所有権確認のTXTレコードを追加します。',
    guideUrl: 'https://support.google.com/a/answer/140034',
    params: [
      { key: 'verification', label: '確認コード', kind: 'token', required: true, placeholder: 'google-site-verification=xxxxxxxx', description: 'Google 管理コンソールの「ドメインの所有権を確認」に表示されるTXTレコードの値' },
    ],
    records: (p) => [
      rec('', 'MX', 'smtp.google.com', 3600, { priority: 1 }),
      rec('', 'TXT', 'v=spf1 include:_spf.google.com ~all', 3600),
      rec('', 'TXT', p.verification.startsWith('google-site-verification=') ? p.verification : `google-site-verification=${p.verification}`, 3600),
    ],
  },
  {
    id: 'microsoft-365',
    name: 'Microsoft 365',
    description: 'Exchange OnlineのMXレコード、Outlookの自動設定（autodiscover）、SPF、ドメインの確認のTXTレコードを追加します。',
    guideUrl: 'https://learn.microsoft.com/ja-jp/microsoft-365/admin/get-help-with-domains/create-dns-records-at-any-dns-hosting-provider',
    params: [
      { key: 'verification', label: '確認コード', kind: 'token', required: true, placeholder: 'MS=ms12345678', description: 'Microsoft 365 管理センターの「ドメインの追加」に表示されるTXTレコードの値' },
      { key: 'mx', label: 'MXレコードの値', kind: 'host', required: true, defaultValue: '{zoneDashed}.mail.protection.outlook.com', description: '管理センターの「DNSレコードの追加」に表示される「ポイント先のアドレス」（通常はドメイン名の「.」を「-」にしたもの）' },
    ],
    records: (p) => [
      rec('', 'MX', p.mx, 3600, { priority: 0 }),
      rec('', 'TXT', p.verification.startsWith('MS=') ? p.verification : `MS=${p.verification}`, 3600),
      rec('', 'TXT', 'v=spf1 include:spf.protection.outlook.com -all', 3600),
      rec('autodiscover', 'CNAME', 'autodiscover.outlook.com', 3600),
    ],
  },
  {
    id: 'xserver',
    name: 'エックスサーバー',
    description: 'ドメイン名とwwwをエックスサーバーのサーバーに向け、メール（MX）とエックスサーバー標準のSPFを設定します。',
    guideUrl: 'https://www.xserver.ne.jp/manual/man_domain_namesetting.php',
    params: [
      ipParam('エックスサーバー', 'サーバーパネル「サーバー情報」'),
      { key: 'server', label: 'サーバー名', kind: 'host', required: true, placeholder: 'sv12345.xserver.jp', description: 'サーバーパネル「サーバー情報」のホスト名（sv○○○○.xserver.jp）' },
    ],
    records: (p, zone) => [
      rec('', 'A', p.ip, 3600),
      rec('www', 'A', p.ip, 3600),
      rec('', 'MX', zone, 3600, { priority: 0 }),
      rec('', 'TXT', `v=spf1 +a:${p.server} +a:${zone} +mx include:spf.sender.xserver.jp ~all`, 3600),
    ],
  },
  // さくらのレンタルサーバ, ConoHa WING and ロリポップ！: no SPF record (the earlier generic `a:<server> mx ~all` was
  // never checked). Their current official SPF guidance for a domain on another company's DNS could not be found
  // (searched 2026-11-27: help.sakura.ad.jp, support.conoha.jp, lolipop.jp/manual; what came back was third-party
  // posts or the provider's own DNS panel pages, e.g. https://help.sakura.ad.jp/domain/2712/, which give no SPF value),
  // so the description tells the member so and where to take the value from, instead of inventing one. The A and MX
  // values are the member's own, copied from the provider's panel (guideUrl).
  {
    id: 'sakura',
    name: 'さくらのレンタルサーバ',
    description: 'ドメイン名をさくらのレンタルサーバに向け、wwwを初期ドメインの別名にし、メール（MX）を初期ドメインに設定します。SPFレコードは追加しません（さくらインターネットの公式なSPFの推奨値を確認できなかったため）。メールを送る場合は、さくらのレンタルサーバのサポートサイトまたはコントロールパネルで案内されているSPFの値を、DNS設定でTXTレコードとして追加してください。',
    guideUrl: 'https://help.sakura.ad.jp/rs/2248/',
    params: [
      ipParam('さくらのレンタルサーバ', 'コントロールパネル「サーバー情報」'),
      { key: 'initial', label: '初期ドメイン', kind: 'host', required: true, placeholder: 'example.sakura.ne.jp', description: 'コントロールパネル「サーバー情報」の初期ドメイン（○○○.sakura.ne.jp）' },
    ],
    records: (p) => [
      rec('', 'A', p.ip, 3600),
      rec('www', 'CNAME', p.initial, 3600),
      rec('', 'MX', p.initial, 3600, { priority: 10 }),
    ],
  },
  {
    id: 'conoha-wing',
    name: 'ConoHa WING',
    description: 'ドメイン名とwwwをConoHa WINGのサーバーに向け、メールサーバー（MX）を設定します。SPF・DKIMのレコードは追加しません（ConoHa WINGの公式な推奨値を確認できなかったため）。メールを送る場合は、ConoHa WINGのコントロールパネル（メール管理）またはサポートサイトに表示されるSPF・DKIMの値を、DNS設定でTXTレコードとして追加してください。',
    guideUrl: 'https://support.conoha.jp/w/dns-settings/',
    params: [
      ipParam('ConoHa WING', 'コントロールパネル「サーバー管理」→「契約情報」'),
      { key: 'mail', label: 'メールサーバー', kind: 'host', required: true, placeholder: 'mail123.conoha.ne.jp', description: 'コントロールパネル「メール管理」→「メール設定」に表示されるメールサーバー名' },
    ],
    records: (p) => [
      rec('', 'A', p.ip, 3600),
      rec('www', 'A', p.ip, 3600),
      rec('', 'MX', p.mail, 3600, { priority: 10 }),
    ],
  },
  {
    id: 'lolipop',
    name: 'ロリポップ！',
    description: 'ドメイン名とwwwをロリポップ！のサーバーに向け、メールサーバー（MX）を設定します。SPFレコードは追加しません（ロリポップ！の公式なSPFの推奨値を確認できなかったため）。メールを送る場合は、ロリポップ！のマニュアルまたはユーザー専用ページで案内されているSPFの値を、DNS設定でTXTレコードとして追加してください。',
    guideUrl: 'https://lolipop.jp/manual/user/domain-dns/',
    params: [
      ipParam('ロリポップ！', 'ユーザー専用ページ「サーバーの管理・設定」→「独自ドメイン設定」'),
      { key: 'mail', label: 'メールサーバー', kind: 'host', required: true, placeholder: 'smtp.lolipop.jp', description: 'ユーザー専用ページ「メール」→「メール設定」に表示される受信・送信サーバー名' },
    ],
    records: (p) => [
      rec('', 'A', p.ip, 3600),
      rec('www', 'A', p.ip, 3600),
      rec('', 'MX', p.mail, 3600, { priority: 10 }),
    ],
  },
  {
    id: 'mail-security',
    name: 'メールのなりすまし対策（SPF・DMARC）',
    description: 'SPFレコード（このドメインのメールを送るサーバー）とDMARCレコード（認証に失敗したメールの扱いと報告先）を追加します。',
    guideUrl: 'https://support.google.com/a/answer/2466580',
    params: [
      { key: 'spf', label: 'SPFの送信元', kind: 'choice', required: true, defaultValue: 'mx', description: 'このドメインのメールを送るサーバー', choices: [
        { value: 'mx', label: 'MXレコードのサーバーから送る（v=spf1 mx ~all）' },
        { value: 'none', label: 'このドメインからはメールを送らない（v=spf1 -all）' },
      ] },
      { key: 'policy', label: 'DMARCポリシー', kind: 'choice', required: true, defaultValue: 'none', description: 'SPF・DKIMの認証に失敗したメールの扱い', choices: [
        { value: 'none', label: 'none（報告のみ。まずはこちら）' },
        { value: 'quarantine', label: 'quarantine（迷惑メールとして扱う）' },
        { value: 'reject', label: 'reject（受け取らない）' },
      ] },
      { key: 'rua', label: 'レポートの送り先', kind: 'email', required: false, placeholder: 'dmarc@example.com', description: '集計レポート（rua）を受け取るメールアドレス（空欄なら送られません）' },
    ],
    records: (p) => [
      rec('', 'TXT', p.spf === 'none' ? 'v=spf1 -all' : 'v=spf1 mx ~all', 3600),
      rec('_dmarc', 'TXT', `v=DMARC1; p=${p.policy}${p.rua ? `; rua=mailto:${p.rua}` : ''}`, 3600),
    ],
  },
];

export function dnsTemplate(id: unknown): DnsTemplate | undefined {
  return DNS_TEMPLATES.find((t) => t.id === id);
}

/** A parameter's default for a zone ({zone}, {zoneDashed}). */
export function templateDefault(p: DnsTemplateParam, zone: string): string {
  return (p.defaultValue ?? '').replace('{zoneDashed}', zone.replace(/\./g, '-')).replace('{zone}', zone);
}

const EMAIL = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/;

/** The parameters' errors by key (the picker shows them under each field; the service refuses with them). */
export function validateTemplateParams(t: DnsTemplate, values: Record<string, unknown>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const p of t.params) {
    const v = String(values?.[p.key] ?? '').trim();
    if (!v) {
      if (p.required) errors[p.key] = fmt(p.kind === 'choice' ? M.dnsTemplateParamChoice : M.dnsTemplateParamRequired, { label: p.label });
      continue;
    }
    const bad =
      (p.kind === 'ipv4' && !isIPv4(v) && M.dnsTemplateParamIpv4) ||
      (p.kind === 'host' && (!isHostnameValue(v.toLowerCase()) || !v.includes('.')) && M.dnsTemplateParamHost) ||
      (p.kind === 'token' && (!/^[\x21-\x7e]+$/.test(v) || v.length > 255) && M.dnsTemplateParamToken) ||
      (p.kind === 'email' && (!EMAIL.test(v) || v.length > 254) && M.dnsTemplateParamEmail) ||
      (p.kind === 'choice' && !p.choices?.some((c) => c.value === v) && M.dnsTemplateParamChoice);
    if (bad) errors[p.key] = fmt(bad, { label: p.label });
  }
  return errors;
}

/** The template's records for these (valid) parameters, trimmed. */
export function templateRecords(t: DnsTemplate, values: Record<string, unknown>, zone: string): DnsRecordInput[] {
  const p: Record<string, string> = {};
  for (const x of t.params) p[x.key] = String(values?.[x.key] ?? '').trim();
  for (const x of t.params) if (x.kind === 'host') p[x.key] = p[x.key].toLowerCase().replace(/\.$/, '');
  return t.records(p, zone.toLowerCase());
}
