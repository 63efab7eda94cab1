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
 * Follows a link as a person clicking it would (GET, redirects followed up to 5 times), but never away from the
 * link's own origin (scheme, host and port): a redirect elsewhere is refused (issue 23, finding 3). Answers the final
 * page; a non-2xx answer is a LinkError carrying the page's HTML (kept as error_html).
 */
export async function followLink(url: string, timeoutMs = 15_000): Promise<{ status: number; body: string }> {
  const origin = new URL(url).origin;
  let current = url;
  for (let hop = 0; hop < 6; hop++) {
    const u = new URL(current);
    if (!['http:', 'https:'].includes(u.protocol)) throw new LinkError(`scheme ${u.protocol} refused`, null, true);
    if (u.origin !== origin) throw new LinkError(`redirect to ${u.host} refused (only ${new URL(origin).host} is followed)`, null, true);
    const res = await fetch(u, { redirect: 'manual', signal: AbortSignal.timeout(timeoutMs), headers: { 'User-Agent': 'rakko-whois-mail/1' } });
    const body = (await res.text()).slice(0, 200_000);
    if (res.status >= 300 && res.status < 400 && res.headers.get('location')) {
      current = new URL(res.headers.get('location')!, u).toString();
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
