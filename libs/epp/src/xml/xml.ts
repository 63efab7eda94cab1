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
 * Builds the tree of one document from its events (open, text, close), whichever scanner reads it. An open element's
 * object is made when its first attribute or child arrives, and each child is put into it as the child closes (no list
 * of children kept to assemble later).
 */
class TreeBuilder {
  readonly namespaces = new Set<string>();
  done: { name: string; ns: string; value: any } | undefined;
  private readonly stack: Frame[] = [];
  private top: Frame | undefined;
  private lastAdded: string | undefined;

  /** `obj`: the element's object holding its attributes, undefined when it has none */
  open(local: string, ns: string, obj: any): void {
    if (ns !== this.lastAdded) this.namespaces.add((this.lastAdded = ns));
    const top = this.top;
    // <check><domain:check>: the names or ids of a check command are a list even when there is one
    const checkCmd = local === 'check' && top !== undefined && top.name === 'check';
    this.stack.push((this.top = { name: local, ns, obj, text: '', checkCmd }));
  }

  text(t: string): void {
    if (this.top) this.top.text += t;
  }

  close(): void {
    const f = this.stack.pop()!;
    const value = valueOf(f);
    const top = (this.top = this.stack[this.stack.length - 1]);
    if (top) addChild(top, f.name, value);
    else this.done = { name: f.name, ns: f.ns, value };
  }
}

/** An open element. */
interface Frame { name: string; ns: string; obj: any; text: string; checkCmd: boolean }

/**
 * Parses an XML document: well-formedness is checked (a NUL or other character XML forbids, an undeclared prefix, a
 * mismatched tag refuse the document), character references are decoded, comments and processing instructions are
 * skipped, and names are resolved to their namespaces (never read from the raw text). DTDs are refused. The tree is
 * plain objects keyed by local name (attributes as "@attr", text as "#text" when an element also has attributes or
 * children); repeating elements are arrays.
 *
 * EPP frames are read by a small scanner (`scanEppDocument`) that accepts only a plain subset of XML, the one both sides
 * write, at a fraction of saxes' cost; any document outside it (a comment, a DTD, an unknown entity, a prefixed
 * attribute, a character that needs XML's normalisation, anything not well-formed) is read by saxes instead, which
 * gives the same tree or the error (ADR 0043).
 */
export function parseXmlDocument(xml: string): XmlDocument {
  return scanEppDocument(xml) ?? parseXmlDocumentWithSaxes(xml);
}

/**
 * The same document read by saxes, a conforming, namespace-aware parser: what `parseXmlDocument` does for a document
 * outside the scanner's subset (and the reference the scanner is tested and benchmarked against).
 */
export function parseXmlDocumentWithSaxes(xml: string): XmlDocument {
  const parser = new SaxesParser({ xmlns: true, position: true });
  const b = new TreeBuilder();
  let error: Error | undefined;
  let where = '';
  parser.on('error', (e) => {
    if (!error) where = ` at line ${parser.line}, column ${parser.column}`;
    error ??= e;
  });
  parser.on('doctype', () => {
    error ??= new XmlParseError('DTDs and entity declarations are not accepted');
  });
  parser.on('opentag', (t: SaxesTagNS) => {
    const ns = t.uri ?? '';
    let obj: any;
    const all = t.attributes;
    for (const k in all) {
      const a = all[k]!;
      if (a.prefix === 'xmlns' || a.name === 'xmlns') continue;
      if (a.uri) b.namespaces.add(a.uri);
      (obj ??= Object.create(protoOf(ns)))['@' + a.local] = a.value;
    }
    b.open(t.local, ns, obj);
  });
  parser.on('text', (t) => b.text(t));
  parser.on('cdata', (t) => b.text(t));
  parser.on('closetag', () => b.close());
  try {
    parser.write(xml).close();
  } catch (e) {
    if (!error) where = ` at line ${parser.line}, column ${parser.column}`;
    error ??= e as Error;
  }
  const done = b.done;
  if (error || !done) {
    // the position only: the parser's message may quote the offending input
    throw new XmlParseError(error instanceof XmlParseError ? error.message : `not well-formed XML${where}`);
  }
  return { root: done.name, rootNs: done.ns, tree: done.value, namespaces: b.namespaces };
}

const XML_NS = 'http://www.w3.org/XML/1998/namespace';
const XMLNS_NS = 'http://www.w3.org/2000/xmlns/';
/**
 * Characters the scanner leaves to saxes: those XML 1.0 forbids, a carriage return (XML's end-of-line handling turns
 * CR LF into LF), and any surrogate (saxes checks their pairing).
 */
