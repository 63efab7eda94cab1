import { iso, leaf, NS } from '@registrar/epp';
import type { XmlNode } from '@registrar/epp';
import type { ContactRow, DomainRow, HostRow, TransferRecord } from '../persistence/registry.repository';

const D = NS.domain;

export function writeTrnData(parent: XmlNode, name: string, t: TransferRecord): void {
  const e = parent.ele(D, 'domain:trnData');
  leaf(e, D, 'domain:name', name);
  leaf(e, D, 'domain:trStatus', t.status);
  leaf(e, D, 'domain:reID', t.reID);
  leaf(e, D, 'domain:reDate', iso(new Date(t.reDate)));
  leaf(e, D, 'domain:acID', t.acID);
  leaf(e, D, 'domain:acDate', iso(new Date(t.acDate)));
  if (t.exDate) leaf(e, D, 'domain:exDate', iso(new Date(t.exDate)));
}

export function writePanData(parent: XmlNode, name: string, paResult: boolean, paTRID: { clTRID?: string; svTRID: string }, paDate: Date): void {
  const e = parent.ele(D, 'domain:panData');
  leaf(e, D, 'domain:name', name, { paResult: paResult ? '1' : '0' });
  const tr = e.ele(D, 'domain:paTRID');
  leaf(tr, NS.epp, 'clTRID', paTRID.clTRID);
  leaf(tr, NS.epp, 'svTRID', paTRID.svTRID);
  leaf(e, D, 'domain:paDate', iso(paDate));
}

export function writeRenData(parent: XmlNode, name: string, exDate: Date): void {
  const e = parent.ele(D, 'domain:renData');
  leaf(e, D, 'domain:name', name);
  leaf(e, D, 'domain:exDate', iso(exDate));
}

/** domain:infData; `full` for the sponsor or a client that gave the right authInfo. */
export function writeDomainInfData(parent: XmlNode, d: DomainRow, statuses: string[], hosts: string[], full: boolean, hostsFilter: string): void {
  const e = parent.ele(D, 'domain:infData');
  leaf(e, D, 'domain:name', d.name);
  leaf(e, D, 'domain:roid', d.roid);
  for (const s of statuses) e.ele(D, 'domain:status').att('s', s);
  if (full) {
    leaf(e, D, 'domain:registrant', d.registrant);
    for (const c of d.contacts) leaf(e, D, 'domain:contact', c.id, { type: c.type });
    if (d.ns.length && (hostsFilter === 'all' || hostsFilter === 'del')) {
      const ns = e.ele(D, 'domain:ns');
      for (const h of d.ns) leaf(ns, D, 'domain:hostObj', h);
    }
    if (hostsFilter === 'all' || hostsFilter === 'sub') for (const h of hosts) leaf(e, D, 'domain:host', h);
  }
  leaf(e, D, 'domain:clID', d.clId);
  if (full) leaf(e, D, 'domain:crID', d.crId);
  leaf(e, D, 'domain:crDate', iso(d.crDate));
  if (full && d.upId) leaf(e, D, 'domain:upID', d.upId);
  if (full && d.upDate) leaf(e, D, 'domain:upDate', iso(d.upDate));
  leaf(e, D, 'domain:exDate', iso(d.exDate));
  if (full && d.trDate) leaf(e, D, 'domain:trDate', iso(d.trDate));
  if (full) leaf(e.ele(D, 'domain:authInfo'), D, 'domain:pw', d.authInfo);
}

export function writeSecDnsInfData(parent: XmlNode, sec: NonNullable<DomainRow['secdns']>): void {
  const e = parent.ele(NS.secDNS, 'secDNS:infData');
  if (sec.maxSigLife) leaf(e, NS.secDNS, 'secDNS:maxSigLife', sec.maxSigLife);
  for (const ds of sec.dsData) {
    const x = e.ele(NS.secDNS, 'secDNS:dsData');
    leaf(x, NS.secDNS, 'secDNS:keyTag', ds.keyTag);
    leaf(x, NS.secDNS, 'secDNS:alg', ds.alg);
    leaf(x, NS.secDNS, 'secDNS:digestType', ds.digestType);
    leaf(x, NS.secDNS, 'secDNS:digest', ds.digest);
  }
}

export function writeRgp(parent: XmlNode, tag: 'infData' | 'upData', statuses: string[]): void {
  const e = parent.ele(NS.rgp, `rgp:${tag}`);
  for (const s of statuses) e.ele(NS.rgp, 'rgp:rgpStatus').att('s', s);
}

export function writeHostInfData(parent: XmlNode, h: HostRow, statuses: string[]): void {
  const H = NS.host;
  const e = parent.ele(H, 'host:infData');
  leaf(e, H, 'host:name', h.name);
  leaf(e, H, 'host:roid', h.roid);
  for (const s of statuses) e.ele(H, 'host:status').att('s', s);
  for (const a of h.addrs) leaf(e, H, 'host:addr', a.address, { ip: a.ip });
  leaf(e, H, 'host:clID', h.clId);
  leaf(e, H, 'host:crID', h.crId);
  leaf(e, H, 'host:crDate', iso(h.crDate));
  if (h.upId) leaf(e, H, 'host:upID', h.upId);
  if (h.upDate) leaf(e, H, 'host:upDate', iso(h.upDate));
}

export function writeContactInfData(parent: XmlNode, c: ContactRow, statuses: string[], full: boolean): void {
  const C = NS.contact;
  const e = parent.ele(C, 'contact:infData');
  leaf(e, C, 'contact:id', c.id);
  leaf(e, C, 'contact:roid', c.roid);
  for (const s of statuses) e.ele(C, 'contact:status').att('s', s);
  for (const p of c.data.postalInfo) {
    const pi = e.ele(C, 'contact:postalInfo').att('type', p.type);
    leaf(pi, C, 'contact:name', p.name);
    leaf(pi, C, 'contact:org', p.org);
    const a = pi.ele(C, 'contact:addr');
    for (const s of p.street) leaf(a, C, 'contact:street', s);
    leaf(a, C, 'contact:city', p.city);
    leaf(a, C, 'contact:sp', p.sp);
    leaf(a, C, 'contact:pc', p.pc);
    leaf(a, C, 'contact:cc', p.cc);
  }
  if (full) leaf(e, C, 'contact:voice', c.data.voice, { x: c.data.voice ? c.data.voiceExt : undefined });
  if (full) leaf(e, C, 'contact:fax', c.data.fax, { x: c.data.fax ? c.data.faxExt : undefined });
  leaf(e, C, 'contact:email', full ? c.data.email : 'redacted@registry.invalid');
  leaf(e, C, 'contact:clID', c.clId);
  leaf(e, C, 'contact:crID', c.crId);
  leaf(e, C, 'contact:crDate', iso(c.crDate));
  if (c.upId) leaf(e, C, 'contact:upID', c.upId);
  if (c.upDate) leaf(e, C, 'contact:upDate', iso(c.upDate));
  if (full) leaf(e.ele(C, 'contact:authInfo'), C, 'contact:pw', c.authInfo);
}
