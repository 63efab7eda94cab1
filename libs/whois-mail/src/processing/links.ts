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
 * Follows a link as a person clicking it would (GET, redirects followed up to 5 times), only to allowed hosts.
 * Answers the final page; a non-2xx answer is a LinkError carrying the page's HTML (kept as error_html).
 */
export async function followLink(url: string, allowedHosts: readonly string[], timeoutMs = 15_000): Promise<{ status: number; body: string }> {
  let current = url;
  for (let hop = 0; hop < 6; hop++) {
    const u = new URL(current);
    if (!['http:', 'https:'].includes(u.protocol)) throw new LinkError(`scheme ${u.protocol} refused`, null, true);
    if (!allowedHosts.includes(u.hostname.toLowerCase())) throw new LinkError(`host ${u.hostname} is not allowed`, null, true);
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
