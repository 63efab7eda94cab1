/**
 * Every EPP command and lifecycle through the client (@registrar/epp) against the running registry simulator:
 * check limits, create, info, renew, transfer with its lock, auto-approval, approve/reject/cancel, delete →
 * redemption → restore or purge, poll messages, hosts, contacts, secDNS and the .co.jp rules.
 * Every frame sent or received validates against the official XSDs.
 */
import { EppClientPool, EppError, EppResultCode, assertValidEppFrames } from '@registrar/epp';
import { buildDomainCheck, buildLogin } from '@registrar/epp';
import { client, contactInput, frames, freeName, rawSession, REGISTRAR_A, REGISTRAR_B, simClock, uniqueId } from './epp-harness';

let a: EppClientPool;
let b: EppClientPool;

const code = (p: Promise<unknown>) => p.then(() => 'resolved', (e) => (e instanceof EppError ? e.code : `not an EppError: ${e}`));

/** drains a registrar's poll queue, acknowledging every message */
async function drain(c: EppClientPool) {
  const all = [];
  for (;;) {
    const p = await c.poll();
    if (p.empty || !p.message) return all;
    all.push(p.message);
    await c.pollAck(p.message.id);
  }
}

beforeAll(async () => {
  a = client(REGISTRAR_A);
  b = client(REGISTRAR_B);
  await drain(a);
  await drain(b);
});

afterAll(async () => {
  await a?.close();
  await b?.close();
});

describe('domain:check', () => {
  it('answers availability with the reason of each unavailable name', async () => {
    const free = await freeName(a, 'com');
    const r = await a.check([free, 'google.com', 'nic.com', 'ai.com', 'rakuten.net']);
    expect(r.map((x) => [x.name, x.avail, x.kind])).toEqual([
      [free, true, 'available'],
      ['google.com', false, 'taken'],
      ['nic.com', false, 'reserved'],
      ['ai.com', false, 'premium'],
      ['rakuten.net', false, 'taken'],
    ]);
  });

  it('refuses more names than the registry allows per command with 2306', async () => {
    const names = Array.from({ length: 51 }, (_, i) => `over-limit-${i}.com`);
    expect(await code(a.check(names))).toBe(EppResultCode.ParameterValuePolicyError);
  });

  it('splits a long list by TLD and limit when asked (checkBatch)', async () => {
    const names = [...Array.from({ length: 30 }, (_, i) => `batch-${i}.com`), ...Array.from({ length: 30 }, (_, i) => `batch-${i}.jp`)];
    const r = await a.checkBatch(names);
    expect(r.map((x) => x.name)).toEqual(names);
  });

  it('shows a realistic mix: some ordinary names are taken, most are free', async () => {
    const names = Array.from({ length: 50 }, (_, i) => `mix${i}-shop.com`);
    const r = await a.check(names);
    const taken = r.filter((x) => !x.avail).length;
    expect(taken).toBeGreaterThan(3);
    expect(taken).toBeLessThan(35);
  });
});

