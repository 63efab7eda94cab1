/**
 * Builders for every EPP command the client sends. All values go through the XML writer (escaped), never string concatenation.
 * Element order follows the XSDs in ../shared/epp-xsd, so each frame validates.
 */
import { domainToASCII } from 'node:url';
import { EXT_URIS, NS, OBJ_URIS } from '../xml/namespaces';
import { eppDocument, leaf, serialize, type XmlNode } from '../xml/xml';
import type {
  ContactCreateInput, ContactUpdateInput, DomainContact, DomainCreateInput, DomainUpdateInput, DsData, HostAddr, HostUpdateInput,
  Period, PostalInfo, RestoreReport, TransferOp,
} from '../epp.types';

const D = NS.domain;
const H = NS.host;
const C = NS.contact;

/**
 * Names travel as A-labels (RFC 5891 §5; RFC 5731/5732 names are LDH): a U-label such as 例え.jp is sent as
 * xn--r8jz45g.jp. A name that has no A-label is sent as given and the registry refuses it (2005).
 */
export function aLabel(name: string): string {
  if (!/[^\x00-\x7f]/.test(name)) return name;
  return domainToASCII(name.normalize('NFC')) || name;
}

export function iso(d: Date): string {
  return d.toISOString().replace(/\.\d{3}Z$/, '.0Z');
}

export function ymd(d: Date): string {
  return d.toISOString().slice(0, 10);
}

/** Wraps `<command>…<clTRID/></command>`; `fill` adds the verb, `ext` the <extension> children. */
function command(clTRID: string, fill: (cmd: XmlNode) => void, ext?: (extension: XmlNode) => void): string {
  const { doc, epp } = eppDocument();
  const cmd = epp.ele(NS.epp, 'command');
  fill(cmd);
  if (ext) ext(cmd.ele(NS.epp, 'extension'));
  leaf(cmd, NS.epp, 'clTRID', clTRID);
  return serialize(doc);
}

export function buildHello(): string {
  const { doc, epp } = eppDocument();
  epp.ele(NS.epp, 'hello');
  return serialize(doc);
}

export function buildLogin(clTRID: string, clID: string, pw: string, newPW?: string): string {
  return command(clTRID, (cmd) => {
    const login = cmd.ele(NS.epp, 'login');
    leaf(login, NS.epp, 'clID', clID);
    leaf(login, NS.epp, 'pw', pw);
    if (newPW) leaf(login, NS.epp, 'newPW', newPW);
    const options = login.ele(NS.epp, 'options');
    leaf(options, NS.epp, 'version', '1.0');
    leaf(options, NS.epp, 'lang', 'en');
    const svcs = login.ele(NS.epp, 'svcs');
    for (const uri of OBJ_URIS) leaf(svcs, NS.epp, 'objURI', uri);
    const ext = svcs.ele(NS.epp, 'svcExtension');
    for (const uri of EXT_URIS) leaf(ext, NS.epp, 'extURI', uri);
  });
}

export function buildLogout(clTRID: string): string {
  return command(clTRID, (cmd) => { cmd.ele(NS.epp, 'logout'); });
}

export function buildPoll(clTRID: string, op: 'req' | 'ack', msgID?: string): string {
  return command(clTRID, (cmd) => {
    const p = cmd.ele(NS.epp, 'poll').att('op', op);
    if (op === 'ack' && msgID) p.att('msgID', msgID);
  });
}

function period(parent: XmlNode, ns: string, qname: string, p?: Period): void {
  if (p) leaf(parent, ns, qname, p.value, { unit: p.unit });
}

function authInfo(parent: XmlNode, ns: string, prefix: string, pw: string): void {
  const a = parent.ele(ns, `${prefix}:authInfo`);
  leaf(a, ns, `${prefix}:pw`, pw);
}

function nsList(parent: XmlNode, hosts?: string[]): void {
  if (!hosts?.length) return;
  const n = parent.ele(D, 'domain:ns');
  for (const h of hosts) leaf(n, D, 'domain:hostObj', aLabel(h));
}

function contacts(parent: XmlNode, list?: DomainContact[]): void {
  for (const c of list ?? []) leaf(parent, D, 'domain:contact', c.id, { type: c.type });
}

