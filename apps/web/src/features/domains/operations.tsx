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
import { useQueryClient } from '@tanstack/react-query';
import type { DomainRowDto } from '@registrar/contracts';
import { domainQueries, readyByIds } from './domain-list.api';
import { authcodeOperation, autoRenewOperation, lockOperation, memoOperation, moveOperation, nameServerOperation, trashOperation } from './operations/index';
import { renewOperation } from './operations/renew-modal';
import { whoisOperation } from '../whois-settings/whois-operation';
import { dnsOperation } from './operations/dns-operation';
import { dnssecOperation } from './operations/dnssec-operation';

export { defaultDisabledReason, disabledReasonOf, EXPIRED_TOOLTIP, WHOIS_PROCESSING_TOOLTIP } from './operations/operation-entry';
import type { DomainOperation } from './operations/operation-entry';
export type { DomainOperation, DomainOperationId, DomainOperationModalProps } from './operations/operation-entry';

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