describe('domain create, info, renew', () => {
  it('creates a domain, shows it fully to its sponsor and only partly to others', async () => {
    const name = await freeName(a, 'com');
    const created = await a.create({ name, period: { value: 2, unit: 'y' }, authInfo: 'Secret-Auth-1' });
    expect(created.pending).toBe(false);
    expect(created.exDate!.getUTCFullYear() - created.crDate.getUTCFullYear()).toBe(2);
    const mine = await a.info(name);
    expect(mine.clID).toBe(REGISTRAR_A.clientId);
    expect(mine.authInfo).toBe('Secret-Auth-1');
    expect(mine.rgpStatuses).toContain('addPeriod');
    expect(mine.statuses).toContain('inactive');
    const theirs = await b.info(name);
    expect(theirs.authInfo).toBeUndefined();
    expect(await code(b.info(name, { authInfo: 'wrong-one' }))).toBe(EppResultCode.InvalidAuthorizationInformation);
    expect((await b.info(name, { authInfo: 'Secret-Auth-1' })).authInfo).toBe('Secret-Auth-1');
    expect(await code(a.create({ name, authInfo: 'Secret-Auth-1' }))).toBe(EppResultCode.ObjectExists);
    expect((await a.check([name]))[0]).toMatchObject({ avail: false, kind: 'taken' });
  });

  it('treats a name reported as taken like any registered name: held by another registrar, authInfo required', async () => {
    const info = await a.info('google.com');
    expect(info.clID).toBe('sim-holder');
    expect(info.authInfo).toBeUndefined();
    expect(await code(a.transfer('request', 'google.com', { authInfo: 'guessing-it' }))).toBe(EppResultCode.InvalidAuthorizationInformation);
    expect(await code(a.delete('google.com'))).toBe(EppResultCode.AuthorizationError);
  });

  it('refuses reserved and premium names, bad periods and unknown names', async () => {
    expect(await code(a.create({ name: 'whois.net', authInfo: 'Secret-Auth-1' }))).toBe(EppResultCode.DataManagementPolicyViolation);
    expect(await code(a.create({ name: 'ai.net', authInfo: 'Secret-Auth-1' }))).toBe(EppResultCode.ParameterValuePolicyError);
    const name = await freeName(a, 'com');
    expect(await code(a.create({ name, period: { value: 11, unit: 'y' }, authInfo: 'Secret-Auth-1' }))).toBe(EppResultCode.ParameterValueRangeError);
    expect(await code(a.info(await freeName(a, 'net')))).toBe(EppResultCode.ObjectDoesNotExist);
  });

  it('renews only with the current expiry date', async () => {
    const name = await freeName(a, 'net');
    const { exDate } = await a.create({ name, authInfo: 'Secret-Auth-1' });
    const wrong = new Date(exDate!.getTime() - 86_400_000 * 3);
    expect(await code(a.renew(name, wrong, { value: 1, unit: 'y' }))).toBe(EppResultCode.ParameterValuePolicyError);
    expect(await code(b.renew(name, exDate!, { value: 1, unit: 'y' }))).toBe(EppResultCode.AuthorizationError);
    const renewed = await a.renew(name, exDate!, { value: 3, unit: 'y' });
    expect(renewed.exDate!.getUTCFullYear()).toBe(exDate!.getUTCFullYear() + 3);
    expect(await code(a.renew(name, renewed.exDate!, { value: 9, unit: 'y' }))).toBe(EppResultCode.ParameterValuePolicyError);
    expect((await a.info(name)).rgpStatuses).toContain('renewPeriod');
  });
});

describe('domain transfer', () => {
  it('keeps a new domain locked for 60 days, checks authInfo, honours clientTransferProhibited, then auto-approves after 5 days', async () => {
    const name = await freeName(a, 'com');
    await a.create({ name, authInfo: 'Transfer-Me-1' });
    expect(await code(b.transfer('request', name, { authInfo: 'Transfer-Me-1' }))).toBe(EppResultCode.ObjectNotEligibleForTransfer);
    await simClock.advanceDays(61);
    expect(await code(b.transfer('request', name, { authInfo: 'not-the-code' }))).toBe(EppResultCode.InvalidAuthorizationInformation);

    await a.update({ name, add: { statuses: ['clientTransferProhibited'] } });
    expect((await a.info(name)).statuses).toContain('clientTransferProhibited');
    expect(await code(b.transfer('request', name, { authInfo: 'Transfer-Me-1' }))).toBe(EppResultCode.ObjectStatusProhibitsOperation);
    await a.update({ name, rem: { statuses: ['clientTransferProhibited'] } });

    const before = await a.info(name);
    await drain(a);
    const req = await b.transfer('request', name, { authInfo: 'Transfer-Me-1', period: { value: 1, unit: 'y' } });
    expect(req).toMatchObject({ pending: true, trStatus: 'pending', reID: REGISTRAR_B.clientId, acID: REGISTRAR_A.clientId });
    expect((await a.info(name)).statuses).toContain('pendingTransfer');
    expect(await code(b.transfer('request', name, { authInfo: 'Transfer-Me-1' }))).toBe(EppResultCode.ObjectPendingTransfer);
    const notice = (await drain(a)).find((m) => m.transfer?.name === name);
    expect(notice?.transfer?.trStatus).toBe('pending');
    expect((await a.transfer('query', name)).trStatus).toBe('pending');

    await simClock.advanceDays(5);
    const after = await b.info(name);
    expect(after.clID).toBe(REGISTRAR_B.clientId);
    expect(after.exDate!.getUTCFullYear()).toBe(before.exDate!.getUTCFullYear() + 1);
    expect(after.rgpStatuses).toContain('transferPeriod');
    expect((await b.transfer('query', name)).trStatus).toBe('serverApproved');
    expect((await drain(b)).some((m) => m.transfer?.name === name && m.transfer.trStatus === 'serverApproved')).toBe(true);
    expect((await drain(a)).some((m) => m.transfer?.name === name && m.transfer.trStatus === 'serverApproved')).toBe(true);
    // the new sponsor's domain is locked again for 60 days
    expect(await code(a.transfer('request', name, { authInfo: after.authInfo }))).toBe(EppResultCode.ObjectNotEligibleForTransfer);
  });

  it('lets the sponsor reject or approve and the requester cancel', async () => {
    const name = await freeName(a, 'net');
    await a.create({ name, authInfo: 'Transfer-Me-2' });
    await simClock.advanceDays(61);
    await b.transfer('request', name, { authInfo: 'Transfer-Me-2' });
    expect(await code(b.transfer('approve', name))).toBe(EppResultCode.AuthorizationError);
    expect((await a.transfer('reject', name)).trStatus).toBe('clientRejected');
    expect((await a.info(name)).clID).toBe(REGISTRAR_A.clientId);
    await b.transfer('request', name, { authInfo: 'Transfer-Me-2' });
    expect((await b.transfer('cancel', name)).trStatus).toBe('clientCancelled');
    expect(await code(a.transfer('approve', name))).toBe(EppResultCode.ObjectNotPendingTransfer);
    await b.transfer('request', name, { authInfo: 'Transfer-Me-2' });
    expect((await a.transfer('approve', name)).trStatus).toBe('clientApproved');
    expect((await b.info(name)).clID).toBe(REGISTRAR_B.clientId);
    const msgs = await drain(b);
    expect(msgs.filter((m) => m.transfer?.name === name).map((m) => m.transfer!.trStatus)).toEqual(['clientRejected', 'clientApproved']);
  });
});

