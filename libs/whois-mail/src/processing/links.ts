import http from 'node:http';
import https from 'node:https';
import { Transform } from 'node:stream';
import zlib from 'node:zlib';

/** The http(s) links of a mail, in order of appearance: the text first, then the HTML's hrefs. */
export function extractLinks(text: string, html: string | null): string[] {
  const out: string[] = [];
  const add = (u: string) => {
    const clean = u.replace(/[).,;:!?'"\]>]+$/, '').replace(/&amp;/g, '&');
    if (!out.includes(clean)) out.push(clean);
  };
  for (const m of text.matchAll(/https?:\/\/[^\s<>"'「」（）()]+/gi)) add(m[0]);
  if (html) for (const m of html.matchAll(/href\s*=\s*["'](https?:\/\/[^"']+)["']/gi)) add(m[1]);
  return out;
}

export class LinkError extends Error {
  constructor(message: string, readonly html: string | null = null, readonly permanent = false) {
    super(message);
  }
}

export const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/**
 * The agents of the link requests: connections kept between requests (as fetch's dispatcher kept them), a free one
 * closed after 4 s or before the server's own Keep-Alive hint runs out, whichever is first.
 */
const AGENTS = {
  'http:': new http.Agent({ keepAlive: true, timeout: 4_000 }),
  'https:': new https.Agent({ keepAlive: true, timeout: 4_000 }),
} as const;
/** what is read of a page at most (the page is kept as 200,000 characters at most) */
const MAX_BODY_BYTES = 1024 * 1024;
/** UTF-8 with its byte order mark dropped and bad bytes replaced, as fetch's text() reads a body */
const utf8 = new TextDecoder('utf-8');

/**
 * The decompressor of a Content-Encoding, as fetch (undici) reads one (ADR 0064): what arrived is flushed at the end, so
 * an empty body under `Content-Encoding: gzip` (a redirect, a 204-like page) is an empty page, not "unexpected end of
 * file"; `deflate` is read as zlib data or, as many servers send it, raw deflate (told by its first byte).
 */
const Z_FLUSH = { flush: zlib.constants.Z_SYNC_FLUSH, finishFlush: zlib.constants.Z_SYNC_FLUSH };
function decompressor(enc: string): Transform | null {
  if (enc === 'gzip' || enc === 'x-gzip') return zlib.createGunzip(Z_FLUSH);
  if (enc === 'br') return zlib.createBrotliDecompress({ flush: zlib.constants.BROTLI_OPERATION_FLUSH, finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH });
  if (enc !== 'deflate') return null;
  let inner: zlib.Inflate | zlib.InflateRaw | undefined;
  return new Transform({
    transform(chunk: Buffer, _enc, cb) {
      if (!inner) {
        inner = (chunk[0] & 0x0f) === 0x08 ? zlib.createInflate(Z_FLUSH) : zlib.createInflateRaw(Z_FLUSH);
        inner.on('data', (d: Buffer) => this.push(d));
        inner.on('error', (e) => this.destroy(e));
      }
      inner.write(chunk, () => cb());
    },
    flush(cb) {
      if (!inner) return cb();
      inner.once('end', () => cb());
      inner.end();
    },
    destroy(e, cb) {
      inner?.destroy();
      cb(e);
    },
  });
}

interface Page { status: number; location: string | null; body: string }

/**
 * One GET with node:http(s) (ADR 0062: fetch cost whois-mail 3-4 times the CPU a request). The body is read as UTF-8
 * (as fetch's text() did), decompressed if the server compressed it anyway (nothing asks it to). A kept connection the
 * server closed before answering (ECONNRESET before any response) is asked again once on a new connection, as Node's
 * documentation advises; nothing else is retried here.
 */
function get(u: URL, deadline: number, fresh = false): Promise<Page> {
  const lib = u.protocol === 'https:' ? https : http;
  return new Promise<Page>((resolve, reject) => {
    let answered = false;
    const req = lib.request(u, {
      method: 'GET',
      agent: fresh ? false : AGENTS[u.protocol as 'http:' | 'https:'],
      headers: { 'User-Agent': 'rakko-whois-mail/1', Accept: '*/*' },
    }, (res) => {
      answered = true;
      const enc = String(res.headers['content-encoding'] ?? '').trim().toLowerCase();
      const unzip = decompressor(enc);
      const body = unzip ? res.pipe(unzip) : res;
      const chunks: Buffer[] = [];
      let size = 0;
      body.on('data', (c: Buffer) => {
        if (size >= MAX_BODY_BYTES) return;
        chunks.push(c);
        size += c.length;
        // the page so far is the answer: resolved before the connection is ended (its end rejects nothing then), and
        // the decompressor stopped too (it would inflate all it was given, a bomb's gigabyte included)
        if (size >= MAX_BODY_BYTES) { done(); unzip?.destroy(); res.destroy(); }
      });
      const done = () => {
        clearTimeout(timer);
        const location = res.headers.location;
        resolve({ status: res.statusCode ?? 0, location: typeof location === 'string' ? location : null, body: utf8.decode(Buffer.concat(chunks)) });
      };
      const fail = (e: Error) => { clearTimeout(timer); reject(e); };
      body.on('end', done);
      // the response's own errors too (a connection reset mid-body): with a decompressor between, they are not piped on
      res.on('error', fail);
      if (unzip) unzip.on('error', fail);
      res.on('aborted', () => fail(new Error(`${u.host}: the answer was cut off`)));
    });
    const timer = setTimeout(() => req.destroy(new Error(`${u.host} did not answer in time`)), Math.max(0, deadline - Date.now()));
    req.on('error', (e: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      if (!answered && !fresh && req.reusedSocket && e.code === 'ECONNRESET') return get(u, deadline, true).then(resolve, reject);
      reject(e);
    });
    req.end();
  });
}

/**
 * Follows a link as a person clicking it would (GET, redirects followed up to 5 times), but never away from the
 * link's own origin (scheme, host and port): a redirect elsewhere is refused (issue 23, finding 3). Answers the final
 * page; a non-2xx answer is a LinkError carrying the page's HTML (kept as error_html). `timeoutMs` bounds the whole.
 */
export async function followLink(url: string, timeoutMs = 15_000): Promise<{ status: number; body: string }> {
  const origin = new URL(url).origin;
  const deadline = Date.now() + timeoutMs;
  let current = url;
  for (let hop = 0; hop < 6; hop++) {
    const u = new URL(current);
    if (!['http:', 'https:'].includes(u.protocol)) throw new LinkError(`scheme ${u.protocol} refused`, null, true);
    if (u.origin !== origin) throw new LinkError(`redirect to ${u.host} refused (only ${new URL(origin).host} is followed)`, null, true);
    const res = await get(u, deadline);
    const body = res.body.slice(0, 200_000);
    if (res.status >= 300 && res.status < 400 && res.location) {
      current = new URL(res.location, u).toString();
      continue;
    }
    if (res.status < 200 || res.status >= 300) throw new LinkError(`${u.host} answered ${res.status}`, body || null, res.status >= 400 && res.status < 500);
    return { status: res.status, body };
  }
  throw new LinkError('too many redirects', null, true);
}

/** The addresses of a From header ("Name" <a@b>, c@d). */
export function addressesOf(from: string): string[] {
  const angle = [...from.matchAll(/<([^<>\s]+@[^<>\s]+)>/g)].map((m) => m[1]);
  const found = angle.length ? angle : [...from.matchAll(/[^\s<>,;"]+@[^\s<>,;"]+/g)].map((m) => m[0]);
  return found.map((a) => a.toLowerCase());
}

/** An address is trusted when it is one of the entries, or ends with an `@domain` entry. */
export function trustedSender(address: string, entries: readonly string[]): boolean {
  const a = address.trim().toLowerCase();
  return !!a && entries.some((e) => (e.startsWith('@') ? a.endsWith(e) : a === e));
}

/** The values of a header in a raw message (all occurrences, folded lines joined). */
export function headerValues(raw: Buffer | null, name: string): string[] {
  if (!raw) return [];
  const head = raw.subarray(0, 256 * 1024).toString('utf8').split(/\r?\n\r?\n/)[0] ?? '';
  const re = new RegExp(`^${name.replace(/[-]/g, '\\-')}:[ \\t]*(.*(?:\\r?\\n[ \\t].*)*)`, 'gim');
  return [...head.matchAll(re)].map((m) => m[1].replace(/\r?\n[ \t]+/g, ' ').trim());
}