function dsData(parent: XmlNode, ds: DsData): void {
  const e = parent.ele(NS.secDNS, 'secDNS:dsData');
  leaf(e, NS.secDNS, 'secDNS:keyTag', ds.keyTag);
  leaf(e, NS.secDNS, 'secDNS:alg', ds.alg);
  leaf(e, NS.secDNS, 'secDNS:digestType', ds.digestType);
  leaf(e, NS.secDNS, 'secDNS:digest', ds.digest);
}

// ── domain (RFC 5731) ──

export function buildDomainCheck(clTRID: string, names: string[]): string {
  return command(clTRID, (cmd) => {
    const c = cmd.ele(NS.epp, 'check').ele(D, 'domain:check');
    for (const n of names) leaf(c, D, 'domain:name', aLabel(n));
  });
}

export function buildDomainInfo(clTRID: string, name: string, opts: { authInfo?: string; hosts?: 'all' | 'del' | 'sub' | 'none' } = {}): string {
  return command(clTRID, (cmd) => {
    const i = cmd.ele(NS.epp, 'info').ele(D, 'domain:info');
    leaf(i, D, 'domain:name', aLabel(name), { hosts: opts.hosts ?? 'all' });
    if (opts.authInfo) authInfo(i, D, 'domain', opts.authInfo);
  });
}

export function buildDomainCreate(clTRID: string, input: DomainCreateInput): string {
  return command(clTRID, (cmd) => {
    const c = cmd.ele(NS.epp, 'create').ele(D, 'domain:create');
    leaf(c, D, 'domain:name', aLabel(input.name));
    period(c, D, 'domain:period', input.period);
    nsList(c, input.ns);
    leaf(c, D, 'domain:registrant', input.registrant);
    contacts(c, input.contacts);
    authInfo(c, D, 'domain', input.authInfo);
  }, input.secDNS?.dsData.length ? (ext) => {
    const s = ext.ele(NS.secDNS, 'secDNS:create');
    leaf(s, NS.secDNS, 'secDNS:maxSigLife', input.secDNS!.maxSigLife);
    for (const ds of input.secDNS!.dsData) dsData(s, ds);
  } : undefined);
}

export function buildDomainDelete(clTRID: string, name: string): string {
  return command(clTRID, (cmd) => {
    const d = cmd.ele(NS.epp, 'delete').ele(D, 'domain:delete');
    leaf(d, D, 'domain:name', aLabel(name));
  });
}

export function buildDomainRenew(clTRID: string, name: string, curExpDate: Date, p?: Period): string {
  return command(clTRID, (cmd) => {
    const r = cmd.ele(NS.epp, 'renew').ele(D, 'domain:renew');
    leaf(r, D, 'domain:name', aLabel(name));
    leaf(r, D, 'domain:curExpDate', ymd(curExpDate));
    period(r, D, 'domain:period', p);
  });
}

export function buildDomainTransfer(clTRID: string, op: TransferOp, name: string, opts: { authInfo?: string; period?: Period } = {}): string {
  return command(clTRID, (cmd) => {
    const t = cmd.ele(NS.epp, 'transfer').att('op', op).ele(D, 'domain:transfer');
    leaf(t, D, 'domain:name', aLabel(name));
    if (op === 'request') period(t, D, 'domain:period', opts.period);
    if (opts.authInfo) authInfo(t, D, 'domain', opts.authInfo);
  });
}

