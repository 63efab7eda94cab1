/**
 * ============================== EXTENSION POINT: domain operations ==============================
 *
 * Every operation of the domain list (001 spec §2 "Modals on the list") is ONE entry of `DOMAIN_OPERATIONS` below.
 * The list builds from it: the row's operation menu, the bulk-action bar (unless `bulk: false`), and the clickable
 * cells (`cell`). To add yours:
 *
 *   1. write your modal in its own file, e.g. features/domains/operations/lock-modal.tsx, exporting
 *        export const lockOperation: DomainOperation = { id: 6, label: 'ドメインロック', title: 'ドメインロック変更', cell: 'lock', Modal: LockModal };
 *      where `LockModal` is a component taking DomainOperationModalProps;
 *   2. add ONE line to DOMAIN_OPERATIONS (import + entry), keeping the spec's id order.
 *
 * The modal gets the chosen domains (fresh rows; 1-1000 of them; for bulk use the bulk limit and
 * 'ドメインを選択してください' are already checked) and calls `onClose(changedIds)` when done: the list then refreshes
 * those rows (POST mypage/domain/ready) and invalidates `domainQueries.all` (banner, counts, other pages). After a
 * move or trash, pass `{ reload: true }` and the page reloads its list (001 §4). While it runs, keep the modal locked
 * (call setBusy(true), then setBusy(false)). The list renders the Mantine Modal frame with your `title`; your component is
 * its body (steps, buttons, results). Anywhere else, `useDomainListRefresh()` does the same refresh.
 * =================================================================================================
 */
import type { ComponentType } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { DomainRowDto } from '@registrar/contracts';
import { M } from '@registrar/messages';
import { domainQueries, readyByIds } from './domain-list.api';
import { authcodeOperation, autoRenewOperation, lockOperation, memoOperation, moveOperation, nameServerOperation, trashOperation } from './operations/index';
import { renewOperation } from './operations/renew-modal';
import { whoisOperation } from '../whois-settings/whois-operation';
import { dnsOperation } from './operations/dns-operation';
import { dnssecOperation } from './operations/dnssec-operation';

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

// ---- the registry: one line per operation (import your `xxxOperation` above and list it here, in id order) ----
export const DOMAIN_OPERATIONS: DomainOperation[] = [
  renewOperation,
  nameServerOperation,
  whoisOperation,
  autoRenewOperation,
  moveOperation,
  lockOperation,
  authcodeOperation,
  dnsOperation,
  dnssecOperation,
  trashOperation,
  memoOperation,
];

/**
 * Return from the card or payment provider (001 §4): the renewal modal saves its session under this key before it
 * leaves (at least { domainIds }), with the return address /mypage/domain?action=renewDomain(&cardRegistration=true).
 * The list then reopens operation 1 with those domains (the modal reads the rest of its session); otherwise the list
 * drops the flags from the URL and clears the session.
 */
export { RENEW_SESSION_KEY } from './operations/renew-session';

/** Refreshes the list after operations: the changed rows in place (ready), then every domain query. */
export function useDomainListRefresh() {
  const qc = useQueryClient();
  return async (changedIds?: number[]) => {
    if (changedIds?.length) {
      try {
        const fresh = await readyByIds(changedIds);
        const byId = new Map(fresh.data.domains.map((d) => [d.id, d]));
        qc.setQueriesData<{ validDomains: { data: DomainRowDto[] } | null }>({ queryKey: domainQueries.lists() }, (old) =>
          old?.validDomains ? { ...old, validDomains: { ...old.validDomains, data: old.validDomains.data.map((d) => byId.get(d.id) ?? d) } } : old,
        );
      } catch {
        // the invalidation below refetches anyway
      }
    }
    await qc.invalidateQueries({ queryKey: domainQueries.all });
  };
}
