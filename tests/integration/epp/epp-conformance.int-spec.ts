/**
 * What an independent EPP client (every frame validated by xmllint against the IETF schemas) found, as raw frames
 * against the simulator and through the client library: each reply is well-formed, validates against
 * ../shared/epp-xsd, and never echoes a value the schema refuses.
 */
import { aLabel, assertValidEppFrames, buildContactCreate, buildDomainCheck, buildLogin, EppClientPool, EppError, parseXmlDocument, validateEppFrames } from '@registrar/epp';
import { client, contactInput, frames, rawSession, REGISTRAR_A, uniqueId } from './epp-harness';

const resultCode = (xml: string) => Number(/<result code="(\d+)"/.exec(xml)?.[1]);
const clTRIDOf = (xml: string) => /<clTRID>([^<]*)<\/clTRID>/.exec(xml)?.[1];
const D = 'xmlns:domain="urn:ietf:params:xml:ns:domain-1.0"';
const Cn = 'xmlns:contact="urn:ietf:params:xml:ns:contact-1.0"';
const H = 'xmlns:host="urn:ietf:params:xml:ns:host-1.0"';
const EPP = '<epp xmlns="urn:ietf:params:xml:ns:epp-1.0">';

/** the reply validates against the schemas on its own (xmllint) */
function valid(xml: string): string {
  const [v] = validateEppFrames([xml]);
  if (!v!.ok) throw new Error(`reply does not validate:\n${v!.errors}\n${xml}`);
  return xml;
}

let s: Awaited<ReturnType<typeof rawSession>>;
let a: EppClientPool;

beforeAll(async () => {
  s = await rawSession();
  expect(resultCode(await s.send(buildLogin('CONF-LOGIN', REGISTRAR_A.clientId, REGISTRAR_A.password)))).toBe(1000);
  a = client(REGISTRAR_A);
});

afterAll(async () => {
  s?.close();
  await a?.close();
});

