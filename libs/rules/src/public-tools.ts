import { M } from '@registrar/messages';
import { DomainName, parseDomainName } from './domain-name';

/** Public WHOIS lookup (002 §5): a domain is required; it must be a well-formed name. */
export function validateWhoisQuery(raw: unknown): { ok: true; value: DomainName } | { ok: false; error: string } {
  const s = typeof raw === 'string' ? raw.trim() : '';
  if (!s) return { ok: false, error: M.enterDomain };
  // a pasted URL is read as its host name (https://www.example.com/path -> www.example.com)
  if (/^https?:\/\//i.test(s)) {
    try {
      const host = new URL(s).hostname;
      if (host) return parseDomainName(host);
    } catch {
      // not a URL after all: the domain-name rule says what is wrong
    }
  }
  return parseDomainName(s);
}

export interface ConnectionCheckTarget {
  /** the host name asked about (ASCII form) */
  host: string;
  /** the URL the HTTP and certificate checks use: the given URL, or https://<host>/ for a bare domain */
  url: string;
  /** what the user typed was a URL (http:// or https://) */
  isUrl: boolean;
}

/**
 * Website connection check input (002 §5): empty -> ドメインまたはURLを入力してください; input starting with http(s):// must
 * parse as a URL, else URLを正しく入力してください; anything else is a domain.
 */
export function validateConnectionCheckInput(raw: unknown): { ok: true; value: ConnectionCheckTarget } | { ok: false; error: string } {
  const s = typeof raw === 'string' ? raw.trim() : '';
  if (!s) return { ok: false, error: M.enterDomainOrUrl };
  if (/^https?:\/\//i.test(s)) {
    let u: URL;
    try {
      u = new URL(s);
    } catch {
      return { ok: false, error: M.enterUrlCorrectly };
    }
    const host = u.hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '');
    if (!host || /\s/.test(s) || (!host.includes('.') && host !== 'localhost' && !host.includes(':'))) return { ok: false, error: M.enterUrlCorrectly };
    return { ok: true, value: { host, url: u.toString(), isUrl: true } };
  }
  const d = parseDomainName(s);
  if (!d.ok) return d;
  return { ok: true, value: { host: d.value.punycode, url: `https://${d.value.punycode}/`, isUrl: false } };
}

/** The registered name of a host name (www.example.co.jp -> example.co.jp), both forms. */
export function registrableName(d: DomainName): { name: string; punycode: string } {
  if (!d.labelPunycode.includes('.')) return { name: d.name, punycode: d.punycode };
  return { name: `${d.label.split('.').pop()}.${d.tld}`, punycode: `${d.labelPunycode.split('.').pop()}.${d.tldPunycode}` };
}
