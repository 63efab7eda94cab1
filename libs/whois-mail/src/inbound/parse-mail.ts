import { createRequire } from 'node:module';
import { MailParser, simpleParser } from 'mailparser';
import { parseOffThread } from './parse-pool';
import type { ParsedInbound } from './parsed-inbound';

/*
 * mailparser's own parts, loaded from where mailparser loads them (the same copies, whatever npm hoists): its header
 * parser (mailsplit), header decoding (libmime), transfer decoders (libqp, libbase64) and charset decoders (iconv-lite,
 * encoding-japanese), for the plain-text fast path below.
 */
const fromMailparser = createRequire(require.resolve('mailparser'));
const MailsplitHeaders: new (raw: Buffer) => { getList(): unknown[] } = fromMailparser('@zone-eu/mailsplit/lib/headers');
const libmime: any = fromMailparser('libmime');
const libqp: { decode(s: string): Buffer } = fromMailparser('libqp');
const libbase64: { decode(s: string): Buffer } = fromMailparser('libbase64');
const iconv: { encodingExists(c: string): boolean; decode(b: Buffer, c: string): string } = fromMailparser('iconv-lite');
const encodingJapanese: { convert(b: Buffer, o: object): string | number[] } = fromMailparser('encoding-japanese');
/**
 * mailparser's header processing (MailParser#processHeaders: RFC 2047 words, address lists and their text, Message-ID)
 * run on a parser that never streams: a MailParser's prototype with the one field the method reads.
 */
const headerReader: { processHeaders(lines: unknown[]): Map<string, any> } = Object.assign(Object.create(MailParser.prototype), {
  options: {},
  libmime: new libmime.Libmime({}),
});

export type { ParsedInbound } from './parsed-inbound';

const MAX_TEXT = 1_000_000;
/** Control characters other than tab and line breaks are dropped from what we keep as text (NUL breaks PostgreSQL text). */
const clean = (s: string) => s.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '');

/** A readable text of an HTML-only mail: tags out, entities of the common kinds decoded. Never rendered as HTML. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style|head)[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|tr|li|h\d)>/gi, '\n')
    .replace(/<a\s[^>]*href\s*=\s*["']([^"']+)["'][^>]*>([\s\S]*?)<\/a>/gi, (_w, href: string, label: string) => `${label} ${href}`)
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** The header value of a raw message, for a message mailparser could not read. */
function rawHeader(raw: string, name: string): string {
  const m = new RegExp(`^${name}:[ \\t]*(.*(?:\\r?\\n[ \\t].*)*)`, 'im').exec(raw.split(/\r?\n\r?\n/)[0] ?? '');
  return m ? m[1].replace(/\r?\n[ \t]+/g, ' ').trim() : '';
}

/** a header block larger than this goes to mailparser */
const MAX_FAST_HEAD = 64 * 1024;
/**
 * a message larger than this goes to mailparser: the body is decoded in one call here, and libqp's decode of a large
 * quoted-printable body is slow in either path (1 MiB ≈ 0.4 s here against 0.9 s in mailparser, 10 MiB ≈ 7 s against 6 s)
 */
const MAX_FAST_BYTES = 1024 * 1024;

/**
 * A message of ONE text/plain part (no MIME tree, no flowed text, no disposition), read as mailparser reads it, without
 * its streams (ADR 0062): the header block by mailparser's own header code, the body by the transfer decoder and the
 * charset decoder mailparser would pick, its line breaks made \n as mailparser makes them. Any other message (multipart,
 * HTML, attachments, flowed, an unknown charset or transfer encoding, repeated content headers, a subject or From
 * mailparser would read as a list, over 1 MiB) answers null and goes to mailparser. parse-mail.spec.ts checks this path against
 * simpleParser over a corpus: same subject, From, Message-ID and text.
 */
