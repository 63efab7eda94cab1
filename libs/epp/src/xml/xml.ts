import { SaxesParser, type SaxesTagNS } from 'saxes';
import { NS } from './namespaces';

const escText = (t: string) => (/[&<>]/.test(t) ? t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;') : t);
const escAttr = (t: string) => (/[&<>"]/.test(t) ? t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;') : t);

/**
 * A namespace-aware XML element being written: `ele(ns, 'prefix:name')` adds a child in namespace `ns` (its prefix
 * declared where the scope does not bind it to `ns` yet), `att` an attribute, `txt` text; every value is escaped on
 * output, never concatenated. The output is what xmlbuilder2 wrote before (the same declarations, escaping and empty
 * elements), at a fraction of its cost per frame: EPP frames are built for every command (ADR 0028).
 */
export class XmlNode {
  private readonly attrs: Array<[string, string]> = [];
  private readonly children: Array<XmlNode | string> = [];
  private hasText = false;

  constructor(private readonly ns: string, private readonly qname: string) {}

  ele(ns: string, qname: string): XmlNode {
    const e = new XmlNode(ns, qname);
    this.children.push(e);
    return e;
  }

  att(name: string, value: string): XmlNode {
    this.attrs.push([name, String(value)]);
    return this;
  }

  txt(text: string): XmlNode {
    this.hasText = true;
    if (text !== '') this.children.push(String(text));
    return this;
  }

  /** Appends the element to `out`, `scope` being the prefix → namespace bindings in force at its parent. */
  write(out: string[], scope: ReadonlyMap<string, string>): void {
    const colon = this.qname.indexOf(':');
    const prefix = colon < 0 ? '' : this.qname.slice(0, colon);
    let inner = scope;
    let decl = '';
    if (scope.get(prefix) !== this.ns) {
      inner = new Map(scope).set(prefix, this.ns);
      decl = prefix ? ` xmlns:${prefix}="${escAttr(this.ns)}"` : ` xmlns="${escAttr(this.ns)}"`;
    }
    out.push('<', this.qname, decl);
    for (const [k, v] of this.attrs) out.push(' ', k, '="', escAttr(v), '"');
    if (!this.children.length && !this.hasText) {
      out.push('/>');
      return;
    }
    out.push('>');
    for (const c of this.children) {
      if (typeof c === 'string') out.push(escText(c));
      else c.write(out, inner);
    }
    out.push('</', this.qname, '>');
  }
}

/** An XML document: its one root element. */
export class XmlDoc {
  root?: XmlNode;

  ele(ns: string, qname: string): XmlNode {
    this.root = new XmlNode(ns, qname);
    return this.root;
  }
}

/** Starts an EPP document; every value is added through the builder (escaped), never concatenated. */
export function eppDocument(): { doc: XmlDoc; epp: XmlNode } {
  const doc = new XmlDoc();
  const epp = doc.ele(NS.epp, 'epp');
  return { doc, epp };
}

export function serialize(doc: XmlDoc): string {
  const out = ['<?xml version="1.0" encoding="UTF-8" standalone="no"?>'];
  doc.root?.write(out, new Map());
  return out.join('');
}

/** Adds `<prefix:name>text</prefix:name>` in namespace `ns` when `text` is defined. */
export function leaf(parent: XmlNode, ns: string, qname: string, text?: string | number | null, attrs?: Record<string, string | undefined>): XmlNode | undefined {
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

export class XmlParseError extends Error {}

/** A parsed document: the root element's local name and namespace, its tree, and every element namespace used. */
export interface XmlDocument {
  root: string;
  rootNs: string;
  tree: any;
  /** namespace URIs of all elements (and prefixed attributes) of the document, as resolved by the parser */
  namespaces: Set<string>;
}

const NS_KEY = Symbol('namespace');

/**
 * Parsed elements inherit their namespace from a shared prototype per namespace URI (one object per namespace, its
 * NS_KEY set): reading it is a property look-up, and the element's own properties stay its children and attributes
 * only (what Object.keys, JSON.stringify and a spread see), at no cost per element.
 */
const nsProtos = new Map<string, object>();
// the last one asked for: an answer's elements come in runs of one namespace
let lastNs: string | undefined;
let lastProto: object | undefined;
function protoOf(ns: string): object {
  if (ns === lastNs) return lastProto!;
  let p = nsProtos.get(ns);
  if (!p) {
    p = Object.create(Object.prototype, { [NS_KEY]: { value: ns, enumerable: false } });
    nsProtos.set(ns, p!);
  }
  lastNs = ns;
  lastProto = p;
  return p!;
}

/** The namespace URI of a parsed element that has attributes or children ('' for none; undefined for a text leaf). */
export function nsOf(node: unknown): string | undefined {
  return node && typeof node === 'object' ? (node as any)[NS_KEY] : undefined;
}

/**
 * An open element. Its object is made when its first attribute or child arrives, and each child is put into it as the
 * child closes (no list of children kept to assemble later).
 */
interface Frame { name: string; ns: string; obj: any; text: string; checkCmd: boolean }

/**
 * Parses an XML document with a conforming, namespace-aware parser (saxes): well-formedness is checked (a NUL or other
 * character XML forbids, an undeclared prefix, a mismatched tag refuse the document), character references are decoded,
 * comments and processing instructions are skipped, and names are resolved to their namespaces (never read from the raw
 * text). DTDs are refused. The tree is plain objects keyed by local name (attributes as "@attr", text as "#text" when an
 * element also has attributes or children); repeating elements are arrays.
 */
export function parseXmlDocument(xml: string): XmlDocument {
  const parser = new SaxesParser({ xmlns: true, position: true });
  const stack: Frame[] = [];
  const namespaces = new Set<string>();
  let top: Frame | undefined;
  let done: { name: string; ns: string; value: any } | undefined;
  let error: Error | undefined;
  let where = '';
  parser.on('error', (e) => {
    if (!error) where = ` at line ${parser.line}, column ${parser.column}`;
    error ??= e;
  });
  parser.on('doctype', () => {
    error ??= new XmlParseError('DTDs and entity declarations are not accepted');
  });
  let lastAdded: string | undefined;
  parser.on('opentag', (t: SaxesTagNS) => {
    const ns = t.uri ?? '';
    if (ns !== lastAdded) namespaces.add((lastAdded = ns));
    let obj: any;
    const all = t.attributes;
    for (const k in all) {
      const a = all[k]!;
      if (a.prefix === 'xmlns' || a.name === 'xmlns') continue;
      if (a.uri) namespaces.add(a.uri);
      (obj ??= Object.create(protoOf(ns)))['@' + a.local] = a.value;
    }
    // <check><domain:check>: the names or ids of a check command are a list even when there is one
    const checkCmd = t.local === 'check' && top !== undefined && top.name === 'check';
    top = { name: t.local, ns, obj, text: '', checkCmd };
    stack.push(top);
  });
  parser.on('text', (t) => {
    if (top) top.text += t;
  });
  parser.on('cdata', (t) => {
    if (top) top.text += t;
  });
  parser.on('closetag', () => {
    const f = stack.pop()!;
    const value = valueOf(f);
    top = stack[stack.length - 1];
    if (top) addChild(top, f.name, value);
    else done = { name: f.name, ns: f.ns, value };
  });
  try {
    parser.write(xml).close();
  } catch (e) {
    if (!error) where = ` at line ${parser.line}, column ${parser.column}`;
    error ??= e as Error;
  }
  if (error || !done) {
    // the position only: the parser's message may quote the offending input
    throw new XmlParseError(error instanceof XmlParseError ? error.message : `not well-formed XML${where}`);
  }
  return { root: done.name, rootNs: done.ns, tree: done.value, namespaces };
}

/** A closed element's value: its trimmed text when it has neither attributes nor children, else its object. */
function valueOf(f: Frame): any {
  const text = f.text.length ? f.text.trim() : '';
  if (!f.obj) return text;
  if (text) f.obj['#text'] = text;
  return f.obj;
}

/** Puts a closed child into its parent's object: repeated names become an array, in document order. */
function addChild(parent: Frame, name: string, v: any): void {
  const o = (parent.obj ??= Object.create(protoOf(parent.ns)));
  if (ALWAYS_ARRAY.has(name) || (parent.checkCmd && (name === 'name' || name === 'id'))) (o[name] ??= []).push(v);
  else if (Object.prototype.hasOwnProperty.call(o, name)) {
    const cur = o[name];
    if (Array.isArray(cur)) cur.push(v); // values are strings or objects: an array here is the one made below
    else o[name] = [cur, v];
  } else o[name] = v;
}

/** Parses an EPP frame into plain objects (namespace prefixes removed, attributes as "@attr"). Refuses DTDs. */
export function parseXml(xml: string): any {
  const d = parseXmlDocument(xml);
  return { [d.root]: d.tree };
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