export function buildDomainUpdate(clTRID: string, input: DomainUpdateInput): string {
  const addRem = (parent: XmlNode, tag: 'add' | 'rem', part?: DomainUpdateInput['add']) => {
    if (!part || (!part.ns?.length && !part.contacts?.length && !part.statuses?.length)) return;
    const e = parent.ele(D, `domain:${tag}`);
    nsList(e, part.ns);
    contacts(e, part.contacts);
    for (const s of part.statuses ?? []) e.ele(D, 'domain:status').att('s', s);
  };
  const sec = input.secDNS;
  const hasSec = !!sec && (sec.remAll || sec.rem?.length || sec.add?.length || sec.maxSigLife !== undefined);
  const emptyDomainUpdate = !input.add && !input.rem && !input.chg;
  return command(clTRID, (cmd) => {
    const u = cmd.ele(NS.epp, 'update').ele(D, 'domain:update');
    leaf(u, D, 'domain:name', aLabel(input.name));
    addRem(u, 'add', input.add);
    addRem(u, 'rem', input.rem);
    if (input.chg && (input.chg.registrant !== undefined || input.chg.authInfo !== undefined)) {
      const c = u.ele(D, 'domain:chg');
      leaf(c, D, 'domain:registrant', input.chg.registrant);
      if (input.chg.authInfo !== undefined) authInfo(c, D, 'domain', input.chg.authInfo);
    } else if (emptyDomainUpdate && !hasSec) {
      throw new Error('domain:update needs at least one change');
    }
  }, hasSec ? (ext) => {
    const s = ext.ele(NS.secDNS, 'secDNS:update');
    if (sec!.remAll) s.ele(NS.secDNS, 'secDNS:rem').ele(NS.secDNS, 'secDNS:all').txt('true');
    else if (sec!.rem?.length) { const r = s.ele(NS.secDNS, 'secDNS:rem'); for (const ds of sec!.rem) dsData(r, ds); }
    if (sec!.add?.length) { const a = s.ele(NS.secDNS, 'secDNS:add'); for (const ds of sec!.add) dsData(a, ds); }
    if (sec!.maxSigLife !== undefined) leaf(s.ele(NS.secDNS, 'secDNS:chg'), NS.secDNS, 'secDNS:maxSigLife', sec!.maxSigLife);
  } : undefined);
}

/** RFC 3915 restore request or report: a domain:update with no changes and an rgp:update extension. */
export function buildDomainRestore(clTRID: string, name: string, report?: RestoreReport): string {
  return command(clTRID, (cmd) => {
    const u = cmd.ele(NS.epp, 'update').ele(D, 'domain:update');
    leaf(u, D, 'domain:name', aLabel(name));
    u.ele(D, 'domain:chg');
  }, (ext) => {
    const r = ext.ele(NS.rgp, 'rgp:update').ele(NS.rgp, 'rgp:restore').att('op', report ? 'report' : 'request');
    if (!report) return;
    const rep = r.ele(NS.rgp, 'rgp:report');
    leaf(rep, NS.rgp, 'rgp:preData', report.preData);
    leaf(rep, NS.rgp, 'rgp:postData', report.postData);
    leaf(rep, NS.rgp, 'rgp:delTime', iso(report.delTime));
    leaf(rep, NS.rgp, 'rgp:resTime', iso(report.resTime));
    leaf(rep, NS.rgp, 'rgp:resReason', report.resReason);
    for (const s of report.statements) leaf(rep, NS.rgp, 'rgp:statement', s);
    leaf(rep, NS.rgp, 'rgp:other', report.other);
  });
}

// ── host (RFC 5732) ──

function hostAddrs(parent: XmlNode, addrs?: HostAddr[]): void {
  for (const a of addrs ?? []) leaf(parent, H, 'host:addr', a.address, { ip: a.ip });
}

export function buildHostCheck(clTRID: string, names: string[]): string {
  return command(clTRID, (cmd) => {
    const c = cmd.ele(NS.epp, 'check').ele(H, 'host:check');
    for (const n of names) leaf(c, H, 'host:name', aLabel(n));
  });
}

export function buildHostCreate(clTRID: string, name: string, addrs?: HostAddr[]): string {
  return command(clTRID, (cmd) => {
    const c = cmd.ele(NS.epp, 'create').ele(H, 'host:create');
    leaf(c, H, 'host:name', aLabel(name));
    hostAddrs(c, addrs);
  });
}

export function buildHostInfo(clTRID: string, name: string): string {
  return command(clTRID, (cmd) => { leaf(cmd.ele(NS.epp, 'info').ele(H, 'host:info'), H, 'host:name', aLabel(name)); });
}

export function buildHostDelete(clTRID: string, name: string): string {
  return command(clTRID, (cmd) => { leaf(cmd.ele(NS.epp, 'delete').ele(H, 'host:delete'), H, 'host:name', aLabel(name)); });
}

