import * as B from './command.builder';
import { parseDomainCheck, parseDomainInfo, parsePollMessage, parseResponse } from './response.parser';
import { validateEppFrames } from '../testing/xsd-validator';

const C = 'ABC-12345';

/** One frame of every command the client can send. */
function everyCommand(): Record<string, string> {
  const ds = { keyTag: 12345, alg: 13, digestType: 2, digest: 'AB'.repeat(32) };
  return {
    hello: B.buildHello(),
    login: B.buildLogin(C, 'rakko', 'pw<&>"\'x'),
    logout: B.buildLogout(C),
    pollReq: B.buildPoll(C, 'req'),
    pollAck: B.buildPoll(C, 'ack', '12'),
    check: B.buildDomainCheck(C, ['example.com', 'xn--eckwd4c7c.jp']),
    info: B.buildDomainInfo(C, 'example.com', { authInfo: 'x<y' }),
    create: B.buildDomainCreate(C, { name: 'example.com', period: { value: 1, unit: 'y' }, ns: ['ns1.example.net'], registrant: 'REG-1', contacts: [{ type: 'admin', id: 'ADM-1' }], authInfo: 'secret&1', secDNS: { dsData: [ds] } }),
    delete: B.buildDomainDelete(C, 'example.com'),
    renew: B.buildDomainRenew(C, 'example.com', new Date('2027-04-03T00:00:00Z'), { value: 2, unit: 'y' }),
    transferRequest: B.buildDomainTransfer(C, 'request', 'example.com', { authInfo: 'x', period: { value: 1, unit: 'y' } }),
    transferApprove: B.buildDomainTransfer(C, 'approve', 'example.com'),
    update: B.buildDomainUpdate(C, { name: 'example.com', add: { statuses: ['clientTransferProhibited'], ns: ['ns2.example.net'] }, rem: { contacts: [{ type: 'tech', id: 'TEC-1' }] }, chg: { authInfo: 'new-code' }, secDNS: { remAll: true, add: [ds] } }),
    restoreRequest: B.buildDomainRestore(C, 'example.com'),
    restoreReport: B.buildDomainRestore(C, 'example.com', { preData: 'p', postData: 'q', delTime: new Date(), resTime: new Date(), resReason: 'r', statements: ['s1', 's2'] }),
    hostCheck: B.buildHostCheck(C, ['ns1.example.com']),
    hostCreate: B.buildHostCreate(C, 'ns1.example.com', [{ ip: 'v4', address: '192.0.2.1' }, { ip: 'v6', address: '2001:db8::1' }]),
    hostInfo: B.buildHostInfo(C, 'ns1.example.com'),
    hostUpdate: B.buildHostUpdate(C, { name: 'ns1.example.com', rem: { addrs: [{ ip: 'v4', address: '192.0.2.1' }] }, newName: 'ns2.example.com' }),
    hostDelete: B.buildHostDelete(C, 'ns1.example.com'),
    contactCheck: B.buildContactCheck(C, ['CON-1']),
    contactCreate: B.buildContactCreate(C, { id: 'CON-1', postalInfo: [{ type: 'loc', name: '山田 太郎', org: '株式会社テスト', street: ['渋谷1-2-3'], city: '渋谷区', sp: '東京都', pc: '1500002', cc: 'JP' }], voice: '+81.312345678', email: 'a@example.jp', authInfo: 'pw-123' }),
    contactInfo: B.buildContactInfo(C, 'CON-1'),
    contactUpdate: B.buildContactUpdate(C, { id: 'CON-1', add: { statuses: ['clientDeleteProhibited'] }, chg: { email: 'b@example.jp' } }),
    contactDelete: B.buildContactDelete(C, 'CON-1'),
  };
}

describe('EPP command builders', () => {
  it('every command frame validates against the official XSDs', () => {
    const frames = everyCommand();
    const results = validateEppFrames(Object.values(frames));
    const bad = results.map((r, i) => ({ cmd: Object.keys(frames)[i], ...r })).filter((r) => !r.ok);
    expect(bad.map((b) => `${b.cmd}: ${b.errors}`)).toEqual([]);
  });

  it('escapes user input instead of concatenating it into the XML', () => {
    const xml = B.buildDomainCheck(C, ['a.com</domain:name><domain:name>b.com']);
    expect(xml).toContain('a.com&lt;/domain:name&gt;&lt;domain:name&gt;b.com');
    expect(B.buildLogin(C, 'rakko', '<pw>&')).toContain('<pw>&lt;pw&gt;&amp;</pw>');
  });

  it('writes the current expiry as a date and carries the clTRID', () => {
    const xml = B.buildDomainRenew(C, 'example.com', new Date('2027-04-03T10:00:00Z'));
    expect(xml).toContain('<domain:curExpDate>2027-04-03</domain:curExpDate>');
    expect(xml).toContain(`<clTRID>${C}</clTRID>`);
  });
});