describe('domain delete, redemption and restore (RFC 3915)', () => {
  it('deletes into redemptionPeriod, restores with request and report', async () => {
    const name = await freeName(a, 'com');
    await a.create({ name, authInfo: 'Delete-Me-1' });
    await simClock.advanceDays(6); // past the add grace period (a delete then would release the name at once)
    expect((await a.delete(name)).pending).toBe(true);
    const deleted = await a.info(name);
    expect(deleted.statuses).toContain('pendingDelete');
    expect(deleted.rgpStatuses).toEqual(['redemptionPeriod']);
    expect((await a.check([name]))[0].avail).toBe(false);
    expect(await code(a.update({ name, add: { statuses: ['clientHold'] } }))).toBe(EppResultCode.ObjectStatusProhibitsOperation);
    expect(await code(a.restoreReport(name, report()))).toBe(EppResultCode.ObjectStatusProhibitsOperation);

    expect((await a.restore(name)).rgpStatuses).toEqual(['pendingRestore']);
    expect((await a.info(name)).rgpStatuses).toEqual(['pendingRestore']);
    await a.restoreReport(name, report());
    const restored = await a.info(name);
    expect(restored.rgpStatuses).toEqual([]);
    expect(restored.statuses).not.toContain('pendingDelete');
  });

  it('moves an unrestored domain to pendingDelete after 30 days and purges it 5 days later, with a poll message', async () => {
    const name = await freeName(a, 'net');
    await a.create({ name, authInfo: 'Delete-Me-2' });
    await simClock.advanceDays(6);
    await a.delete(name);
    await drain(a);
    await simClock.advanceDays(30);
    expect((await a.info(name)).rgpStatuses).toEqual(['pendingDelete']);
    expect(await code(a.restore(name))).toBe(EppResultCode.ObjectStatusProhibitsOperation);
    await simClock.advanceDays(5);
    expect(await code(a.info(name))).toBe(EppResultCode.ObjectDoesNotExist);
    const purge = (await drain(a)).find((m) => m.pendingAction?.name === name);
    expect(purge?.pendingAction?.paResult).toBe(true);
  });

  it('releases a domain deleted within the add grace period at once', async () => {
    const name = await freeName(a, 'com');
    await a.create({ name, authInfo: 'Delete-Me-3' });
    expect((await a.delete(name)).pending).toBe(false);
    expect((await a.check([name]))[0].avail).toBe(true);
  });
});

