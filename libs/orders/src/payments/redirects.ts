/** An app-relative path ("/mypage/…") or the fallback: return addresses never leave the app (no open redirects). */
export function safeAppPath(p: string | undefined | null, fallback: string): string {
  if (!p || typeof p !== 'string') return fallback;
  if (!p.startsWith('/') || p.startsWith('//') || p.includes('\\') || /[\r\n]/.test(p)) return fallback;
  return p;
}

/** The app's absolute base URL without a trailing slash. */
export function appUrlOf(u: string): string {
  const url = new URL(u);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('app URL must be http(s)');
  return `${url.protocol}//${url.host}`;
}