describe('EPP replies an independent client validates', () => {
  it('refuses a NUL byte inside domain:check as not well-formed (2001), and the reply stays well-formed', async () => {
    const reply = await s.send(`${EPP}<command><check><domain:check ${D}><domain:name>nul\u0000byte.com</domain:name></domain:check></check><clTRID>CONF-NUL</clTRID></command></epp>`);
    expect(resultCode(reply)).toBe(2001);
    expect(reply).not.toContain('\u0000');
    expect(reply).not.toContain('nul');
    expect(() => parseXmlDocument(reply)).not.toThrow();
    valid(reply);
  });

  it('answers an over-length clTRID (70 characters) with 2001 and does not echo it', async () => {
    const long = 'T'.repeat(70);
    const reply = await s.send(buildDomainCheck(long, ['conf-clid.com']));
    expect(resultCode(reply)).toBe(2001);
    expect(reply).not.toContain(long);
    valid(reply);
  });

  it('answers a 20-character contact id with 2005 (check, info, create) and does not echo it', async () => {
    const id = 'C'.repeat(20);
    for (const xml of [
      `${EPP}<command><check><contact:check ${Cn}><contact:id>${id}</contact:id></contact:check></check><clTRID>CONF-CID-1</clTRID></command></epp>`,
      `${EPP}<command><info><contact:info ${Cn}><contact:id>${id}</contact:id></contact:info></info><clTRID>CONF-CID-2</clTRID></command></epp>`,
      buildContactCreate('CONF-CID-3', contactInput(id)),
    ]) {
      const reply = await s.send(xml);
      expect(resultCode(reply)).toBe(2005);
      expect(reply).not.toContain(id);
      expect(clTRIDOf(reply)).toMatch(/^CONF-CID-\d$/);
      valid(reply);
    }
  });

  it('answers a 300-character host name with 2005 (check, create) and does not echo it', async () => {
    const name = `${'h'.repeat(60)}.${'o'.repeat(60)}.${'s'.repeat(60)}.${'t'.repeat(60)}.${'x'.repeat(55)}.com`;
    expect(name.length).toBeGreaterThanOrEqual(300);
    for (const xml of [
      `${EPP}<command><check><host:check ${H}><host:name>${name}</host:name></host:check></check><clTRID>CONF-HOST-1</clTRID></command></epp>`,
      `${EPP}<command><create><host:create ${H}><host:name>${name}</host:name></host:create></create><clTRID>CONF-HOST-2</clTRID></command></epp>`,
    ]) {
      const reply = await s.send(xml);
      expect(resultCode(reply)).toBe(2005);
      expect(reply).not.toContain('hhhhhhhhhh');
      valid(reply);
    }
  });

  it('resolves namespaces with a real parser: a contact id reading xmlns="urn:x" is a value, not a namespace (2303/2005, never 2307)', async () => {
    const reply = await s.send(`${EPP}<command><info><contact:info ${Cn}><contact:id>xmlns="urn:x"</contact:id></contact:info></info><clTRID>CONF-NS-1</clTRID></command></epp>`);
    expect(resultCode(reply)).not.toBe(2307);
    expect([2005, 2303]).toContain(resultCode(reply));
    valid(reply);
    // a default namespace redeclared on the object element is resolved, not read as text
    const prefixless = await s.send(`${EPP}<command><check><check xmlns="urn:ietf:params:xml:ns:domain-1.0"><name>conf-default-ns.com</name></check></check><clTRID>CONF-NS-2</clTRID></command></epp>`);
    expect(resultCode(prefixless)).toBe(1000);
    expect(prefixless).toContain('conf-default-ns.com');
    valid(prefixless);
    // an element in an unknown namespace is still refused
    const unknown = await s.send(`${EPP}<command><check><x:check xmlns:x="urn:x"><x:id>abc</x:id></x:check></check><clTRID>CONF-NS-3</clTRID></command></epp>`);
    expect(resultCode(unknown)).toBe(2307);
    valid(unknown);
  });

  it('reads past a comment holding a tag before <epp> and answers with the clTRID', async () => {
    const reply = await s.send(`<?xml version="1.0" encoding="UTF-8"?><!-- <foo xmlns="urn:x"> --><epp xmlns="urn:ietf:params:xml:ns:epp-1.0"><command><check><domain:check ${D}><domain:name>conf-comment.com</domain:name></domain:check></check><clTRID>CONF-COMMENT</clTRID></command></epp>`);
    expect(resultCode(reply)).toBe(1000);
    expect(clTRIDOf(reply)).toBe('CONF-COMMENT');
    valid(reply);
  });

  it('decodes numeric character references (&#x61;)', async () => {
    const reply = await s.send(`${EPP}<command><check><domain:check ${D}><domain:name>conf-&#x61;&#98;c.com</domain:name></domain:check></check><clTRID>CONF-&#x52;EF</clTRID></command></epp>`);
    expect(resultCode(reply)).toBe(1000);
    expect(reply).toContain('>conf-abc.com</domain:name>');
    expect(clTRIDOf(reply)).toBe('CONF-REF');
    valid(reply);
  });

  it('keeps the x= extension of a voice number (create, then info)', async () => {
    const id = uniqueId('cx');
    await a.contactCreate({ ...contactInput(id), voice: '+81.312345678', voiceExt: '1234', fax: '+81.312345679', faxExt: '56' });
    const info = await a.contactInfo(id);
    expect(info.voice).toBe('+81.312345678');
    expect(info.voiceExt).toBe('1234');
    expect(info.faxExt).toBe('56');
    const raw = await s.send(`${EPP}<command><info><contact:info ${Cn}><contact:id>${id}</contact:id></contact:info></info><clTRID>CONF-VOICE</clTRID></command></epp>`);
    expect(raw).toContain('<contact:voice x="1234">+81.312345678</contact:voice>');
    valid(raw);
  });

  it('refuses a U-label (例え.jp) at the registry with 2005; the client sends its A-label instead', async () => {
    const raw = await s.send(`${EPP}<command><check><domain:check ${D}><domain:name>例え.jp</domain:name></domain:check></check><clTRID>CONF-IDN</clTRID></command></epp>`);
    expect(resultCode(raw)).toBe(2005);
    expect(raw).not.toContain('TLD not served');
    valid(raw);
    expect(aLabel('例え.jp')).toBe('xn--r8jz45g.jp');
    const [r] = await a.check(['例え.jp']);
    expect(r!.name).toBe('xn--r8jz45g.jp');
    await expect(a.check(['例え.jp'])).resolves.toBeDefined();
    await expect(a.info('例え.jp').catch((e) => (e instanceof EppError ? e.code : e))).resolves.not.toBe(2005);
  });

  it('every frame of this file validates against ../shared/epp-xsd', () => {
    expect(frames.length).toBeGreaterThan(20);
    // the raw session records what the simulator answered; the client records both directions
    assertValidEppFrames(frames.map((f) => f.xml));
  });
});
