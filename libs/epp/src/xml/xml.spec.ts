import { aLabel } from '../commands/command.builder';
import { nsOf, parseXml, parseXmlDocument, XmlParseError } from './xml';

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
  ])('refuses %s without quoting the input', (_what, xml) => {
    expect(() => parseXmlDocument(xml)).toThrow(XmlParseError);
    try {
      parseXmlDocument(xml);
    } catch (e) {
      expect((e as Error).message).not.toMatch(/x\u0000y|ENTITY|x:a/);
    }
  });
});

describe('aLabel', () => {
  it('sends a U-label as its A-label and leaves ASCII alone', () => {
    expect(aLabel('例え.jp')).toBe('xn--r8jz45g.jp');
    expect(aLabel('ns1.example.com')).toBe('ns1.example.com');
  });
});
