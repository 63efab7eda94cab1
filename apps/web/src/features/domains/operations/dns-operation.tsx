import { useRef } from 'react';
import { DnsPanel } from '../../dns/dns-modal';
import type { DomainOperation, DomainOperationModalProps } from './operation-entry';

/** Operation 9, DNS (001 §2): one domain at a time; the list's modal frame around the DNS modal's body. */
function DnsOperationModal({ domains, onClose, setBusy }: DomainOperationModalProps) {
  const d = domains[0];
  const changed = useRef(false);
  if (!d) return null;
  return (
    <DnsPanel
      domain={{ id: d.id, name: d.name }}
      setBusy={setBusy}
      onChanged={() => { changed.current = true; }}
      onClose={() => onClose(changed.current ? { changedIds: [d.id] } : undefined)}
    />
  );
}

export const dnsOperation: DomainOperation = { id: 9, label: 'DNS', title: 'DNS設定', bulk: false, Modal: DnsOperationModal };