describe('hosts, contacts, name servers and DNSSEC', () => {
  it('manages contacts and hosts, links them to a domain and refuses deleting what is in use', async () => {
    const cid = uniqueId('ct');
    expect((await a.contactCheck([cid]))[0].avail).toBe(true);
    await a.contactCreate(contactInput(cid));
    const info = await a.contactInfo(cid);
    expect(info.postalInfo[0]).toMatchObject({ name: '山田 太郎', city: '渋谷区', cc: 'JP' });
    await a.contactUpdate({ id: cid, chg: { email: 'new@example.jp' } });
    expect((await a.contactInfo(cid)).email).toBe('new@example.jp');

    const name = await freeName(a, 'com');
    await a.create({ name, registrant: cid, contacts: [{ type: 'admin', id: cid }, { type: 'tech', id: cid }], authInfo: 'Hosts-Me-1', ns: ['ns1.example-dns.net', 'ns2.example-dns.net'] });
    await a.hostCreate(`ns1.${name}`, [{ ip: 'v4', address: '192.0.2.10' }, { ip: 'v6', address: '2001:db8::10' }]);
    expect(await code(a.hostCreate(`ns2.${name}`))).toBe(EppResultCode.RequiredParameterMissing);
    expect(await code(b.hostCreate(`ns3.${name}`, [{ ip: 'v4', address: '192.0.2.11' }]))).toBe(EppResultCode.AuthorizationError);
    await a.update({ name, add: { ns: [`ns1.${name}`] }, rem: { ns: ['ns2.example-dns.net'] } });
    const d = await a.info(name);
    expect(d.ns).toEqual(['ns1.example-dns.net', `ns1.${name}`]);
    expect(d.hosts).toEqual([`ns1.${name}`]);
    expect(d.registrant).toBe(cid);
    expect(d.statuses).toEqual(['ok']);
    expect((await a.hostInfo(`ns1.${name}`)).statuses).toContain('linked');
    expect(await code(a.hostDelete(`ns1.${name}`))).toBe(EppResultCode.ObjectAssociationProhibitsOperation);
    expect(await code(a.contactDelete(cid))).toBe(EppResultCode.ObjectAssociationProhibitsOperation);
    await a.hostUpdate({ name: `ns1.${name}`, rem: { addrs: [{ ip: 'v6', address: '2001:db8::10' }] } });
    expect((await a.hostInfo(`ns1.${name}`)).addrs).toEqual([{ ip: 'v4', address: '192.0.2.10' }]);
    expect((await a.hostCheck([`ns1.${name}`]))[0].avail).toBe(false);

    await a.update({ name, rem: { ns: [`ns1.${name}`] } });
    await a.hostDelete(`ns1.${name}`);
    const spare = uniqueId('sp');
    await a.contactCreate(contactInput(spare));
    await a.contactDelete(spare);
    expect(await code(a.contactInfo(spare))).toBe(EppResultCode.ObjectDoesNotExist);
  });

  it('keeps DS records (secDNS-1.1) on create and update', async () => {
    const name = await freeName(a, 'net');
    const ds1 = { keyTag: 12345, alg: 13, digestType: 2, digest: '49FD46E6C4B45C55D4AC69CBD3CD34AC1AFE51DE'.padEnd(64, '0') };
    const ds2 = { keyTag: 54321, alg: 8, digestType: 2, digest: 'AB'.repeat(32) };
    await a.create({ name, authInfo: 'Sec-Dns-1', secDNS: { dsData: [ds1] } });
    expect((await a.info(name)).secDNS?.dsData).toEqual([ds1]);
    await a.update({ name, secDNS: { add: [ds2], rem: [ds1] } });
    expect((await a.info(name)).secDNS?.dsData).toEqual([ds2]);
    await a.update({ name, secDNS: { remAll: true } });
    expect((await a.info(name)).secDNS).toBeUndefined();
  });
});

