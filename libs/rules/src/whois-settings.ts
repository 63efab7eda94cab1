/**
 * Rules of WHOIS change, default settings and API settings (001 spec §5, §9), shared by the web modals and the
 * domain-ops service (the server is the authority).
 */
import { M } from '@registrar/messages';
import { tldOf } from './purchase';

/** Bulk operations take at most this many domains (001 §9). */
export const BULK_LIMIT = 1000;
/** The WHOIS status polling of the list page (001 §9): every 30 s, at most 360 times. */
export const WHOIS_POLL_INTERVAL_MS = 30_000;
export const WHOIS_POLL_MAX = 360;
/** Default settings keep at most 8 name servers, at least 2 (001 §5). */
export const NS_MIN = 2;
export const NS_MAX_DEFAULT = 8;
/** API use needs 10 managed domains or 10,000 RP (001 §5, §6). */
export const API_MIN_DOMAINS = 10;
export const API_MIN_POINTS = 10_000;

/** .co.jp-type names (the organisation form, one at a time; 001 §5). */
export function isCoJpLike(name: string): boolean {
  return tldOf(name) === 'co.jp';
}

/** For a .jp name other than .co.jp, every chosen contact must have country JP (001 §5). */
export function jpContactCountryOk(name: string, countries: readonly (string | null | undefined)[]): boolean {
  const n = String(name).toLowerCase();
  if (!n.endsWith('.jp') || isCoJpLike(n)) return true;
  return countries.every((c) => String(c ?? '').toUpperCase() === 'JP');
}

/** The role label of a contact: 1 or I individual, 2 or R organisation, anything else '不明な種類' (001 §3). */
export function contactRoleLabel(role: unknown): string {
  const r = String(role ?? '').toUpperCase();
  if (r === '1' || r === 'I') return '個人';
  if (r === '2' || r === 'R') return '組織';
  return M.unknownContactRole;
}

/** Name servers from a list or a comma string: trimmed, lower-cased, empty ones dropped (001 §5). */
export function normaliseNameServers(input: readonly unknown[] | string | null | undefined): string[] {
  const list = typeof input === 'string' ? input.split(',') : Array.isArray(input) ? input : [];
  return list.map((v) => String(v ?? '').trim().toLowerCase()).filter(Boolean);
}

/** The name-server rules of default settings (001 §5): the first failing rule's message, or null. */
export function validateNameServers(names: readonly string[], max = NS_MAX_DEFAULT): string | null {
  if (names.length < NS_MIN) return M.nsAtLeastTwo;
  if (names.length > max) return M.nsMaxEight;
  if (names.some((n) => !/^[a-z0-9.-]+$/i.test(n))) return M.nsBadChars;
  if (new Set(names.map((n) => n.toLowerCase())).size !== names.length) return M.nsDuplicate;
  return null;
}

/** Allowed IPs entered one per line (or as a list): trimmed, blanks removed, de-duplicated (001 §5). */
export function parseAllowedIps(input: readonly unknown[] | string | null | undefined): string[] {
  const list = typeof input === 'string' ? input.split(/\r?\n/) : Array.isArray(input) ? input : [];
  return [...new Set(list.map((v) => String(v ?? '').trim()).filter(Boolean))];
}

/** 4 or 6 for an IPv4 / IPv6 address, else 0 (browser and server alike). */
export function isIP(addr: string): 0 | 4 | 6 {
  if (/^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/.test(addr)) return 4;
  if (!addr.includes(':') || !/^[0-9a-fA-F:.]+$/.test(addr)) return 0;
  try {
    new URL(`http://[${addr}]/`);
    return 6;
  } catch {
    return 0;
  }
}

/** An allowed-IP entry: an IPv4 or IPv6 address, or a CIDR block of one. */
export function isAllowedIpEntry(entry: string): boolean {
  const [addr, bits, more] = entry.split('/');
  if (more !== undefined) return false;
  const v = isIP(addr);
  if (!v) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (v === 4 ? 32 : 128);
}

/**
 * A block of prefix length 0 (0.0.0.0/0, ::/0, or any address with /0): it allows every address, which is no
 * restriction at all (issue 23, finding 11).
 */
export function allowsEveryAddress(entry: string): boolean {
  const [, bits] = entry.split('/');
  return bits !== undefined && Number(bits) === 0;
}

export interface ApiSettingsInput {
  isApiEnabled: boolean;
  isIpRestriction: boolean;
  apiAllowedIps: string[];
}

/** The API settings rules (001 §5) in the spec's order; the gate applies when API use is being turned on. */
export function validateApiSettings(s: ApiSettingsInput, gate: { domainCount: number; point: number; wasEnabled: boolean }): string[] {
  const errors: string[] = [];
  if (s.isIpRestriction && !s.isApiEnabled) errors.push(M.apiNeedsApiOn);
  if (s.isIpRestriction && !s.apiAllowedIps.length) errors.push(M.apiNeedsIps);
  for (const ip of s.apiAllowedIps) {
    if (!isAllowedIpEntry(ip)) errors.push(M.apiIpInvalid.replace('{ip}', ip.slice(0, 60)));
    else if (allowsEveryAddress(ip)) errors.push(M.apiIpAllowsAll.replace('{ip}', ip.slice(0, 60)));
  }
  if (s.isApiEnabled && !gate.wasEnabled && !apiGateOpen(gate.domainCount, gate.point)) errors.push(M.apiRequirement);
  return errors;
}

export function apiGateOpen(domainCount: number, point: number): boolean {
  return domainCount >= API_MIN_DOMAINS || point >= API_MIN_POINTS;
}
