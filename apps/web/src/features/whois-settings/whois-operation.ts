import { WhoisChangeModal } from './whois-change-modal';

/**
 * The WHOIS operation of the domain list (id 3; 001 §2): one entry for features/domains/operations.tsx's
 * DOMAIN_OPERATIONS (the list renders the modal frame with `title`, this modal is its body). The default disabled
 * rule of the list applies (expired, admin lock, WHOIS change in progress — except that a single domain waiting for
 * approval opens, to cancel it).
 */
export const whoisOperation = {
  id: 3 as const,
  label: 'WHOIS',
  title: 'WHOIS情報変更',
  cell: 'whois' as const,
  Modal: WhoisChangeModal,
};