describe('.jp rules', () => {
  it('registers co.jp provisionally for 6 months, one per organisation, completed by the registrant', async () => {
    const org = `株式会社テスト${uniqueId('')}`;
    const cid = uniqueId('jp');
    await a.contactCreate(contactInput(cid, org));
    const name = await freeName(a, 'co.jp');
    const created = await a.create({ name, period: { value: 6, unit: 'm' }, registrant: cid, authInfo: 'Co-Jp-Auth-1' });
    const months = (created.exDate!.getUTCFullYear() - created.crDate.getUTCFullYear()) * 12 + created.exDate!.getUTCMonth() - created.crDate.getUTCMonth();
    expect(months).toBe(6);
    const prov = await a.info(name);
    expect(prov.statuses).toEqual(expect.arrayContaining(['serverHold', 'serverRenewProhibited', 'serverTransferProhibited']));
    expect(await code(a.renew(name, created.exDate!, { value: 1, unit: 'y' }))).toBe(EppResultCode.ObjectStatusProhibitsOperation);
    expect(await code(a.update({ name, add: { ns: ['ns1.example-dns.net'] } }))).toBe(EppResultCode.ObjectStatusProhibitsOperation);

    const other = await freeName(a, 'co.jp');
    expect(await code(a.create({ name: other, registrant: cid, authInfo: 'Co-Jp-Auth-2' }))).toBe(EppResultCode.DataManagementPolicyViolation);
    const noOrg = uniqueId('no');
    await a.contactCreate(contactInput(noOrg));
    expect(await code(a.create({ name: other, registrant: noOrg, authInfo: 'Co-Jp-Auth-2' }))).toBe(EppResultCode.ParameterValuePolicyError);

    await a.update({ name, chg: { registrant: cid } });
    const full = await a.info(name);
    expect(full.statuses).not.toContain('serverHold');
    expect(full.exDate!.getUTCFullYear()).toBe((await simClock.now()).getUTCFullYear() + 1);
  });

  it('releases a provisional co.jp that is not completed within 6 months', async () => {
    const cid = uniqueId('jq');
    await a.contactCreate(contactInput(cid, `合同会社期限${uniqueId('')}`));
    const name = await freeName(a, 'co.jp');
    await a.create({ name, period: { value: 6, unit: 'm' }, registrant: cid, authInfo: 'Co-Jp-Auth-3' });
    await drain(a);
    await simClock.advanceDays(190);
    expect(await code(a.info(name))).toBe(EppResultCode.ObjectDoesNotExist);
    expect((await drain(a)).some((m) => m.msg?.includes(name))).toBe(true);
  });

  it('transfers .jp without the 60-day lock, needs a registrant, and sets the expiry one year from the transfer', async () => {
    const cid = uniqueId('jr');
    await a.contactCreate(contactInput(cid));
    const name = await freeName(a, 'jp');
    expect(await code(a.create({ name, authInfo: 'Jp-Auth-1' }))).toBe(EppResultCode.RequiredParameterMissing);
    const { exDate } = await a.create({ name, registrant: cid, authInfo: 'Jp-Auth-1', period: { value: 1, unit: 'y' } });
    await b.transfer('request', name, { authInfo: 'Jp-Auth-1' });
    await a.transfer('approve', name);
    const after = await b.info(name);
    expect(after.clID).toBe(REGISTRAR_B.clientId);
    expect(after.exDate!.getTime()).toBeGreaterThanOrEqual(exDate!.getTime());
  });
});

describe('session', () => {
  it('refuses a wrong password with 2200', async () => {
    const bad = client({ clientId: 'rakko', password: 'not-the-password' });
    expect(await code(bad.check(['x-login.com']))).toBe(EppResultCode.AuthenticationError);
    await bad.close();
  });
});

