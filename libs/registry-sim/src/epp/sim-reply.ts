import { DEFAULT_RESULT_MESSAGES, eppDocument, iso, leaf, NS, serialize } from '@registrar/epp';
import type { XmlNode } from '@registrar/epp';

/** What a command answers: the result code, optional resData/extension writers and a msgQ. */
export interface Reply {
  code: number;
  msg?: string;
  /** text of <value> (wrapped in an epp:undef-free <extValue><reason>) explaining an error */
  reason?: string;
  resData?: (resData: XmlNode) => void;
  extension?: (extension: XmlNode) => void;
  msgQ?: { count: number; id: string; qDate?: Date; msg?: string };
  /** close the session after answering (logout, 25xx) */
  close?: boolean;
}

/** A command refused with an EPP error code. */
export class SimError extends Error {
  constructor(readonly code: number, readonly reason?: string) {
    super(`${code} ${DEFAULT_RESULT_MESSAGES[code] ?? ''}${reason ? `: ${reason}` : ''}`);
  }
}

export function ok(resData?: Reply['resData'], extension?: Reply['extension']): Reply {
  return { code: 1000, resData, extension };
}

export function pending(resData?: Reply['resData'], extension?: Reply['extension']): Reply {
  return { code: 1001, resData, extension };
}

export function renderResponse(r: Reply, clTRID: string | undefined, svTRID: string): string {
  const { doc, epp } = eppDocument();
  const res = epp.ele(NS.epp, 'response');
  const result = res.ele(NS.epp, 'result').att('code', String(r.code));
  leaf(result, NS.epp, 'msg', r.msg ?? DEFAULT_RESULT_MESSAGES[r.code] ?? 'Command failed');
  if (r.reason) {
    const ev = result.ele(NS.epp, 'extValue');
    ev.ele(NS.epp, 'value').ele(NS.epp, 'undef');
    leaf(ev, NS.epp, 'reason', r.reason);
  }
  if (r.msgQ) {
    const q = res.ele(NS.epp, 'msgQ').att('count', String(r.msgQ.count)).att('id', r.msgQ.id);
    if (r.msgQ.qDate) leaf(q, NS.epp, 'qDate', iso(r.msgQ.qDate));
    if (r.msgQ.msg) leaf(q, NS.epp, 'msg', r.msgQ.msg);
  }
  if (r.resData) r.resData(res.ele(NS.epp, 'resData'));
  if (r.extension) r.extension(res.ele(NS.epp, 'extension'));
  const tr = res.ele(NS.epp, 'trID');
  if (clTRID) leaf(tr, NS.epp, 'clTRID', clTRID);
  leaf(tr, NS.epp, 'svTRID', svTRID);
  return serialize(doc);
}

export function renderGreeting(svID: string, now: Date): string {
  const { doc, epp } = eppDocument();
  const g = epp.ele(NS.epp, 'greeting');
  leaf(g, NS.epp, 'svID', svID);
  leaf(g, NS.epp, 'svDate', iso(now));
  const menu = g.ele(NS.epp, 'svcMenu');
  leaf(menu, NS.epp, 'version', '1.0');
  leaf(menu, NS.epp, 'lang', 'en');
  leaf(menu, NS.epp, 'lang', 'ja');
  for (const uri of [NS.domain, NS.host, NS.contact]) leaf(menu, NS.epp, 'objURI', uri);
  const ext = menu.ele(NS.epp, 'svcExtension');
  for (const uri of [NS.rgp, NS.secDNS]) leaf(ext, NS.epp, 'extURI', uri);
  const dcp = g.ele(NS.epp, 'dcp');
  dcp.ele(NS.epp, 'access').ele(NS.epp, 'all');
  const st = dcp.ele(NS.epp, 'statement');
  const purpose = st.ele(NS.epp, 'purpose');
  purpose.ele(NS.epp, 'admin');
  purpose.ele(NS.epp, 'prov');
  const rec = st.ele(NS.epp, 'recipient');
  rec.ele(NS.epp, 'ours');
  rec.ele(NS.epp, 'public');
  st.ele(NS.epp, 'retention').ele(NS.epp, 'stated');
  return serialize(doc);
}
