/**
 * The shape of one entry of the domain list's operation registry (features/domains/operations.tsx) and the default
 * refusal rule. It lives below the registry so that the modals (which describe themselves as entries) and the registry
 * (which lists them) never import each other.
 */
import type { ComponentType } from 'react';
import type { DomainRowDto } from '@registrar/contracts';
import { M } from '@registrar/messages';

/** The spec's operation ids: 1 renew, 2 name server, 3 WHOIS, 4 auto-renew, 5 move, 6 lock, 7 AUTHCODE, 9 DNS, 10 trash, 11 memo; ours: 12 DNSSEC. */
export type DomainOperationId = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 9 | 10 | 11 | 12;

export interface DomainOperationModalProps {
  /** the domains chosen (a single row from its menu or cell, or the bulk selection) */
  domains: DomainRowDto[];
  /** call when the modal closes: the ids whose rows changed (refreshed in place), or reload the whole list */
  onClose: (result?: { changedIds?: number[]; reload?: boolean }) => void;
  /** true while your request runs: the list's modal frame then cannot be closed (001 §4 "Modals are locked") */
  setBusy: (busy: boolean) => void;
}

export interface DomainOperation {
  id: DomainOperationId;
  /** menu and bulk-bar label */
  label: string;
  /** the modal's title (also the browser tab's title while open) */
  title: string;
  Modal: ComponentType<DomainOperationModalProps>;
  /** in the bulk-action bar (default true; DNS is single only, 001 §2) */
  bulk?: boolean;
  /** the row cell that opens it as a shortcut */
  cell?: 'nameServer' | 'autoRenew' | 'whois' | 'lock' | 'memo' | 'name';
  /**
   * Why this domain cannot take the operation now (the menu item is disabled with this as its tooltip), or null.
   * Default: expired domains and admin-locked ones are refused except for renew (see defaultDisabledReason).
   */
  disabledReason?: (d: DomainRowDto) => string | null;
}

export const EXPIRED_TOOLTIP = '有効期限切れのため操作できません';
export const WHOIS_PROCESSING_TOOLTIP = 'WHOIS情報の変更処理中です';

/** The default rule (the spec does not show the exact one): expired → only renew; admin lock → nothing; WHOIS in progress → nothing but renew. */
export function defaultDisabledReason(op: Pick<DomainOperation, 'id'>, d: DomainRowDto): string | null {
  if (d.admin_lock_status !== 0) return M.adminLockTooltip;
  if (op.id === 1) return null;
  if (d.is_expired) return EXPIRED_TOOLTIP;
  if (d.is_whois_processing_flg !== 0 && op.id !== 11) return WHOIS_PROCESSING_TOOLTIP;
  return null;
}

export function disabledReasonOf(op: DomainOperation, d: DomainRowDto): string | null {
  return op.disabledReason ? op.disabledReason(d) : defaultDisabledReason(op, d);
}

