/** Parsers from EPP response frames to the typed results of epp.types.ts. */
import { EppProtocolError } from '../epp.errors';
import type {
  CheckKind, CheckResult, ContactInfo, DomainContact, DomainInfo, DomainStatus, DsData, HostInfo, ObjectCheckResult, PollMessage,
  PostalInfo, RgpStatus, SecDnsInfo, TransferData, TransferStatus,
} from '../epp.types';
import { arr, attr, parseXml, text } from '../xml/xml';

export interface EppResponse {
  code: number;
  msg: string;
  /** text of the first <value>/<extValue><reason> element, when the registry explains itself */
  reason?: string;
  clTRID?: string;
  svTRID?: string;
  msgQ?: { count: number; id: string; qDate?: Date; msg?: string };
  resData?: any;
  extension?: any;
}

export interface Greeting {
  svID: string;
  svDate: Date;
  versions: string[];
  objURIs: string[];
  extURIs: string[];
}

const date = (v: unknown): Date | undefined => {
  const t = text(v);
  return t ? new Date(t) : undefined;
};

export function parseFrame(xml: string): any {
  const doc = parseXml(xml);
  if (!doc?.epp) throw new EppProtocolError('not an EPP frame');
  return doc.epp;
}

export function parseGreeting(xml: string): Greeting {
  const g = parseFrame(xml).greeting;
  if (!g) throw new EppProtocolError('expected a greeting');
  return {
    svID: text(g.svID) ?? '',
    svDate: date(g.svDate) ?? new Date(NaN),
    versions: arr(g.svcMenu?.version).map((v) => text(v)!),
    objURIs: arr(g.svcMenu?.objURI).map((v) => text(v)!),
    extURIs: arr(g.svcMenu?.svcExtension?.extURI).map((v) => text(v)!),
  };
}

export function parseResponse(xml: string): EppResponse {
  const r = parseFrame(xml).response;
  if (!r) throw new EppProtocolError('expected a response');
  const result = arr(r.result)[0];
  if (!result) throw new EppProtocolError('response without result');
  const value = arr(result.value)[0] ?? arr(result.extValue)[0];
  const reason = result.extValue ? text(arr(result.extValue)[0]?.reason) : value ? text(Object.values(value).find((v) => typeof v === 'string' || (v as any)?.['#text'])) : undefined;
  const q = r.msgQ;
  return {
    code: Number(attr(result, 'code')),
    msg: text(result.msg) ?? '',
    reason: reason || undefined,
    clTRID: text(r.trID?.clTRID),
    svTRID: text(r.trID?.svTRID),
    msgQ: q ? { count: Number(attr(q, 'count')), id: attr(q, 'id')!, qDate: date(q.qDate), msg: text(q.msg) } : undefined,
    resData: r.resData,
    extension: r.extension,
  };
}

function checkKind(avail: boolean, reason?: string): CheckKind {
  if (avail) return 'available';
  const r = (reason ?? '').toLowerCase();
  if (r.includes('premium')) return 'premium';
  if (r.includes('reserved')) return 'reserved';
  if (r.includes('in use') || r.includes('registered') || r.includes('exists')) return 'taken';
  return 'unavailable';
}

const truthy = (v?: string) => v === '1' || v === 'true';

export function parseDomainCheck(res: EppResponse): CheckResult[] {
  return arr(res.resData?.chkData?.cd).map((cd: any) => {
    const avail = truthy(attr(cd.name, 'avail'));
    const reason = text(cd.reason);
    return { name: text(cd.name)!, avail, reason, kind: checkKind(avail, reason) };
  });
}

export function parseObjectCheck(res: EppResponse, key: 'name' | 'id'): ObjectCheckResult[] {
  return arr(res.resData?.chkData?.cd).map((cd: any) => ({ id: text(cd[key])!, avail: truthy(attr(cd[key], 'avail')), reason: text(cd.reason) }));
}

export function parseDsData(list: unknown): DsData[] {
  return arr<any>(list).map((d) => ({ keyTag: Number(text(d.keyTag)), alg: Number(text(d.alg)), digestType: Number(text(d.digestType)), digest: text(d.digest)! }));
}

