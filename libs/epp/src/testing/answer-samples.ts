/**
 * EPP frames as the simulator writes them (the same writer, the same shapes as libs/registry-sim's answers), and a few
 * written by hand in other legal spellings: the corpus on which the frame scanner is checked against saxes
 * (xml.spec.ts) and timed (bench/epp/answer-parse.bench.ts).
 */
import { NS } from '../xml/namespaces';
import { eppDocument, leaf, serialize, type XmlNode } from '../xml/xml';

const D = NS.domain;
const H = NS.host;
const C = NS.contact;

function response(code: number, msg: string, body?: (res: XmlNode) => void, opts: { reason?: string; msgQ?: { count: number; id: string; qDate?: string; msg?: string } } = {}): string {
  const { doc, epp } = eppDocument();
  const res = epp.ele(NS.epp, 'response');
  const result = res.ele(NS.epp, 'result').att('code', String(code));
  leaf(result, NS.epp, 'msg', msg);
  if (opts.reason) {
    const ev = result.ele(NS.epp, 'extValue');
    ev.ele(NS.epp, 'value').ele(NS.epp, 'undef');
    leaf(ev, NS.epp, 'reason', opts.reason);
  }
  if (opts.msgQ) {
    const q = res.ele(NS.epp, 'msgQ').att('count', String(opts.msgQ.count)).att('id', opts.msgQ.id);
    if (opts.msgQ.qDate) leaf(q, NS.epp, 'qDate', opts.msgQ.qDate);
    if (opts.msgQ.msg) leaf(q, NS.epp, 'msg', opts.msgQ.msg);
  }
  body?.(res);
  const tr = res.ele(NS.epp, 'trID');
  leaf(tr, NS.epp, 'clTRID', 'RGR-1700000000000-42');
  leaf(tr, NS.epp, 'svTRID', 'SIM-000123456');
  return serialize(doc);
}

/** A domain:check answer for `n` names, every third one taken (what the availability search asks, 25 at a time). */
export function domainCheckAnswer(n = 25): string {
  return response(1000, 'Command completed successfully', (res) => {
    const chk = res.ele(NS.epp, 'resData').ele(D, 'domain:chkData');
    for (let i = 0; i < n; i++) {
      const cd = chk.ele(D, 'domain:cd');
      leaf(cd, D, 'domain:name', `kensaku-${i}-example.jp`, { avail: i % 3 ? '1' : '0' });
      if (!(i % 3)) leaf(cd, D, 'domain:reason', 'In use');
    }
  });
}

const iso = '2026-11-27T09:00:00.000Z';

