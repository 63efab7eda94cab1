/**
 * Rules of URL forwarding and mail forwarding (転送設定, issue 29), shared by the web form and the dns service.
 * Every check answers the Japanese message to show (empty when the input is good).
 */
import { fmt, M } from '@registrar/messages';

/** Longest target URL accepted (browsers handle far more; a redirect to a longer one is almost always a mistake). */
export const FORWARD_URL_MAX = 2_000;
/** URL forwards per domain. */
export const URL_FORWARDS_PER_DOMAIN = 20;
/** Mail forwards (addresses, the catch-all included) per domain. */
export const MAIL_FORWARDS_PER_DOMAIN = 20;
/** The local part that forwards every address of the domain not forwarded on its own. */
export const CATCH_ALL = '*';

export type ForwardStatus = 301 | 302;
export const FORWARD_STATUSES: readonly ForwardStatus[] = [301, 302];

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;


/** The host part under the zone: '' (or '@') for the domain itself, else dot-separated labels ('www', 'shop.jp'). */
export function normaliseForwardHost(host: unknown): string {
  const h = String(host ?? '').trim().toLowerCase().replace(/\.$/, '');
  return h === '@' ? '' : h;
}

export function forwardHostError(host: string, zone: string): string {
  if (host === '') return '';
  if (host.length + zone.length + 1 > 253) return M.fwdHostTooLong;
  return host.split('.').every((l) => LABEL.test(l)) ? '' : M.fwdHostInvalid;
}

/** The name a forward answers for: the host under the zone, or the zone itself. */
export const forwardFqdn = (host: string, zone: string) => (host ? `${host}.${zone}` : zone);

/**
 * A target URL: http or https only (javascript:, data: and the rest are refused), a host name, no user or password,
 * at most FORWARD_URL_MAX characters. Answers the parsed URL when good.
 */
export function checkTargetUrl(raw: unknown): { url?: URL; error: string } {
  const s = String(raw ?? '').trim();
  if (!s) return { error: M.fwdUrlRequired };
  if (s.length > FORWARD_URL_MAX) return { error: fmt(M.fwdUrlTooLong, { max: FORWARD_URL_MAX }) };
  // control characters and spaces would split the Location header or hide a different URL
  if (/[\u0000-\u0020\u007f]/.test(s)) return { error: M.fwdUrlInvalid };
  if (!/^https?:\/\//i.test(s)) return { error: M.fwdUrlScheme };
  let url: URL;
  try {
    url = new URL(s);
  } catch {
    return { error: M.fwdUrlInvalid };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { error: M.fwdUrlScheme };
  if (url.username || url.password) return { error: M.fwdUrlCredentials };
  if (!url.hostname || url.hostname.length > 253) return { error: M.fwdUrlInvalid };
  if (url.href.length > FORWARD_URL_MAX) return { error: fmt(M.fwdUrlTooLong, { max: FORWARD_URL_MAX }) };
  return { url, error: '' };
}

/** The Location a forwarded request gets: the target alone, or with the request's path and query appended. */
export function forwardLocation(target: string, keepPath: boolean, requestPath: string): string {
  if (!keepPath) return target;
  const url = new URL(target);
  const req = new URL(requestPath.startsWith('/') ? requestPath : `/${requestPath}`, 'http://x');
  const base = url.pathname.endsWith('/') ? url.pathname.slice(0, -1) : url.pathname;
  url.pathname = req.pathname === '/' && base ? base || '/' : `${base}${req.pathname}`;
  if (req.search) url.search = url.search ? `${url.search}&${req.search.slice(1)}` : req.search;
  return url.href;
}

/** The local part of a forwarded address: letters, digits and . - _ + (RFC 5321 dot-atom without the rarer signs), or '*'. */
export function normaliseLocalPart(raw: unknown): string {
  return String(raw ?? '').trim().toLowerCase();
}

export function localPartError(local: string): string {
  if (local === CATCH_ALL) return '';
  return /^(?!\.)(?!.*\.\.)[a-z0-9._+-]{1,64}(?<!\.)$/.test(local) ? '' : M.fwdLocalInvalid;
}

/** The address mail is forwarded to: one plain address (the member's own mailbox). */
export function mailTargetError(raw: string): string {
  const s = raw.trim();
  if (s.length > 254) return M.fwdMailTargetInvalid;
  return /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]{1,64}@(?!-)[A-Za-z0-9-]{1,63}(?:\.[A-Za-z0-9-]{1,63})+$/.test(s) ? '' : M.fwdMailTargetInvalid;
}
