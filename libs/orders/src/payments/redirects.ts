/** An app-relative path ("/mypage/…") or the fallback: the one rule of libs/rules (no open redirects, issue 23). */
export { safeAppPath } from '@registrar/rules';

/** The app's absolute base URL without a trailing slash. */
export function appUrlOf(u: string): string {
  const url = new URL(u);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('app URL must be http(s)');
  return `${url.protocol}//${url.host}`;
}
