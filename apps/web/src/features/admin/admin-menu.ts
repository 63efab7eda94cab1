/**
 * The admin side menu (002 spec §2 "Admin screens", §6 roles). ONE list: add a line here when you add an admin screen
 * (docs/admin.md). `superOnly` items are hidden from normal admins; the server refuses their calls with 403 anyway.
 * A normal admin's menu is the dashboard and exactly 002 §6's four: domain management, domain info, action log,
 * registrar log (the user page stays reachable from a domain's owner link, read-only).
 * `external` items are full page loads served by the gateway (not SPA routes).
 */
export interface AdminMenuItem {
  to: string;
  label: string;
  superOnly?: boolean;
  external?: boolean;
  group: 'home' | 'domains' | 'logs' | 'users' | 'catalog' | 'system';
}

export const ADMIN_MENU: readonly AdminMenuItem[] = [
  // where /admin opens (issue 26): every admin; super-only figures are left out for normal admins by the server
  { to: '/admin', label: 'ダッシュボード', group: 'home' },
  { to: '/admin/domains', label: 'ドメイン管理', group: 'domains' },
  { to: '/admin/domains/info', label: 'ドメイン情報', group: 'domains' },
  { to: '/admin/domains/import', label: 'ドメインインポート', superOnly: true, group: 'domains' },
  { to: '/admin/action_log', label: 'アクションログ', group: 'logs' },
  { to: '/admin/onamae_log', label: 'レジストラログ', group: 'logs' },
  { to: '/admin/audit_log', label: '管理操作ログ', superOnly: true, group: 'logs' },
  { to: '/admin/users', label: 'ユーザー', superOnly: true, group: 'users' },
  { to: '/admin/bank_transfers', label: '銀行振込確認', superOnly: true, group: 'users' },
  { to: '/admin/user_custom_price', label: '個別価格設定', superOnly: true, group: 'users' },
  { to: '/admin/whois/emails', label: 'WHOIS代理メール', superOnly: true, group: 'users' },
  { to: '/admin/market', label: 'ドメイン売買', superOnly: true, group: 'users' },
  { to: '/admin/market/list', label: '出品管理', superOnly: true, group: 'users' },
  { to: '/admin/tld_import', label: 'TLDインポート', superOnly: true, group: 'catalog' },
  { to: '/admin/domain/stats', label: '契約推移', superOnly: true, group: 'catalog' },
  { to: '/admin/notifications', label: 'お知らせ管理', superOnly: true, group: 'catalog' },
  { to: '/admin/knowledge', label: 'ヘルプ記事', superOnly: true, group: 'catalog' },
  { to: '/admin/api_command', label: 'APIコマンド', superOnly: true, group: 'system' },
  { to: '/admin/queues', label: 'キュー（Bull Board）', superOnly: true, external: true, group: 'system' },
];

export const ADMIN_MENU_GROUPS: Record<AdminMenuItem['group'], string> = {
  home: 'ホーム',
  domains: 'ドメイン',
  logs: 'ログ',
  users: '会員・ポイント',
  catalog: 'TLD・価格・お知らせ',
  system: 'システム',
};

export { ADMIN_HOME } from './admin-home';

/** The menu a given admin role sees (1 super sees everything, 2 normal only the items not marked superOnly). */
export function adminMenuFor(adminRole: 1 | 2 | null | undefined, available: (to: string) => boolean = () => true): AdminMenuItem[] {
  if (adminRole !== 1 && adminRole !== 2) return [];
  return ADMIN_MENU.filter((i) => (adminRole === 1 || !i.superOnly) && (i.external || available(i.to)));
}
