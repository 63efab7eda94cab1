import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { ProxyDomainDto } from '@registrar/contracts';
import { DOMAIN_OPS_SCHEMA } from '../shared/contacts/contacts.repository';

export interface ProxyIdentity {
  punycode: string;
  /** `<token>@<WHOIS_PROXY_MAIL_DOMAIN>`, lower case */
  email: string;
  /** the registry contact of this domain's proxy: `rkpx` + 12 characters */
  registryContactId: string;
}

const ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789'; // 32 symbols, no 0/o/1/l
/** n random characters of a 32-symbol alphabet (5 bits each). */
export function randomToken(n: number): string {
  const bytes = randomBytes(n);
  let s = '';
  for (const b of bytes) s += ALPHABET[b & 31];
  return s;
}

/** A proxy address's local part: `px-` and 20 random characters (100 bits), so it cannot be guessed from the domain. */
export const newProxyLocalPart = () => `px-${randomToken(20)}`;
export const newProxyContactId = () => `rkpx${randomToken(12)}`;

/** The shape of a proxy address at the given mail domain (docs/whois.md). */
export function isProxyAddressFormat(address: string, mailDomain: string): boolean {
  const m = /^px-([a-z2-9]{20})@(.+)$/.exec(address.trim().toLowerCase());
  return !!m && m[2] === mailDomain.toLowerCase();
}

/** Storage of the per-domain WHOIS proxy identities (domain_ops.proxy_identities). */
@Injectable()
export class ProxyIdentityRepository {
  constructor(@InjectDataSource(DOMAIN_OPS_SCHEMA) private readonly ds: DataSource) {}

  /** The domain's proxy identity, made once (a retried job or a parallel call reads back the first one). */
  async ensure(punycode: string, mailDomain: string): Promise<ProxyIdentity> {
    const existing = await this.byPunycode(punycode);
    if (existing) return existing;
    for (let i = 0; ; i++) {
      try {
        await this.ds.query(
          'INSERT INTO domain_ops.proxy_identities (punycode, email, registry_contact_id) VALUES ($1, $2, $3) ON CONFLICT (punycode) DO NOTHING',
          [punycode, `${newProxyLocalPart()}@${mailDomain.toLowerCase()}`, newProxyContactId()],
        );
        return (await this.byPunycode(punycode))!;
      } catch (e) {
        // a token collision (unique email / contact id): astronomically rare, draw again
        if (i >= 3 || (e as { code?: string }).code !== '23505') throw e;
      }
    }
  }

  async byPunycode(punycode: string): Promise<ProxyIdentity | null> {
    const rows = await this.ds.query('SELECT punycode, email, registry_contact_id FROM domain_ops.proxy_identities WHERE punycode = $1', [punycode]);
    return rows.length ? { punycode: rows[0].punycode, email: rows[0].email, registryContactId: rows[0].registry_contact_id } : null;
  }

  /** The domain whose proxy address this is (case-insensitive), with its holder; null for an unknown address. */
  async domainByAddress(address: string): Promise<ProxyDomainDto | null> {
    return (await this.domainsByAddresses([address]))[0] ?? null;
  }

  /** The domain of each address (null where none), in the order asked, in one statement. */
  async domainsByAddresses(addresses: string[]): Promise<Array<ProxyDomainDto | null>> {
    const wanted = addresses.map((a) => a.trim().toLowerCase());
    const rows: Array<Record<string, unknown>> = await this.ds.query(
      `SELECT d.id, d.user_id, d.name, d.punycode, d.is_whois_proxy_enabled, p.email, p.registry_contact_id
       FROM domain_ops.proxy_identities p JOIN domain_ops.domains d ON d.punycode = p.punycode
       WHERE p.email = ANY($1::text[])`,
      [[...new Set(wanted)]],
    );
    const by = new Map(rows.map((r) => [String(r.email), r]));
    return wanted.map((a) => {
      const r = by.get(a);
      return r ? { domainId: Number(r.id), userId: Number(r.user_id), name: r.name as string, punycode: r.punycode as string, proxyEmail: r.email as string, registryContactId: r.registry_contact_id as string, whoisProxyEnabled: !!r.is_whois_proxy_enabled } : null;
    });
  }
}
