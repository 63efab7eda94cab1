/**
 * The operations of issue 11 as entries of the domain list's extension point (features/domains/operations.tsx,
 * DOMAIN_OPERATIONS): ids and labels of 001 §2, the modal of each, the cell that opens it, and the per-domain refusals
 * shown as the menu item's tooltip.
 */
import { M } from '@registrar/messages';
import { authcodeRefusal, isDueToday } from '@registrar/rules';
import { AuthcodeModal } from './authcode-modal';
import { AutoRenewModal } from './auto-renew-modal';
import { LockModal } from './lock-modal';
import { MemoModal } from './memo-modal';
import { MoveModal } from './move-modal';
import { NameServerModal } from './nameserver-modal';
import type { OpModalProps, OpRow } from './operation.api';
import { TrashModal } from './trash-modal';

export interface OpEntry {
  id: 2 | 4 | 5 | 6 | 7 | 10 | 11;
  label: string;
  title: string;
  Modal: (p: OpModalProps) => React.JSX.Element;
  cell?: 'nameServer' | 'autoRenew' | 'lock' | 'memo';
  disabledReason?: (d: OpRow & { is_expired?: boolean }) => string | null;
}

/** admin lock, expiry and WHOIS processing refuse every operation but memo and trash (which work on expired ones) */
const common = (d: OpRow & { is_expired?: boolean }, allowExpired = false): string | null => {
  if (d.admin_lock_status !== 0) return M.adminLockTooltip;
  if (!allowExpired && d.is_expired) return M.domainExpired;
  return null;
};

export const nameServerOperation: OpEntry = { id: 2, label: 'ネームサーバー変更', title: 'ネームサーバー変更', cell: 'nameServer', Modal: NameServerModal, disabledReason: (d) => common(d) ?? (d.is_whois_processing_flg !== 0 ? M.whoisProcessing : null) };
export const autoRenewOperation: OpEntry = { id: 4, label: '自動更新設定', title: '自動更新設定', cell: 'autoRenew', Modal: AutoRenewModal, disabledReason: (d) => common(d) ?? (isDueToday(d.due_date) ? M.autoRenewDueToday : null) };
export const moveOperation: OpEntry = { id: 5, label: '他ユーザーへ移動', title: '他ユーザーへの移動', Modal: MoveModal, disabledReason: (d) => common(d) ?? (d.is_whois_processing_flg !== 0 ? M.whoisProcessing : null) };
export const lockOperation: OpEntry = { id: 6, label: 'ドメインロック', title: M.lockTitle, cell: 'lock', Modal: LockModal, disabledReason: (d) => common(d) ?? (d.tld_policy?.can_lock === false ? M.lockUnsupported : null) };
export const authcodeOperation: OpEntry = { id: 7, label: 'AUTHCODE取得', title: 'AUTHCODE取得', Modal: AuthcodeModal, disabledReason: (d) => common(d) ?? authcodeRefusal([d]) };
export const trashOperation: OpEntry = { id: 10, label: 'ゴミ箱', title: 'ゴミ箱', Modal: TrashModal, disabledReason: (d) => common(d, true) };
export const memoOperation: OpEntry = { id: 11, label: 'メモ', title: 'メモ', cell: 'memo', Modal: MemoModal, disabledReason: (d) => common(d, true) };

export const ISSUE_11_OPERATIONS: OpEntry[] = [nameServerOperation, autoRenewOperation, moveOperation, lockOperation, authcodeOperation, trashOperation, memoOperation];
