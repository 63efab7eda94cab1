import { aLabel } from '../commands/command.builder';
import { ANSWER_SAMPLES, SAXES_ONLY_SAMPLES } from '../testing/answer-samples';
import { nsOf, parseXml, parseXmlDocument, parseXmlDocumentWithSaxes, scanEppDocument, type XmlDocument, XmlParseError } from './xml';

const EPP = 'urn:ietf:params:xml:ns:epp-1.0';
const DOMAIN = 'urn:ietf:params:xml:ns:domain-1.0';

describe('parseXmlDocument (a conforming, namespace-aware parser)', () => {
  it('resolves namespaces on elements, whatever the prefix, and never from text', () => {
    const d = parseXmlDocument(`<e:epp xmlns:e="${EPP}"><e:command><e:info><x:info xmlns:x="urn:ietf:params:xml:ns:contact-1.0"><x:id>xmlns="urn:x"</x:id></x:info></e:info></e:command></e:epp>`);
    expect(d.root).toBe('epp');
    expect(d.rootNs).toBe(EPP);
    expect(d.tree.command.info.info.id).toBe('xmlns="urn:x"');
    expect(nsOf(d.tree.command.info.info)).toBe('urn:ietf:params:xml:ns:contact-1.0');
    expect([...d.namespaces].sort()).toEqual([EPP, 'urn:ietf:params:xml:ns:contact-1.0'].sort());
  });

  it('skips comments (a tag inside one included) and decodes character references', () => {
    const d = parseXmlDocument(`<?xml version="1.0"?><!-- <foo xmlns="urn:x"> --><epp xmlns="${EPP}"><command><check><domain:check xmlns:domain="${DOMAIN}"><domain:name>&#x61;&#98;c.com</domain:name></domain:check></check><clTRID>A-1</clTRID></command></epp>`);
    expect(d.rootNs).toBe(EPP);
    expect(d.tree.command.check.check.name).toEqual(['abc.com']);
    expect(d.tree.command.clTRID).toBe('A-1');
  });

  it('keeps attributes beside text (the x= of a voice number)', () => {
    const d = parseXml(`<epp xmlns="${EPP}"><voice x="1234">+81.312345678</voice></epp>`);
    expect(d.epp.voice).toEqual({ '@x': '1234', '#text': '+81.312345678' });
  });

  it.each([
    ['a NUL byte', `<epp xmlns="${EPP}"><a>x\u0000y</a></epp>`],
    ['an undeclared prefix', `<epp xmlns="${EPP}"><x:a>1</x:a></epp>`],
    ['a mismatched tag', `<epp xmlns="${EPP}"><a></epp>`],
    ['a DTD', `<!DOCTYPE epp [<!ENTITY x "y">]><epp xmlns="${EPP}">&x;</epp>`],
    ['no root', '   '],
    ['a close tag longer than its open tag', `<epp xmlns="${EPP}"><a></ab></epp>`],
    ['an attribute twice', `<epp xmlns="${EPP}"><a x="1" x="2"/></epp>`],
    ['attributes without white space between them', `<epp xmlns="${EPP}"><a x="1"y="2"/></epp>`],
    ['an unknown entity', `<epp xmlns="${EPP}"><a>&nbsp;</a></epp>`],
    ['a bare ampersand', `<epp xmlns="${EPP}"><a>a & b</a></epp>`],
    ['a reference to a character XML forbids', `<epp xmlns="${EPP}"><a>&#0;</a></epp>`],
    [']]> in text', `<epp xmlns="${EPP}"><a>a ]]> b</a></epp>`],
    ['an unclosed element', `<epp xmlns="${EPP}"><a>1</a>`],
    ['text after the root', `<epp xmlns="${EPP}"/>tail`],
    ['two roots', `<epp xmlns="${EPP}"/><epp xmlns="${EPP}"/>`],
    ['a < in an attribute', `<epp xmlns="${EPP}"><a x="<"/></epp>`],
    ['an empty prefixed declaration', `<epp xmlns="${EPP}"><x:a xmlns:x="">1</x:a></epp>`],
    ['an unterminated CDATA section', `<epp xmlns="${EPP}"><a><![CDATA[x</a></epp>`],
    ['a prefix declared on a sibling only', `<epp xmlns="${EPP}"><x:a xmlns:x="urn:x"/><x:b/></epp>`],
  ])('refuses %s without quoting the input', (_what, xml) => {
    expect(scanEppDocument(xml)).toBeUndefined();
    expect(() => parseXmlDocument(xml)).toThrow(XmlParseError);
    try {
      parseXmlDocument(xml);
    } catch (e) {
      expect((e as Error).message).not.toMatch(/x\u0000y|ENTITY|x:a/);
    }
  });
});