export function readPlainText(raw: Buffer): Omit<ParsedInbound, 'malformed'> & { malformed: false } | null {
  if (raw.length > MAX_FAST_BYTES) return null;
  let end = raw.indexOf('\r\n\r\n');
  let sep = 4;
  const lf = raw.indexOf('\n\n');
  if (lf >= 0 && (end < 0 || lf < end)) { end = lf; sep = 2; }
  if (end < 0 || end > MAX_FAST_HEAD) return null;
  // a message that opens with an empty line has no header block for mailparser: all of it is the body
  if (raw[0] === 0x0a || (raw[0] === 0x0d && raw[1] === 0x0a)) return null;
  const lines = new MailsplitHeaders(raw.subarray(0, end + sep)).getList() as Array<{ key: string }>;
  // a content header given twice: mailparser's headers keep the last, its body decoding may follow another (ADR 0064)
  const count = (key: string) => lines.reduce((n, l) => n + (l.key === key ? 1 : 0), 0);
  if (count('content-type') > 1 || count('content-transfer-encoding') > 1) return null;
  const headers = headerReader.processHeaders(lines);
  const type = headers.get('content-type');
  if (type !== undefined && (typeof type !== 'object' || Array.isArray(type) || String(type.value ?? '').toLowerCase().trim() !== 'text/plain')) return null;
  const params: Record<string, string> = type?.params ?? {};
  if (params.format !== undefined || headers.has('content-disposition')) return null;
  const subject = headers.get('subject');
  const from = headers.get('from');
  const messageId = headers.get('message-id');
  if ((subject !== undefined && typeof subject !== 'string') || (messageId !== undefined && typeof messageId !== 'string')) return null;
  if (from !== undefined && (Array.isArray(from) || typeof from?.text !== 'string')) return null;
  const cte = headers.get('content-transfer-encoding');
  if (cte !== undefined && typeof cte !== 'string') return null;
  const encoding = (cte ?? '').toLowerCase().trim();
  let body: Buffer = raw.subarray(end + sep);
  if (encoding === 'quoted-printable') body = libqp.decode(body.toString('latin1'));
  else if (encoding === 'base64') body = libbase64.decode(body.toString('latin1'));
  else if (!['', '7bit', '8bit', 'binary'].includes(encoding)) return null;
  let text: string;
  const charset = params.charset ?? 'utf-8';
  if (['ascii', 'usascii', 'utf8'].includes(charset.toLowerCase().replace(/[^a-z0-9]+/g, ''))) text = body.toString();
  else {
    const normal: string = libmime.normalizeCharset(charset);
    if (/^jis|^iso-?2022-?jp/i.test(normal)) {
      try {
        const out = encodingJapanese.convert(body, { to: 'UNICODE', from: normal, type: 'string' });
        // through UTF-8 bytes as mailparser's JPDecoder does: a lone surrogate of a broken sequence becomes U+FFFD
        text = typeof out === 'string' ? Buffer.from(out).toString() : body.toString();
      } catch {
        text = body.toString();
      }
    } else if (iconv.encodingExists(normal)) text = iconv.decode(body, normal);
    else return null;
  }
  return {
    subject: clean(subject ?? '').slice(0, 2000),
    from: clean(from?.text ?? '').slice(0, 1000),
    text: clean(text.replace(/\r?\n/g, '\n')).slice(0, MAX_TEXT),
    html: null,
    messageId: messageId ? messageId.slice(0, 1000) : null,
    attachments: [],
    malformed: false,
  };
}

/**
 * A message larger than this is parsed in a worker thread (parse-pool.ts, ADR 0065): its decoders (libqp above all,
 * ≈ 0.15-0.4 s a MiB of quoted-printable in one call) would hold the event loop; a smaller one costs less than the
 * copy and the hop.
 */
export const OFF_THREAD_BYTES = 64 * 1024;

/**
 * Parses a raw message: a plain-text message of one part by readPlainText, any other with mailparser; a large one in a
 * worker thread, by the same code. Attachments are described (name, type, size), never kept apart or opened;
 * the raw message itself is stored unchanged. A message mailparser cannot read is kept as text and flagged malformed.
 */
export async function parseInbound(raw: Buffer): Promise<ParsedInbound> {
  if (raw.length > OFF_THREAD_BYTES) {
    try {
      return await parseOffThread(raw);
    } catch {
      // the worker failed (it died, or could not start): parsed here, as before
    }
  }
  return parseHere(raw);
}

/** The parse itself, on the calling thread (the main thread for a small message, a parse worker for a large one). */
export async function parseHere(raw: Buffer): Promise<ParsedInbound> {
  try {
    const plain = readPlainText(raw);
    if (plain) return plain;
  } catch {
    // mailparser decides
  }
  return parseWithMailparser(raw);
}

/** The whole of mailparser (simpleParser): any message; one it cannot read is kept as text and flagged malformed. */
export async function parseWithMailparser(raw: Buffer): Promise<ParsedInbound> {
  try {
    const p = await simpleParser(raw, { skipImageLinks: true, skipTextToHtml: true, skipTextLinks: true, keepCidLinks: true });
    const html = typeof p.html === 'string' ? clean(p.html).slice(0, MAX_TEXT) : null;
    const text = clean(p.text ?? (html ? htmlToText(html) : '')).slice(0, MAX_TEXT);
    return {
      subject: clean(p.subject ?? '').slice(0, 2000),
      from: clean(p.from?.text ?? '').slice(0, 1000),
      text,
      html,
      messageId: p.messageId ? p.messageId.slice(0, 1000) : null,
      attachments: (p.attachments ?? []).slice(0, 200).map((a) => ({ filename: a.filename ? clean(a.filename).slice(0, 300) : null, content_type: a.contentType, size: a.size })),
      malformed: false,
    };
  } catch {
    const s = raw.toString('utf8');
    return {
      subject: clean(rawHeader(s, 'subject')).slice(0, 2000),
      from: clean(rawHeader(s, 'from')).slice(0, 1000),
      text: clean(s).slice(0, MAX_TEXT),
      html: null,
      messageId: null,
      attachments: [],
      malformed: true,
    };
  }
}