export function buildHostUpdate(clTRID: string, input: HostUpdateInput): string {
  return command(clTRID, (cmd) => {
    const u = cmd.ele(NS.epp, 'update').ele(H, 'host:update');
    leaf(u, H, 'host:name', aLabel(input.name));
    for (const tag of ['add', 'rem'] as const) {
      const part = input[tag];
      if (!part || (!part.addrs?.length && !part.statuses?.length)) continue;
      const e = u.ele(H, `host:${tag}`);
      hostAddrs(e, part.addrs);
      for (const s of part.statuses ?? []) e.ele(H, 'host:status').att('s', s);
    }
    if (input.newName) leaf(u.ele(H, 'host:chg'), H, 'host:name', aLabel(input.newName));
  });
}

// ── contact (RFC 5733) ──

function postalInfo(parent: XmlNode, p: PostalInfo): void {
  const e = parent.ele(C, 'contact:postalInfo').att('type', p.type);
  leaf(e, C, 'contact:name', p.name);
  leaf(e, C, 'contact:org', p.org);
  const a = e.ele(C, 'contact:addr');
  for (const s of p.street.slice(0, 3)) leaf(a, C, 'contact:street', s);
  leaf(a, C, 'contact:city', p.city);
  leaf(a, C, 'contact:sp', p.sp);
  leaf(a, C, 'contact:pc', p.pc);
  leaf(a, C, 'contact:cc', p.cc);
}

export function buildContactCheck(clTRID: string, ids: string[]): string {
  return command(clTRID, (cmd) => {
    const c = cmd.ele(NS.epp, 'check').ele(C, 'contact:check');
    for (const id of ids) leaf(c, C, 'contact:id', id);
  });
}

export function buildContactCreate(clTRID: string, input: ContactCreateInput): string {
  return command(clTRID, (cmd) => {
    const c = cmd.ele(NS.epp, 'create').ele(C, 'contact:create');
    leaf(c, C, 'contact:id', input.id);
    for (const p of input.postalInfo) postalInfo(c, p);
    leaf(c, C, 'contact:voice', input.voice, { x: input.voice ? input.voiceExt : undefined });
    leaf(c, C, 'contact:fax', input.fax, { x: input.fax ? input.faxExt : undefined });
    leaf(c, C, 'contact:email', input.email);
    authInfo(c, C, 'contact', input.authInfo);
  });
}

export function buildContactInfo(clTRID: string, id: string, authInfoPw?: string): string {
  return command(clTRID, (cmd) => {
    const i = cmd.ele(NS.epp, 'info').ele(C, 'contact:info');
    leaf(i, C, 'contact:id', id);
    if (authInfoPw) authInfo(i, C, 'contact', authInfoPw);
  });
}

export function buildContactDelete(clTRID: string, id: string): string {
  return command(clTRID, (cmd) => { leaf(cmd.ele(NS.epp, 'delete').ele(C, 'contact:delete'), C, 'contact:id', id); });
}

export function buildContactUpdate(clTRID: string, input: ContactUpdateInput): string {
  return command(clTRID, (cmd) => {
    const u = cmd.ele(NS.epp, 'update').ele(C, 'contact:update');
    leaf(u, C, 'contact:id', input.id);
    for (const tag of ['add', 'rem'] as const) {
      const part = input[tag];
      if (!part?.statuses?.length) continue;
      const e = u.ele(C, `contact:${tag}`);
      for (const s of part.statuses) e.ele(C, 'contact:status').att('s', s);
    }
    const chg = input.chg;
    if (chg && Object.values(chg).some((v) => v !== undefined)) {
      const c = u.ele(C, 'contact:chg');
      for (const p of chg.postalInfo ?? []) postalInfo(c, p);
      leaf(c, C, 'contact:voice', chg.voice, { x: chg.voice ? chg.voiceExt : undefined });
      leaf(c, C, 'contact:fax', chg.fax, { x: chg.fax ? chg.faxExt : undefined });
      leaf(c, C, 'contact:email', chg.email);
      if (chg.authInfo !== undefined) authInfo(c, C, 'contact', chg.authInfo);
    }
  });
}
