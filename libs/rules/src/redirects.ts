/**
 * The one check of every redirect parameter (redirect_url, redirect, return addresses): only a path of this app.
 * Browsers drop TAB, CR and LF anywhere in a URL and read "\" as "/", so "/\t/evil.example" or "/\evil.example"
 * would become "//evil.example", another site (issue 23, finding 5). A path with any control character, space or
 * backslash is refused, and what is left must resolve to this origin; the answer is the normalised path.
 */
export function safeAppPath(p: unknown, fallback: string): string {
  if (typeof p !== 'string' || !p || p.length > 2000) return fallback;
  if (/[\u0000-\u0020\u007f-\u00a0\u1680\u2000-\u200f\u2028-\u202f\u205f\u3000\ufeff\\]/.test(p)) return fallback;
  if (!p.startsWith('/') || p.startsWith('//')) return fallback;
  let u: URL;
  try {
    u = new URL(p, 'https://app.invalid');
  } catch {
    return fallback;
  }
  if (u.origin !== 'https://app.invalid') return fallback;
  const path = `${u.pathname}${u.search}${u.hash}`;
  return path.startsWith('//') ? fallback : path;
}