describe('EPP response parsers', () => {
  const wrap = (inner: string, ext = '') => `<?xml version="1.0" encoding="UTF-8"?><epp xmlns="urn:ietf:params:xml:ns:epp-1.0"><response><result code="1000"><msg>ok</msg></result>${inner}${ext}<trID><clTRID>${C}</clTRID><svTRID>S-1</svTRID></trID></response></epp>`;

  it('reads check results with their reasons', () => {
    const res = parseResponse(wrap('<resData><domain:chkData xmlns:domain="urn:ietf:params:xml:ns:domain-1.0"><domain:cd><domain:name avail="1">a.com</domain:name></domain:cd><domain:cd><domain:name avail="0">b.com</domain:name><domain:reason>Premium name</domain:reason></domain:cd></domain:chkData></resData>'));
    expect(res).toMatchObject({ code: 1000, clTRID: C, svTRID: 'S-1' });
    expect(parseDomainCheck(res)).toEqual([
      { name: 'a.com', avail: true, reason: undefined, kind: 'available' },
      { name: 'b.com', avail: false, reason: 'Premium name', kind: 'premium' },
    ]);
  });

  it('reads info with RGP and secDNS extensions, which share the local name infData', () => {
    const res = parseResponse(wrap(
      '<resData><domain:infData xmlns:domain="urn:ietf:params:xml:ns:domain-1.0"><domain:name>a.com</domain:name><domain:roid>1-SIM</domain:roid><domain:status s="ok"/><domain:clID>rakko</domain:clID><domain:exDate>2027-01-01T00:00:00.0Z</domain:exDate></domain:infData></resData>',
      '<extension><secDNS:infData xmlns:secDNS="urn:ietf:params:xml:ns:secDNS-1.1"><secDNS:dsData><secDNS:keyTag>1</secDNS:keyTag><secDNS:alg>8</secDNS:alg><secDNS:digestType>2</secDNS:digestType><secDNS:digest>AB</secDNS:digest></secDNS:dsData></secDNS:infData><rgp:infData xmlns:rgp="urn:ietf:params:xml:ns:rgp-1.0"><rgp:rgpStatus s="addPeriod"/></rgp:infData></extension>',
    ));
    const info = parseDomainInfo(res);
    expect(info).toMatchObject({ name: 'a.com', statuses: ['ok'], rgpStatuses: ['addPeriod'], clID: 'rakko', secDNS: { dsData: [{ keyTag: 1, alg: 8, digestType: 2, digest: 'AB' }] } });
    expect(info.exDate?.toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });

  it('reads a poll message with a transfer notice and the reason of an error', () => {
    const poll = parseResponse(`<epp xmlns="urn:ietf:params:xml:ns:epp-1.0"><response><result code="1301"><msg>ack</msg></result><msgQ count="2" id="9"><qDate>2026-01-01T00:00:00Z</qDate><msg>Transfer requested.</msg></msgQ><resData><domain:trnData xmlns:domain="urn:ietf:params:xml:ns:domain-1.0"><domain:name>a.com</domain:name><domain:trStatus>pending</domain:trStatus><domain:reID>b</domain:reID><domain:reDate>2026-01-01T00:00:00Z</domain:reDate><domain:acID>a</domain:acID><domain:acDate>2026-01-06T00:00:00Z</domain:acDate></domain:trnData></resData><trID><svTRID>S</svTRID></trID></response></epp>`);
    expect(parsePollMessage(poll)).toMatchObject({ id: '9', count: 2, msg: 'Transfer requested.', transfer: { name: 'a.com', trStatus: 'pending', reID: 'b', acID: 'a' } });
    const err = parseResponse(`<epp xmlns="urn:ietf:params:xml:ns:epp-1.0"><response><result code="2306"><msg>Parameter value policy error</msg><extValue><value><undef/></value><reason>at most 50 names</reason></extValue></result><trID><svTRID>S</svTRID></trID></response></epp>`);
    expect(err).toMatchObject({ code: 2306, reason: 'at most 50 names' });
  });

  it('refuses frames with a DTD (no entity expansion)', () => {
    expect(() => parseResponse('<?xml version="1.0"?><!DOCTYPE epp [<!ENTITY x "y">]><epp/>')).toThrow(/DTD/);
  });
});