describe('protocol errors (raw frames)', () => {
  const resultCode = (xml: string) => Number(/<result code="(\d+)"/.exec(xml)?.[1]);

  it('greets, refuses commands before login, malformed XML, DTDs and unknown object namespaces, then logs in', async () => {
    const s = await rawSession();
    try {
      expect(s.greeting).toContain('<svID>Rakko Registry Simulator</svID>');
      expect(resultCode(await s.send(buildDomainCheck('RAW-1', ['a-raw.com'])))).toBe(2002);
      expect(resultCode(await s.send('<epp xmlns="urn:ietf:params:xml:ns:epp-1.0"><command><check>'))).toBe(2001);
      expect(resultCode(await s.send('<?xml version="1.0"?><!DOCTYPE epp [<!ENTITY x "y">]><epp xmlns="urn:ietf:params:xml:ns:epp-1.0"><hello/></epp>'))).toBe(2001);
      expect(resultCode(await s.send('<epp xmlns="urn:ietf:params:xml:ns:epp-1.0"><command><frobnicate/><clTRID>RAW-2</clTRID></command></epp>'))).toBe(2000);
      expect(resultCode(await s.send(buildLogin('RAW-3', REGISTRAR_A.clientId, REGISTRAR_A.password)))).toBe(1000);
      expect(resultCode(await s.send(buildLogin('RAW-4', REGISTRAR_A.clientId, REGISTRAR_A.password)))).toBe(2002);
      const other = '<epp xmlns="urn:ietf:params:xml:ns:epp-1.0"><command><check><org:check xmlns:org="urn:ietf:params:xml:ns:epp:org-1.0"><org:id>x1234</org:id></org:check></check><clTRID>RAW-5</clTRID></command></epp>';
      expect(resultCode(await s.send(other))).toBe(2307);
      expect(await s.send('<?xml version="1.0"?><epp xmlns="urn:ietf:params:xml:ns:epp-1.0"><hello/></epp>')).toContain('<greeting>');
    } finally {
      s.close();
    }
  });

  it('answers 2001 to a root in another namespace and to bytes that are not UTF-8, never a greeting', async () => {
    const s = await rawSession();
    try {
      const notEpp = await s.send('<?xml version="1.0"?><epp xmlns="urn:example:notepp"><hello/></epp>');
      expect(notEpp).not.toContain('<greeting>');
      expect(resultCode(notEpp)).toBe(2001);
      expect(resultCode(await s.send('<epp><hello/></epp>'))).toBe(2001);
      const badUtf8 = Buffer.concat([Buffer.from('<?xml version="1.0" encoding="UTF-8"?><epp xmlns="urn:ietf:params:xml:ns:epp-1.0"><hello/><!-- '), Buffer.from([0xc3, 0x28, 0xff]), Buffer.from(' --></epp>')]);
      const answer = await s.sendBytes(badUtf8);
      expect(answer).not.toContain('<greeting>');
      expect(resultCode(answer)).toBe(2001);
      // a prefixed root in the EPP namespace is fine
      expect(await s.send('<e:epp xmlns:e="urn:ietf:params:xml:ns:epp-1.0"><e:hello/></e:epp>')).toContain('<greeting>');
    } finally {
      s.close();
    }
  });

  it('refuses a 2 MB name with 2005 (never echoed), names the real reason of an invalid name, and refuses secDNS:create in an update', async () => {
    const s = await rawSession();
    try {
      expect(resultCode(await s.send(buildLogin('RAW-10', REGISTRAR_A.clientId, REGISTRAR_A.password)))).toBe(1000);
      const huge = await s.send(buildDomainCheck('RAW-11', [`${'a'.repeat(2 * 1024 * 1024)}.com`]));
      expect(resultCode(huge)).toBe(2005);
      expect(huge.length).toBeLessThan(5_000);
      const reasons = await s.send(buildDomainCheck('RAW-12', ['-bad-.com', 'fine-name.not-a-served-tld']));
      expect(resultCode(reasons)).toBe(1000);
      expect(reasons).toMatch(/<domain:name avail="0">-bad-\.com<\/domain:name>\s*<domain:reason>Invalid domain name<\/domain:reason>/);
      expect(reasons).toMatch(/fine-name\.not-a-served-tld<\/domain:name>\s*<domain:reason>TLD not served<\/domain:reason>/);
      const update = `<epp xmlns="urn:ietf:params:xml:ns:epp-1.0"><command><update><domain:update xmlns:domain="urn:ietf:params:xml:ns:domain-1.0"><domain:name>whatever-${Date.now()}.com</domain:name></domain:update></update>`
        + '<extension><secDNS:create xmlns:secDNS="urn:ietf:params:xml:ns:secDNS-1.1"><secDNS:dsData><secDNS:keyTag>12345</secDNS:keyTag><secDNS:alg>8</secDNS:alg><secDNS:digestType>2</secDNS:digestType>'
        + '<secDNS:digest>49FD46E6C4B45C55D4AC49FD46E6C4B45C55D4AC49FD46E6C4B45C55D4AC1234</secDNS:digest></secDNS:dsData></secDNS:create></extension><clTRID>RAW-13</clTRID></command></epp>';
      expect(resultCode(await s.send(update))).toBe(2306);
    } finally {
      s.close();
    }
  });
});

describe('XML schemas', () => {
  it('every frame the client sent and the simulator answered in this file validates against ../shared/epp-xsd', () => {
    expect(frames.filter((f) => f.direction === 'out').length).toBeGreaterThan(100);
    expect(frames.filter((f) => f.direction === 'in').length).toBeGreaterThan(100);
    expect(frames.some((f) => f.xml.includes('<greeting>'))).toBe(true);
    assertValidEppFrames(frames.map((f) => f.xml));
  });
});

function report() {
  return {
    preData: 'Pre-delete registration data', postData: 'Post-restore registration data',
    delTime: new Date(Date.now() - 86_400_000), resTime: new Date(), resReason: 'Registrant error.',
    statements: ['This registrar has not restored the Registered Name in order to assume the rights to use or sell the Registered Name for itself or for any third party.', 'The information in this report is true to best of this registrar\'s knowledge.'] as [string, string],
  };
}
