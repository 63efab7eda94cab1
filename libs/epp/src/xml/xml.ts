import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces';
import { XMLParser } from 'fast-xml-parser';
import { NS } from './namespaces';

export type XmlNode = XMLBuilder;

/** Starts an EPP document; every value is added through the builder (escaped), never concatenated. */
export function eppDocument(): { doc: XMLBuilder; epp: XMLBuilder } {
  const doc = create({ version: '1.0', encoding: 'UTF-8', standalone: false });
  const epp = doc.ele(NS.epp, 'epp');
  return { doc, epp };
}

export function serialize(doc: XMLBuilder): string {
  return doc.end({ prettyPrint: false });
}

/** Adds `<prefix:name>text</prefix:name>` in namespace `ns` when `text` is defined. */
export function leaf(parent: XMLBuilder, ns: string, qname: string, text?: string | number | null, attrs?: Record<string, string | undefined>): XMLBuilder | undefined {
  if (text === undefined || text === null) return undefined;
  const e = parent.ele(ns, qname);
  if (attrs) for (const [k, v] of Object.entries(attrs)) if (v !== undefined) e.att(k, v);
  if (String(text) !== '') e.txt(String(text));
  return e;
}

/** Element names that may repeat anywhere in the EPP schemas used here: always parsed as arrays. */
const ALWAYS_ARRAY = new Set([
  'result', 'cd', 'status', 'contact', 'hostObj', 'hostAttr', 'host', 'addr', 'street', 'postalInfo', 'dsData', 'keyData',
  'rgpStatus', 'objURI', 'extURI', 'statement', 'value', 'version', 'lang',
]);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  htmlEntities: false,
  textNodeName: '#text',
  isArray: (name, jpath) => {
    if (ALWAYS_ARRAY.has(name)) return true;
    // <domain:check><domain:name/>… and <host:check><host:name/>…; <contact:check><contact:id/>…
    if ((name === 'name' || name === 'id') && /\.check\.check\.(name|id)$/.test(String(jpath))) return true;
    return false;
  },
});

export class XmlParseError extends Error {}

/** Parses an EPP frame into plain objects (namespace prefixes removed, attributes as "@attr"). Refuses DTDs. */
export function parseXml(xml: string): any {
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) throw new XmlParseError('DTDs and entity declarations are not accepted');
  try {
    return parser.parse(xml, true);
  } catch (e) {
    throw new XmlParseError(e instanceof Error ? e.message : String(e));
  }
}

/** Text content of a parsed element (string or {#text, @attrs}). */
export function text(v: unknown): string | undefined {
  if (v === undefined || v === null) return undefined;
  if (Array.isArray(v)) return text(v[0]);
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (typeof v === 'object' && '#text' in (v as any)) return String((v as any)['#text']);
  if (typeof v === 'object') return '';
  return undefined;
}

export function attr(v: unknown, name: string): string | undefined {
  if (v && typeof v === 'object') {
    const a = (v as any)['@' + name];
    return a === undefined ? undefined : String(a);
  }
  return undefined;
}

export function arr<T = any>(v: T | T[] | undefined | null): T[] {
  if (v === undefined || v === null || v === '') return [];
  return Array.isArray(v) ? v : [v];
}