/** The answers the tests cover, by name. */
export const ANSWER_SAMPLES: Record<string, string> = {
  'domain:check (25 names)': domainCheckAnswer(25),
  'domain:check (1 name, IDN)': response(1000, 'Command completed successfully', (res) => {
    const cd = res.ele(NS.epp, 'resData').ele(D, 'domain:chkData').ele(D, 'domain:cd');
    leaf(cd, D, 'domain:name', 'xn--r8jz45g.jp', { avail: '1' });
  }),
  'host:check': response(1000, 'Command completed successfully', (res) => {
    const c = res.ele(NS.epp, 'resData').ele(H, 'host:chkData');
    leaf(c.ele(H, 'host:cd'), H, 'host:name', 'ns1.example.jp', { avail: '0' });
    leaf(c.ele(H, 'host:cd'), H, 'host:reason', 'In use');
  }),
  'contact:check': response(1000, 'Command completed successfully', (res) => {
    const c = res.ele(NS.epp, 'resData').ele(C, 'contact:chkData');
    leaf(c.ele(C, 'contact:cd'), C, 'contact:id', 'RGR-C1', { avail: '1' });
  }),
  'domain:info (full, rgp and secDNS)': response(1000, 'Command completed successfully', (res) => {
    const e = res.ele(NS.epp, 'resData').ele(D, 'domain:infData');
    leaf(e, D, 'domain:name', 'example.jp');
    leaf(e, D, 'domain:roid', 'D123-SIM');
    for (const s of ['ok', 'clientTransferProhibited']) e.ele(D, 'domain:status').att('s', s);
    leaf(e, D, 'domain:registrant', 'RGR-C1');
    leaf(e, D, 'domain:contact', 'RGR-C2', { type: 'admin' });
    leaf(e, D, 'domain:contact', 'RGR-C3', { type: 'tech' });
    const ns = e.ele(D, 'domain:ns');
    leaf(ns, D, 'domain:hostObj', 'ns1.example.jp');
    leaf(ns, D, 'domain:hostObj', 'ns2.example.jp');
    leaf(e, D, 'domain:host', 'ns1.example.jp');
    leaf(e, D, 'domain:clID', 'registrar');
    leaf(e, D, 'domain:crID', 'registrar');
    leaf(e, D, 'domain:crDate', iso);
    leaf(e, D, 'domain:exDate', '2027-11-27T09:00:00.000Z');
    leaf(e.ele(D, 'domain:authInfo'), D, 'domain:pw', 'p&<w>"\'');
    const ext = res.ele(NS.epp, 'extension');
    ext.ele(NS.rgp, 'rgp:infData').ele(NS.rgp, 'rgp:rgpStatus').att('s', 'addPeriod');
    const sec = ext.ele(NS.secDNS, 'secDNS:infData');
    const ds = sec.ele(NS.secDNS, 'secDNS:dsData');
    leaf(ds, NS.secDNS, 'secDNS:keyTag', 12345);
    leaf(ds, NS.secDNS, 'secDNS:alg', 13);
    leaf(ds, NS.secDNS, 'secDNS:digestType', 2);
    leaf(ds, NS.secDNS, 'secDNS:digest', '49FD46E6C4B45C55D4AC49FD46E6C4B45C55D4AC49FD46E6C4B45C55D4AC1234');
  }),
  'contact:info (Japanese)': response(1000, 'Command completed successfully', (res) => {
    const e = res.ele(NS.epp, 'resData').ele(C, 'contact:infData');
    leaf(e, C, 'contact:id', 'RGR-C1');
    leaf(e, C, 'contact:roid', 'C1-SIM');
    e.ele(C, 'contact:status').att('s', 'ok');
    const pi = e.ele(C, 'contact:postalInfo').att('type', 'loc');
    leaf(pi, C, 'contact:name', '山田 太郎');
    leaf(pi, C, 'contact:org', '株式会社サンプル & Co.');
    const a = pi.ele(C, 'contact:addr');
    leaf(a, C, 'contact:street', '千代田区丸の内1-1-1');
    leaf(a, C, 'contact:street', 'サンプルビル 10F');
    leaf(a, C, 'contact:city', '千代田区');
    leaf(a, C, 'contact:sp', '東京都');
    leaf(a, C, 'contact:pc', '100-0005');
    leaf(a, C, 'contact:cc', 'JP');
    leaf(e, C, 'contact:voice', '+81.312345678', { x: '1234' });
    leaf(e, C, 'contact:email', 'taro@example.jp');
    leaf(e, C, 'contact:clID', 'registrar');
    leaf(e, C, 'contact:crDate', iso);
  }),
  'domain:create': response(1000, 'Command completed successfully', (res) => {
    const e = res.ele(NS.epp, 'resData').ele(D, 'domain:creData');
    leaf(e, D, 'domain:name', 'example.jp');
    leaf(e, D, 'domain:crDate', iso);
    leaf(e, D, 'domain:exDate', '2027-11-27T09:00:00.000Z');
  }),
  'domain:renew': response(1000, 'Command completed successfully', (res) => {
    const e = res.ele(NS.epp, 'resData').ele(D, 'domain:renData');
    leaf(e, D, 'domain:name', 'example.jp');
    leaf(e, D, 'domain:exDate', '2028-11-27T09:00:00.000Z');
  }),
  'domain:transfer (pending)': response(1001, 'Command completed successfully; action pending', (res) => {
    const e = res.ele(NS.epp, 'resData').ele(D, 'domain:trnData');
    leaf(e, D, 'domain:name', 'example.jp');
    leaf(e, D, 'domain:trStatus', 'pending');
    leaf(e, D, 'domain:reID', 'registrar');
    leaf(e, D, 'domain:reDate', iso);
    leaf(e, D, 'domain:acID', 'other');
    leaf(e, D, 'domain:acDate', '2026-12-02T09:00:00.000Z');
  }),
  'poll (pan message)': response(1301, 'Command completed successfully; ack to dequeue', (res) => {
    const e = res.ele(NS.epp, 'resData').ele(D, 'domain:panData');
    leaf(e, D, 'domain:name', 'example.jp', { paResult: '1' });
    const tr = e.ele(D, 'domain:paTRID');
    leaf(tr, NS.epp, 'clTRID', 'RGR-1');
    leaf(tr, NS.epp, 'svTRID', 'SIM-1');
    leaf(e, D, 'domain:paDate', iso);
  }, { msgQ: { count: 3, id: '17', qDate: iso, msg: 'Transfer approved' } }),
  'poll (empty)': response(1300, 'Command completed successfully; no messages'),
  'error with extValue/reason': response(2306, 'Parameter value policy error', undefined, { reason: '期間は1年から10年です <years>' }),
  greeting: (() => {
    const { doc, epp } = eppDocument();
    const g = epp.ele(NS.epp, 'greeting');
    leaf(g, NS.epp, 'svID', 'Registry Simulator');
    leaf(g, NS.epp, 'svDate', iso);
    const menu = g.ele(NS.epp, 'svcMenu');
    leaf(menu, NS.epp, 'version', '1.0');
    leaf(menu, NS.epp, 'lang', 'en');
    for (const u of [D, H, C]) leaf(menu, NS.epp, 'objURI', u);
    const ext = menu.ele(NS.epp, 'svcExtension');
    for (const u of [NS.rgp, NS.secDNS]) leaf(ext, NS.epp, 'extURI', u);
    return serialize(doc);
  })(),
  // written by hand: other prefixes, a default namespace redeclared, single quotes, white space, references, CDATA
  'other spellings': `<?xml version="1.0" encoding="UTF-8"?>\n<e:epp xmlns:e='${NS.epp}'>\n  <e:response>\n    <e:result code = "2302" >\n      <e:msg lang="en">Object exists &amp; &#x41;&#66; &lt;x&gt; &quot;q&quot; &apos;a&apos;</e:msg>\n      <e:value><name xmlns="${D}">a&#12354;.jp</name></e:value>\n    </e:result>\n    <e:resData><chkData xmlns="${D}"><cd><name avail="0">x.jp</name><reason><![CDATA[<b>in use</b> & ]]>  later</reason></cd></chkData></e:resData>\n    <e:trID><e:svTRID>S-1</e:svTRID></e:trID>\n    <e:extension><x xmlns="">none</x><rgp:upData xmlns:rgp="${NS.rgp}"/></e:extension>\n  </e:response>\n</e:epp>\n`,
};

/** Documents the scanner leaves to saxes (which then reads or refuses them): the result must still be saxes' own. */
export const SAXES_ONLY_SAMPLES: Record<string, string> = {
  'a comment': `<?xml version="1.0"?><!-- <foo xmlns="urn:x"> --><epp xmlns="${NS.epp}"><hello/></epp>`,
  'a processing instruction': `<epp xmlns="${NS.epp}"><?pi x?><hello/></epp>`,
  'CR LF line ends': `<epp xmlns="${NS.epp}">\r\n<greeting><svID>a\r\nb</svID></greeting></epp>`,
  'a reference in an attribute': `<epp xmlns="${NS.epp}"><response><result code="1&#48;00"><msg>ok</msg></result></response></epp>`,
  'a prefixed attribute': `<epp xmlns="${NS.epp}"><response><result code="1000"><msg xml:lang="ja">完了</msg></result></response></epp>`,
  'a character outside the BMP': `<epp xmlns="${NS.epp}"><greeting><svID>\u{20BB7}野家</svID></greeting></epp>`,
  'an XML 1.1 declaration': `<?xml version="1.1"?><epp xmlns="${NS.epp}"><hello/></epp>`,
};