const LEFT_TO_SAXES = /[\u0000-\u0008\u000B-\u001F\uD800-\uDFFF\uFFFE\uFFFF]/;
/** The XML declaration the builders write (other spellings go to saxes). */
const DECL = /<\?xml version="1\.0"(?: encoding="[A-Za-z][A-Za-z0-9._-]*")?(?: standalone="(?:yes|no)")?\?>/y;
const isNameStart = (c: number) => (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95;
const isNameChar = (c: number) => isNameStart(c) || (c >= 48 && c <= 57) || c === 45 || c === 46;
/**
 * The end of the name at `k`: an ASCII name with at most one prefix (other names go to saxes), or -1.
 */
function nameEnd(xml: string, k: number): number {
  if (!isNameStart(xml.charCodeAt(k))) return -1;
  let colon = false;
  for (;;) {
    const c = xml.charCodeAt(++k);
    if (isNameChar(c)) continue;
    if (c !== 58) return k;
    if (colon || !isNameStart(xml.charCodeAt(k + 1))) return -1;
    colon = true;
  }
}
const REF = /&(?:(lt)|(gt)|(amp)|(quot)|(apos)|#([0-9]{1,7})|#x([0-9a-fA-F]{1,6}));/y;
const REF_CHARS = ['', '<', '>', '&', '"', "'"];
const isWs = (c: number) => c === 32 || c === 10 || c === 9;
/** The namespace bound to `prefix` ('' the default) in `binds` (prefix, namespace, prefix, namespace…; the last wins). */
function lookup(binds: string[], prefix: string): string | undefined {
  for (let k = binds.length - 2; k >= 0; k -= 2) if (binds[k] === prefix) return binds[k + 1];
  return undefined;
}

/** A text's references decoded, or undefined when one is not a predefined entity or a character reference to a Char. */
function decodeRefs(t: string): string | undefined {
  let out = '';
  let from = 0;
  for (let amp = t.indexOf('&'); amp >= 0; amp = t.indexOf('&', from)) {
    REF.lastIndex = amp;
    const m = REF.exec(t);
    if (!m) return undefined;
    let ch: string;
    if (m[6] !== undefined || m[7] !== undefined) {
      const cp = m[6] !== undefined ? Number.parseInt(m[6], 10) : Number.parseInt(m[7]!, 16);
      const ok = cp === 9 || cp === 10 || cp === 13 || (cp >= 0x20 && cp <= 0xd7ff) || (cp >= 0xe000 && cp <= 0xfffd) || (cp >= 0x10000 && cp <= 0x10ffff);
      if (!ok) return undefined;
      ch = String.fromCodePoint(cp);
    } else ch = REF_CHARS[m.findIndex((g, k) => k > 0 && g !== undefined)]!;
    out += t.slice(from, amp) + ch;
    from = REF.lastIndex;
  }
  return out + t.slice(from);
}

/**
 * Reads a document written in the plain subset of XML that EPP frames use: an optional XML declaration, elements with
 * ASCII names, unprefixed attributes in either quote (namespace declarations aside) without references or line breaks,
 * text with the five predefined entities and character references, CDATA sections. It checks what it accepts (tags
 * match, names and attributes are well-formed, no attribute twice, prefixes declared, no `]]>` in text, nothing but
 * white space outside the root) and returns undefined, so that saxes reads the document, at anything else.
 */
export function scanEppDocument(xml: string): XmlDocument | undefined {
  if (LEFT_TO_SAXES.test(xml)) return undefined;
  const n = xml.length;
  let i = 0;
  if (xml.startsWith('<?xml')) {
    DECL.lastIndex = 0;
    if (!DECL.test(xml)) return undefined;
    i = DECL.lastIndex;
  }
  const b = new TreeBuilder();
  const open: string[] = []; // qualified names of the open elements
  // the namespace declarations in force (a flat list, innermost last) and its length before each open element's own
  const binds: string[] = [];
  const marks: number[] = [];
  while (i < n) {
    const lt = xml.indexOf('<', i);
    const end = lt < 0 ? n : lt;
    if (end > i) {
      if (!open.length) {
        for (let k = i; k < end; k++) if (!isWs(xml.charCodeAt(k))) return undefined;
      } else {
        const raw = xml.slice(i, end);
        if (raw.includes(']]>')) return undefined;
        const t = raw.includes('&') ? decodeRefs(raw) : raw;
        if (t === undefined) return undefined;
        b.text(t);
      }
    }
    if (lt < 0) break;
    const c = xml.charCodeAt(lt + 1);
    if (c === 47) {
      // </name>
      const q = open.pop();
      if (q === undefined || !xml.startsWith(q, lt + 2)) return undefined;
      let k = lt + 2 + q.length;
      while (isWs(xml.charCodeAt(k))) k++;
      if (xml.charCodeAt(k) !== 62) return undefined;
      const m = marks.pop()!;
      if (binds.length !== m) binds.length = m;
      b.close();
      i = k + 1;
      continue;
    }
    if (c === 33) {
      // <![CDATA[…]]> inside the root; a comment, a DTD and the rest go to saxes
      if (!open.length || !xml.startsWith('<![CDATA[', lt)) return undefined;
      const close = xml.indexOf(']]>', lt + 9);
      if (close < 0) return undefined;
      b.text(xml.slice(lt + 9, close));
      i = close + 3;
      continue;
    }
    // <name attr="v" …> or <name … />; a second root goes to saxes
    if (!open.length && b.done) return undefined;
    let k = nameEnd(xml, lt + 1);
    if (k < 0) return undefined;
    const qname = xml.slice(lt + 1, k);
    let attrs: string[] | undefined; // name, value, name, value…
    const mark = binds.length;
    for (;;) {
      const s = k;
      while (isWs(xml.charCodeAt(k))) k++;
      const ch = xml.charCodeAt(k);
      if (ch === 62 || ch === 47) break;
      if (k === s) return undefined; // attributes are separated by white space
      const aStart = k;
      k = nameEnd(xml, k);
      if (k < 0) return undefined;
      const a = xml.slice(aStart, k);
      while (isWs(xml.charCodeAt(k))) k++;
      if (xml.charCodeAt(k) !== 61) return undefined;
      k++;
      while (isWs(xml.charCodeAt(k))) k++;
      const quote = xml.charCodeAt(k);
      if (quote !== 34 && quote !== 39) return undefined;
      const vEnd = xml.indexOf(quote === 34 ? '"' : "'", k + 1);
      if (vEnd < 0) return undefined;
      const value = xml.slice(k + 1, vEnd);
      // references, '<' and the white space XML normalises in attribute values go to saxes
      for (let v = 0; v < value.length; v++) {
        const vc = value.charCodeAt(v);
        if (vc === 38 || vc === 60 || vc === 10 || vc === 9) return undefined;
      }
      k = vEnd + 1;
      if (attrs) for (let x = 0; x < attrs.length; x += 2) if (attrs[x] === a) return undefined;
      (attrs ??= []).push(a, value);
      if (a === 'xmlns' || a.startsWith('xmlns:')) {
        const prefix = a.length === 5 ? '' : a.slice(6);
        if (prefix === 'xml' || prefix === 'xmlns' || (prefix && !value) || value === XML_NS || value === XMLNS_NS) return undefined;
        binds.push(prefix, value);
      } else if (a.includes(':')) return undefined; // a prefixed attribute
    }
    const selfClosing = xml.charCodeAt(k) === 47;
    if (selfClosing && xml.charCodeAt(++k) !== 62) return undefined;
    i = k + 1;
    const colon = qname.indexOf(':');
    let ns: string | undefined;
    let local = qname;
    if (colon < 0) ns = lookup(binds, '') ?? '';
    else {
      const prefix = qname.slice(0, colon);
      if (prefix === 'xml' || prefix === 'xmlns') return undefined;
      ns = lookup(binds, prefix);
      if (ns === undefined) return undefined; // an undeclared prefix: saxes refuses it
      local = qname.slice(colon + 1);
    }
    let obj: any;
    if (attrs) {
      for (let x = 0; x < attrs.length; x += 2) {
        const a = attrs[x]!;
        if (a === 'xmlns' || a.startsWith('xmlns:')) continue;
        (obj ??= Object.create(protoOf(ns)))['@' + a] = attrs[x + 1];
      }
    }
    b.open(local, ns, obj);
    if (selfClosing) {
      if (binds.length !== mark) binds.length = mark;
      b.close();
    } else {
      open.push(qname);
      marks.push(mark);
    }
  }
  const done = b.done;
  if (open.length || !done) return undefined;
  return { root: done.name, rootNs: done.ns, tree: done.value, namespaces: b.namespaces };
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