/** The same document: root, namespaces, and every element's keys (in order), values and namespace. */
function expectSame(a: XmlDocument, b: XmlDocument): void {
  expect([a.root, a.rootNs, [...a.namespaces].sort()]).toEqual([b.root, b.rootNs, [...b.namespaces].sort()]);
  const walk = (x: any, y: any, path: string): void => {
    expect(typeof x).toBe(typeof y);
    if (typeof x !== 'object') return expect(`${path}=${x}`).toBe(`${path}=${y}`);
    expect(Array.isArray(x)).toBe(Array.isArray(y));
    expect(`${path} ${nsOf(x)}`).toBe(`${path} ${nsOf(y)}`);
    expect(`${path} ${Object.keys(x).join(',')}`).toBe(`${path} ${Object.keys(y).join(',')}`);
    for (const k of Object.keys(x)) walk(x[k], y[k], `${path}/${k}`);
  };
  walk(a.tree, b.tree, a.root);
}

describe('the frame scanner (parseXmlDocument) against saxes', () => {
  it.each(Object.entries(ANSWER_SAMPLES))('reads %s itself, to the tree saxes gives', (_what, xml) => {
    const scanned = scanEppDocument(xml);
    expect(scanned).toBeDefined();
    expectSame(scanned!, parseXmlDocumentWithSaxes(xml));
  });

  it.each(Object.entries(SAXES_ONLY_SAMPLES))('leaves %s to saxes, whose tree parseXmlDocument gives', (_what, xml) => {
    expect(scanEppDocument(xml)).toBeUndefined();
    expectSame(parseXmlDocument(xml), parseXmlDocumentWithSaxes(xml));
  });

  it('never reads a damaged frame that saxes refuses, nor reads one differently (5 000 seeded mutations)', () => {
    const docs = [...Object.values(ANSWER_SAMPLES), ...Object.values(SAXES_ONLY_SAMPLES)];
    const bits = ['<', '>', '/', '&', ';', '"', "'", '=', ':', ' ', '\n', 'x', 'xmlns', 'xmlns:x="u"', '&amp;', '&#0;', '&#x41;', ']]>', '<![CDATA[', '<!--', '?', '!', 'a:', '\u0000', '\r', '</a>', '<a>', 'xml:', 'xmlns=""', 'é'];
    let seed = 1;
    const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const pick = <T>(xs: T[]) => xs[Math.floor(rnd() * xs.length)]!;
    let read = 0;
    for (let t = 0; t < 5000; t++) {
      let x = pick(docs);
      for (let m = 1 + Math.floor(rnd() * 3); m > 0; m--) {
        const p = Math.floor(rnd() * x.length);
        const r = rnd();
        if (r < 0.4) x = x.slice(0, p) + pick(bits) + x.slice(p);
        else if (r < 0.8) x = x.slice(0, p) + x.slice(p + 1 + Math.floor(rnd() * 3));
        else x = x.slice(0, p) + pick(bits) + x.slice(p + 1);
      }
      const scanned = scanEppDocument(x);
      if (!scanned) continue;
      read++;
      expectSame(scanned, parseXmlDocumentWithSaxes(x)); // throws if saxes refuses it
    }
    expect(read).toBeGreaterThan(200); // the mutations do leave many frames the scanner reads
  });

  it('decodes references and CDATA and keeps each element in its namespace whatever the prefix', () => {
    const d = parseXmlDocument(ANSWER_SAMPLES['other spellings']!);
    const r = d.tree.response;
    expect(r.result[0].msg).toEqual({ '@lang': 'en', '#text': `Object exists & AB <x> "q" 'a'` });
    expect(r.result[0].value[0].name).toBe('aあ.jp');
    expect(nsOf(r.result[0].value[0])).toBe(EPP);
    expect(r.resData.chkData.cd[0].reason).toBe('<b>in use</b> &   later');
    expect(nsOf(r.resData.chkData)).toBe(DOMAIN);
    expect(nsOf(r.extension.upData)).toBeUndefined(); // an empty element is text: ''
    expect(d.namespaces.has('')).toBe(true); // <x xmlns="">
  });

  it('reads the 25-name check answer into what the pool reads from it', () => {
    const d = parseXml(ANSWER_SAMPLES['domain:check (25 names)']!);
    const cds = d.epp.response.resData.chkData.cd;
    expect(cds).toHaveLength(25);
    expect(cds[0]).toEqual({ name: { '@avail': '0', '#text': 'kensaku-0-example.jp' }, reason: 'In use' });
    expect(nsOf(cds[0])).toBe(DOMAIN);
    expect(d.epp.response.trID).toEqual({ clTRID: 'RGR-1700000000000-42', svTRID: 'SIM-000123456' });
  });
});

describe('aLabel', () => {
  it('sends a U-label as its A-label and leaves ASCII alone', () => {
    expect(aLabel('例え.jp')).toBe('xn--r8jz45g.jp');
    expect(aLabel('ns1.example.com')).toBe('ns1.example.com');
  });
});