export function parseDomainInfo(res: EppResponse): DomainInfo {
  const d = res.resData?.infData;
  if (!d) throw new EppProtocolError('domain:info without infData');
  // secDNS:infData and rgp:infData share a local name: told apart by their content
  const extInf = arr<any>(res.extension?.infData);
  const sec = extInf.find((x) => x && (x.dsData !== undefined || x.keyData !== undefined));
  const rgp = extInf.find((x) => x && x.rgpStatus !== undefined)?.rgpStatus;
  const secDNS: SecDnsInfo | undefined = sec ? { maxSigLife: sec.maxSigLife ? Number(text(sec.maxSigLife)) : undefined, dsData: parseDsData(sec.dsData) } : undefined;
  return {
    name: text(d.name)!,
    roid: text(d.roid)!,
    statuses: arr(d.status).map((s: any) => attr(s, 's') as DomainStatus),
    rgpStatuses: arr(rgp).map((s: any) => attr(s, 's') as RgpStatus),
    registrant: text(d.registrant),
    contacts: arr(d.contact).map((c: any): DomainContact => ({ type: attr(c, 'type') as DomainContact['type'], id: text(c)! })),
    ns: [...arr(d.ns?.hostObj).map((h) => text(h)!), ...arr(d.ns?.hostAttr).map((h: any) => text(h.hostName)!)],
    hosts: arr(d.host).map((h) => text(h)!),
    clID: text(d.clID)!,
    crID: text(d.crID),
    crDate: date(d.crDate),
    upID: text(d.upID),
    upDate: date(d.upDate),
    exDate: date(d.exDate),
    trDate: date(d.trDate),
    authInfo: text(d.authInfo?.pw),
    secDNS,
  };
}

export function parseTransferData(t: any): TransferData {
  return {
    name: text(t.name)!,
    trStatus: text(t.trStatus) as TransferStatus,
    reID: text(t.reID)!,
    reDate: date(t.reDate)!,
    acID: text(t.acID)!,
    acDate: date(t.acDate)!,
    exDate: date(t.exDate),
  };
}

export function parseHostInfo(res: EppResponse): HostInfo {
  const h = res.resData?.infData;
  if (!h) throw new EppProtocolError('host:info without infData');
  return {
    name: text(h.name)!,
    roid: text(h.roid)!,
    statuses: arr(h.status).map((s: any) => attr(s, 's')!),
    addrs: arr(h.addr).map((a: any) => ({ ip: (attr(a, 'ip') ?? 'v4') as 'v4' | 'v6', address: text(a)! })),
    clID: text(h.clID)!,
    crID: text(h.crID),
    crDate: date(h.crDate),
    upDate: date(h.upDate),
  };
}

export function parsePostalInfo(p: any): PostalInfo {
  const a = arr<any>(p.addr)[0] ?? {};
  return {
    type: attr(p, 'type') as 'int' | 'loc',
    name: text(p.name)!,
    org: text(p.org),
    street: arr(a.street).map((s) => text(s)!),
    city: text(a.city)!,
    sp: text(a.sp),
    pc: text(a.pc),
    cc: text(a.cc)!,
  };
}

export function parseContactInfo(res: EppResponse): ContactInfo {
  const c = res.resData?.infData;
  if (!c) throw new EppProtocolError('contact:info without infData');
  return {
    id: text(c.id)!,
    roid: text(c.roid)!,
    statuses: arr(c.status).map((s: any) => attr(s, 's')!),
    postalInfo: arr(c.postalInfo).map(parsePostalInfo),
    voice: text(c.voice),
    voiceExt: attr(c.voice, 'x'),
    fax: text(c.fax),
    faxExt: attr(c.fax, 'x'),
    email: text(c.email)!,
    clID: text(c.clID)!,
    crID: text(c.crID),
    crDate: date(c.crDate),
    upDate: date(c.upDate),
    authInfo: text(c.authInfo?.pw),
  };
}

export function parsePollMessage(res: EppResponse): PollMessage | undefined {
  if (!res.msgQ) return undefined;
  const m: PollMessage = { id: res.msgQ.id, count: res.msgQ.count, qDate: res.msgQ.qDate, msg: res.msgQ.msg };
  const rd = res.resData;
  if (rd?.trnData) m.transfer = parseTransferData(rd.trnData);
  if (rd?.panData) {
    const p = rd.panData;
    m.pendingAction = {
      name: text(p.name)!,
      paResult: truthy(attr(p.name, 'paResult')),
      paTRID: p.paTRID ? { clTRID: text(p.paTRID.clTRID), svTRID: text(p.paTRID.svTRID)! } : undefined,
      paDate: date(p.paDate)!,
    };
  }
  if (rd?.renData) m.domain = { name: text(rd.renData.name)!, exDate: date(rd.renData.exDate) };
  if (rd?.infData) m.domain = { name: text(rd.infData.name)!, exDate: date(rd.infData.exDate) };
  return m;
}
