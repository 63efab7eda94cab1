import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { createHash, randomBytes } from 'node:crypto';
import { BlockList, isIP } from 'node:net';
import { DataSource } from 'typeorm';
import { ApiKeyVerifyResult, ApiSettingsResult, ApiSettingsSaveResult, ApiSettingsSaveRpcRequest } from '@registrar/contracts';
import { M } from '@registrar/messages';
import { parseAllowedIps, validateApiSettings } from '@registrar/rules';
import { DOMAIN_OPS_SCHEMA } from '../../shared/contacts/contacts.repository';
import { OrdersPort } from '../../shared/ports/orders.port';
import { WhoisDomainRepository } from '../../whois';

const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** `rk_` + 40 base62 characters (≈238 bits); the first 10 characters identify it on screen. */
export function newApiKey(): string {
  let s = '';
  for (const b of randomBytes(40)) s += BASE62[b % 62];
  return `rk_${s}`;
}
export const apiKeyHash = (key: string) => createHash('sha256').update(key, 'utf8').digest('hex');
export const API_KEY_FORMAT = /^rk_[A-Za-z0-9]{40}$/;

type Row = { user_id: string; is_api_enabled: boolean; is_ip_restriction: boolean; allowed_ips: string[]; key_hash: string | null; key_prefix: string | null };

/** Whether `ip` is one of the allowed entries (addresses or CIDR blocks, IPv4 and IPv6). */
export function ipAllowed(ip: string, allowed: readonly string[]): boolean {
  const addr = ip.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  const family = isIP(addr);
  if (!family) return false;
  const list = new BlockList();
  for (const entry of allowed) {
    const [a, bits] = entry.split('/');
    const f = isIP(a);
    if (!f) continue;
    const type = f === 4 ? 'ipv4' : 'ipv6';
    if (bits === undefined) list.addAddress(a, type);
    else list.addSubnet(a, Number(bits), type);
  }
  return list.check(addr, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * API settings (001 spec §5) and the API key (docs/whois.md "API key"): the key is made the first time API use is
 * turned on (or on rotation), answered once, and only its SHA-256 is kept; the public API checks a key with verify().
 */
@Injectable()
export class ApiSettingsService {
  constructor(
    @InjectDataSource(DOMAIN_OPS_SCHEMA) private readonly ds: DataSource,
    private readonly domains: WhoisDomainRepository,
    private readonly orders: OrdersPort,
  ) {}

  private async row(userId: number): Promise<Row | null> {
    const rows: Row[] = await this.ds.query('SELECT * FROM domain_ops.api_settings WHERE user_id = $1', [userId]);
    return rows[0] ?? null;
  }

  async get(userId: number): Promise<ApiSettingsResult> {
    const [r, domainCount, point] = await Promise.all([this.row(userId), this.domains.countDomains(userId), this.orders.balance(userId)]);
    return {
      user: {
        is_api_enabled: r?.is_api_enabled ? 1 : 0,
        is_ip_restriction: r?.is_ip_restriction ? 1 : 0,
        api_allowed_ip: (r?.allowed_ips ?? []).map((ip) => ({ ip })),
        has_api_key: !!r?.key_hash,
        api_key_prefix: r?.key_prefix ?? null,
        domain_count: domainCount,
      },
      point,
    };
  }

  async save(req: ApiSettingsSaveRpcRequest): Promise<ApiSettingsSaveResult> {
    const on = (v: unknown) => v === 1 || v === '1' || v === true;
    const input = { isApiEnabled: on(req.isApiEnabled), isIpRestriction: on(req.isIpRestriction), apiAllowedIps: parseAllowedIps(req.apiAllowedIps ?? []).slice(0, 200) };
    const current = await this.row(req.userId);
    const wasEnabled = !!current?.is_api_enabled;
    const needsGate = input.isApiEnabled && !wasEnabled;
    const [domainCount, point] = needsGate ? await Promise.all([this.domains.countDomains(req.userId), this.orders.balance(req.userId)]) : [0, 0];
    const errors = validateApiSettings(input, { domainCount, point, wasEnabled });
    if (errors.length) return { status: 0, errors, apiKey: null };
    const apiKey = input.isApiEnabled && !current?.key_hash ? newApiKey() : null;
    await this.ds.query(
      `INSERT INTO domain_ops.api_settings (user_id, is_api_enabled, is_ip_restriction, allowed_ips, key_hash, key_prefix, key_created_at)
       VALUES ($1, $2, $3, $4, $5, $6, CASE WHEN $5::text IS NULL THEN NULL ELSE now() END)
       ON CONFLICT (user_id) DO UPDATE SET is_api_enabled = $2, is_ip_restriction = $3, allowed_ips = $4,
         key_hash = coalesce(api_settings.key_hash, EXCLUDED.key_hash), key_prefix = coalesce(api_settings.key_prefix, EXCLUDED.key_prefix),
         key_created_at = coalesce(api_settings.key_created_at, EXCLUDED.key_created_at), updated_at = now()`,
      [req.userId, input.isApiEnabled, input.isIpRestriction, input.apiAllowedIps, apiKey ? apiKeyHash(apiKey) : null, apiKey ? apiKey.slice(0, 10) : null],
    );
    return { status: 1, errors: [], apiKey };
  }

  /** A new key replaces the old one at once (only with API use on); answered this once. */
  async rotate(userId: number): Promise<{ status: 1 | 0; errors: string[]; apiKey: string | null }> {
    const current = await this.row(userId);
    if (!current?.is_api_enabled) return { status: 0, errors: [M.apiNeedsApiOn], apiKey: null };
    const apiKey = newApiKey();
    await this.ds.query('UPDATE domain_ops.api_settings SET key_hash = $2, key_prefix = $3, key_created_at = now(), updated_at = now() WHERE user_id = $1', [userId, apiKeyHash(apiKey), apiKey.slice(0, 10)]);
    return { status: 1, errors: [], apiKey };
  }

  /** For the public API: the member whose current key this is, if API use is on and the IP passes the restriction. */
  async verify(apiKey: unknown, ip: unknown): Promise<ApiKeyVerifyResult> {
    if (typeof apiKey !== 'string' || !API_KEY_FORMAT.test(apiKey)) return { valid: false, userId: null, reason: 'unknown-key' };
    const rows: Row[] = await this.ds.query('SELECT * FROM domain_ops.api_settings WHERE key_hash = $1', [apiKeyHash(apiKey)]);
    const r = rows[0];
    if (!r) return { valid: false, userId: null, reason: 'unknown-key' };
    const userId = Number(r.user_id);
    if (!r.is_api_enabled) return { valid: false, userId, reason: 'api-disabled' };
    if (r.is_ip_restriction && !ipAllowed(String(ip ?? ''), r.allowed_ips)) return { valid: false, userId, reason: 'ip-not-allowed' };
    return { valid: true, userId, reason: null };
  }
}
