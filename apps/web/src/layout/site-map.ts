/**
 * The links of the public header and footer (002 spec §2) and the services map the header's service tab and the
 * footer read: the provider's sibling services, keyed by number, each with url, short_name and name_jp.
 */
import { PRODUCT } from '@registrar/messages';

/** The service name sent to the account pages (sign-up, notices) as `service_name`. */
export const SERVICE_KEY = 'domain';

/** The terms of service (the footer's link, and the agreement checkboxes of checkout, renewal and transfer). */
export const TERMS_URL = '/knowledge/terms/';

export type { ServiceEntry } from '../lib/site-config';
import type { ServiceEntry } from '../lib/site-config';

/** The keyword tool of the tools service, with a domain as its target (001 §7), or null while no tools service exists. */
export function keywordToolUrl(services: Record<string, ServiceEntry>, domain: string): string | null {
  const tools = Object.values(services).find((s) => s.short_name === 'tools');
  return tools ? `${tools.url.replace(/\/?$/, '/')}keyword/?q=${encodeURIComponent(domain)}` : null;
}

export interface NavLink {
  to: string;
  label: string;
  /** shown only while the services map holds a service with this short_name (the domain market is our own: always shown) */
  requires?: string;
}

/** The links whose service exists (002 §2: the header and footer read the services map). */
export function visibleLinks(links: NavLink[], services: Record<string, ServiceEntry>): NavLink[] {
  const names = new Set(Object.values(services).map((s) => s.short_name));
  return links.filter((l) => !l.requires || names.has(l.requires));
}

/** Header navigation (002 spec §2 "Header links"). */
export const HEADER_LINKS: NavLink[] = [
  { to: '/search', label: 'ドメイン検索' },
  { to: '/mypage/transferin', label: 'ドメイン移管' },
  { to: '/domain/price', label: '料金一覧' },
  { to: '/market', label: 'ドメインマーケット' },
  { to: '/whois', label: 'WHOIS検索' },
  { to: '/tool/websiteConnectionCheck', label: '接続チェック' },
  { to: '/document/api/v1/', label: 'API' },
  { to: '/domain/deadline', label: '更新期限' },
  { to: '/notifications', label: 'お知らせ' },
  { to: '/knowledge/', label: 'ヘルプ' },
];

/** Footer columns (002 spec §2 "Footer links"). */
export const FOOTER_COLUMNS: { title: string; links: NavLink[] }[] = [
  {
    title: 'ドメイン',
    links: [
      { to: '/domain/price', label: '料金一覧' },
      { to: '/domain/deadline', label: '更新・復旧期限一覧' },
      { to: '/search', label: 'ドメイン検索' },
      { to: '/mypage/transferin', label: 'ドメイン移管' },
      { to: '/market', label: 'ドメインマーケット' },
    ],
  },
  {
    title: 'ツール',
    links: [
      { to: '/whois', label: 'WHOIS検索' },
      { to: '/tool/websiteConnectionCheck', label: 'Webサイト接続チェック' },
      { to: '/document/api/v1/', label: 'APIドキュメント' },
    ],
  },
  {
    title: 'サポート',
    links: [
      { to: '/knowledge/', label: 'ヘルプ・マニュアル' },
      { to: TERMS_URL, label: '利用規約' },
      { to: '/knowledge/privacy/', label: 'プライバシーポリシー' },
      { to: '/specified_commercial_transaction_law', label: '特定商取引法に基づく表記' },
      { to: '/company', label: '運営会社' },
      { to: '/qanda', label: 'よくある質問' },
    ],
  },
  {
    title: 'アカウント',
    links: [
      { to: '/login', label: 'ログイン' },
      { to: `/register?service_name=${SERVICE_KEY}`, label: `${PRODUCT.accountIdName}新規登録` },
      { to: '/password/reset', label: 'パスワード再設定' },
      { to: `/notifications?service_name=${SERVICE_KEY}`, label: 'お知らせ一覧' },
    ],
  },
];

/** The user menu of a signed-in user (002 spec §2). */
/** The member sidebar's pages (001 sidebar); phones reach them from the hamburger menu (the sidebar is hidden there). */
export const MYPAGE_LINKS: NavLink[] = [
  { to: '/mypage/domain', label: 'ドメイン管理' },
  { to: '/mypage/search', label: '新規登録' },
  { to: '/mypage/transferin', label: '移管' },
  { to: '/mypage/actionLog', label: '履歴' },
  { to: '/mypage/user/register', label: 'ユーザー情報' },
];

export const USER_MENU_LINKS: NavLink[] = [
  { to: '/mypage/domain', label: 'ドメイン管理' },
  { to: '/servers', label: 'サーバー管理', requires: 'server' },
  { to: '/me', label: 'アカウント情報' },
  { to: '/credit', label: 'クレジットカード' },
  { to: '/point', label: `${PRODUCT.pointName}` },
  { to: '/account_statement', label: '利用明細' },
  { to: '/security', label: 'セキュリティ' },
  { to: '/mail', label: 'メール配信設定', requires: 'mail' },
  { to: '/sales', label: '売上管理' },
];

/**
 * Pages linked from the header, footer and menus that no one has built yet. An unmatched URL on this list shows
 * "準備中" inside the layout instead of the 404 page; once a route exists it simply takes precedence.
 */
const PLANNED_PREFIXES = [
  '/search', '/mypage', '/market', '/whois', '/tool/websiteConnectionCheck', '/document/api/v1', '/notifications',
  '/login', '/register', '/password/reset', '/logout', '/me', '/credit', '/point', '/account_statement', '/security', '/sales',
];

export function isPlannedPage(pathname: string): boolean {
  const p = pathname.replace(/\/+$/, '') || '/';
  return PLANNED_PREFIXES.some((prefix) => p === prefix || p.startsWith(`${prefix}/`));
}

/** An in-app path (rendered with the router's Link) versus another site. */
export function isExternal(url: string): boolean {
  return /^https?:\/\//.test(url);
}
