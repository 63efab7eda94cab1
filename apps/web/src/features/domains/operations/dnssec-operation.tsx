import { useRef } from 'react';
import { DnssecPanel } from '../../dnssec/dnssec-panel';
import type { DomainOperation, DomainOperationModalProps } from './operation-entry';

/** DNSSEC (issue 29; docs/dns.md "DNSSEC"): one domain at a time, from the row menu and the detail page. */
function DnssecOperationModal({ domains, onClose, setBusy }: DomainOperationModalProps) {
  const d = domains[0];
  const changed = useRef(false);
  if (!d) return null;
  return (
    <DnssecPanel
      domain={{ id: d.id, name: d.name }}
      setBusy={setBusy}
      onChanged={() => { changed.current = true; }}
      onClose={() => onClose(changed.current ? { changedIds: [d.id] } : undefined)}
    />
  );
}

export const dnssecOperation: DomainOperation = { id: 12, label: 'DNSSEC', title: 'DNSSEC設定', bulk: false, Modal: DnssecOperationModal };
