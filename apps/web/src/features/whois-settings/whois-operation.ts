import type { DomainRowDto } from '@registrar/contracts';
import { defaultDisabledReason, type DomainOperation } from '../domains/operations/operation-entry';
import { WhoisChangeModal } from './whois-change-modal';

/**
 * The WHOIS operation of the domain list (id 3; 001 §2), listed in features/domains/operations.tsx. The list's default
 * rule applies (expired, admin lock, WHOIS change in progress), except that a domain whose change waits for the
 * registrant's approval (flag 1) opens, so that the change can be cancelled.
 */
export const whoisOperation: DomainOperation = {
  id: 3,
  label: 'WHOIS',
  title: 'WHOIS情報変更',
  cell: 'whois',
  Modal: WhoisChangeModal,
  disabledReason: (d: DomainRowDto) => (d.is_whois_processing_flg === 1 ? defaultDisabledReason({ id: 11 }, d) : defaultDisabledReason({ id: 3 }, d)),
};
