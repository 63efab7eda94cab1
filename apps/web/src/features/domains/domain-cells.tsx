/** Cells of a domain row (001 §2 "Columns", §4 "Expired domains"): flags, dashes, and cells as operation shortcuts. */
import { Badge, Group, Loader, Text, Tooltip, UnstyledButton } from '@mantine/core';
import type { DomainRowDto } from '@registrar/contracts';
import { formatDateJst } from '@registrar/rules';
import type { DomainOperation } from './operations';
import { M, MK } from '@registrar/messages';
import { disabledReasonOf } from './operations';

export const DASH = '-';

export function dueDateText(d: DomainRowDto): string {
  return d.due_date ? formatDateJst(d.due_date) : DASH;
}

/** ON/OFF of a flag, or a dash where the spec says so. */
export function flagText(d: DomainRowDto, cell: 'autoRenew' | 'whois' | 'lock'): string {
  if (d.is_expired) return DASH;
  if (cell === 'autoRenew') return d.is_due_today ? DASH : d.is_auto_update_enabled_flg ? 'ON' : 'OFF';
  if (cell === 'lock') {
    if (!d.tld_policy.can_lock) return DASH;
    // a new domain's default lock: 設定中 until the registry has it, 設定失敗 when it could not be set (docs/purchase.md)
    if (!d.is_domain_lock_enabled_flg && d.domain_lock_state === 1) return M.lockApplying;
    if (!d.is_domain_lock_enabled_flg && d.domain_lock_state === 2) return M.lockFailedBadge;
    return d.is_domain_lock_enabled_flg ? 'ON' : 'OFF';
  }
  return d.is_whois_proxy_enabled_flg ? 'ON' : 'OFF';
}

/** A cell that opens its operation when one is registered for it and allowed for the row. */
/** Japanese names of the flag cells (button names, card labels). */
export const CELL_LABELS = { autoRenew: '自動更新', whois: 'WHOIS代理', lock: 'ドメインロック', nameServer: 'ネームサーバー' } as const;

/**
 * A cell that opens its operation when one is registered for it and allowed for the row. `text` is what the cell
 * shows (ON, OFF, a host name): the button's accessible name starts with it (WCAG 2.5.3 label in name, axe
 * label-content-name-mismatch) and goes on with which domain and operation it opens.
 */
export function ShortcutCell({ d, op, children, text, label, onOpen }: { d: DomainRowDto; op?: DomainOperation; children: React.ReactNode; text: string; label: string; onOpen: (op: DomainOperation, d: DomainRowDto) => void }) {
  const reason = op ? disabledReasonOf(op, d) : null;
  if (!op || reason || text === DASH) return <>{children}</>;
  return (
    <UnstyledButton onClick={() => onOpen(op, d)} aria-label={`${text}（${d.name}の${label}を変更）`} style={{ textDecoration: 'underline dotted', textUnderlineOffset: 3 }}>
      {children}
    </UnstyledButton>
  );
}

/** What the lock cell's badge explains on hover: the default lock on its way, or why it failed. */
export function lockHint(d: DomainRowDto): string | undefined {
  if (d.is_domain_lock_enabled_flg) return undefined;
  if (d.domain_lock_state === 1) return M.lockApplyingTooltip;
  if (d.domain_lock_state === 2) return `${M.lockApplyFailed}${d.domain_lock_error ? `（${d.domain_lock_error}）` : ''}`;
  return undefined;
}

/** The same for the admin back office: the reason in the operator's words (the member sets the lock again themselves). */
export function adminLockHint(d: Pick<DomainRowDto, 'is_domain_lock_enabled_flg' | 'domain_lock_state' | 'domain_lock_error'>): string | undefined {
  if (d.is_domain_lock_enabled_flg) return undefined;
  if (d.domain_lock_state === 1) return M.lockApplyingTooltip;
  if (d.domain_lock_state === 2) return `${M.lockApplyFailedAdmin}${d.domain_lock_error ? `（${d.domain_lock_error}）` : ''}`;
  return undefined;
}

export function FlagBadge({ text, hint }: { text: string; hint?: string }) {
  if (text === DASH) return <Text span c="dimmed">{DASH}</Text>;
  const applying = text === M.lockApplying;
  const failed = text === M.lockFailedBadge;
  const badge = (
    <Badge variant="light" color={text === 'ON' ? 'teal' : failed ? 'red' : applying ? 'blue' : 'gray'} size="sm" leftSection={applying ? <Loader size={10} color="blue" /> : undefined}
      // the longer words (設定中, 設定失敗) keep their width in the list's narrow flag columns instead of being cut
      style={applying || failed ? { minWidth: 'max-content' } : undefined}
      data-testid={applying ? 'lock-applying' : failed ? 'lock-failed' : undefined}>
      {text}
    </Badge>
  );
  return hint ? <Tooltip label={hint} multiline maw={280}>{badge}</Tooltip> : badge;
}

/** Name column extras: IDN punycode, WHOIS spinner, admin-lock icon, trash label, memo. */
export function NameExtras({ d }: { d: DomainRowDto }) {
  return (
    <>
      {d.name !== d.punycode ? <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>（{d.punycode}）</Text> : null}
      <Group gap={4} mt={2}>
        {d.is_whois_processing_flg !== 0 ? (
          <Tooltip label="WHOIS情報の変更処理中です"><Group gap={4} wrap="nowrap"><Loader size={12} /><Text size="xs" c="dimmed">WHOIS処理中</Text></Group></Tooltip>
        ) : null}
        {d.admin_lock_status !== 0 ? (
          <Tooltip label={M.adminLockTooltip}><Badge size="xs" color="red" variant="outline" leftSection={<LockGlyph />} data-testid="admin-lock">管理ロック</Badge></Tooltip>
        ) : null}
        {d.is_trash_flg ? <Badge size="xs" color="gray" variant="filled">ゴミ箱</Badge> : null}
        {d.is_market_listed_flg ? <Tooltip label={MK.listed}><Badge size="xs" color="grape" variant="light" data-testid="market-listed">出品中</Badge></Tooltip> : null}
        {d.status === 'provisional' ? <Badge size="xs" color="orange" variant="light">仮登録</Badge> : null}
        {d.status === 'pending' ? <Badge size="xs" color="yellow" variant="light">処理中</Badge> : null}
      </Group>
      {d.user_memo ? <Text size="xs" c="dimmed" lineClamp={2} style={{ overflowWrap: 'anywhere' }} data-testid="memo">メモ: {d.user_memo}</Text> : null}
    </>
  );
}

export const LockGlyph = () => (
  <svg width={10} height={10} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2.4} aria-hidden>
    <rect x="4" y="11" width="16" height="10" rx="2" />
    <path d="M8 11V7a4 4 0 1 1 8 0v4" />
  </svg>
);

/**
 * A host name that wraps only at its dots (issue 26: at 1280 px names and name servers broke at their hyphens):
 * each label is kept whole, with a break opportunity after each dot.
 */
export function HostName({ name }: { name: string }) {
  const labels = name.split('.');
  return (
    <>
      {labels.map((l, i) => (
        <span key={i} style={{ whiteSpace: 'nowrap' }}>
          {i > 0 ? <wbr /> : null}
          {i > 0 ? `.${l}` : l}
        </span>
      ))}
    </>
  );
}
