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

  /**
   * The domain's proxy identity, made once (a retried job or a parallel call reads back the first one). Read with
   * FOR SHARE: an identity being given back to the reserve (`release`, not committed yet) is waited for and then not
   * found, so it is never used after it went back.
   */
  async ensure(punycode: string, mailDomain: string): Promise<ProxyIdentity> {
    const existing = await this.byPunycode(punycode, true);
    if (existing) return existing;
    for (let i = 0; ; i++) {
      try {
        await this.ds.query(
          'INSERT INTO domain_ops.proxy_identities (punycode, email, registry_contact_id) VALUES ($1, $2, $3) ON CONFLICT (punycode) DO NOTHING',
          [punycode, `${newProxyLocalPart()}@${mailDomain.toLowerCase()}`, newProxyContactId()],
        );
        const made = await this.byPunycode(punycode, true);
        if (made) return made;
        // given back to the reserve between the insert and the read (a failed registration of the name): make another
        if (i >= 3) throw new Error(`the proxy identity of ${punycode} could not be made`);
      } catch (e) {
        // a token collision (unique email / contact id): astronomically rare, draw again
        if (i >= 3 || (e as { code?: string }).code !== '23505') throw e;
      }
    }
  }

  /**
   * Takes a proxy contact of the reserve (made ahead at the registry) as this domain's proxy identity, in one
   * statement: the reserve row is deleted and the identity inserted together, so a reserved contact goes to exactly
   * one domain whatever the replicas do at once (a row another transaction holds is skipped, not waited for). Null
   * when the reserve has no ready contact at this mail domain, or the domain already has an identity (the caller then
   * uses `ensure`). `left` is how many ready contacts remain, counted up to `countUpTo` (a caller that only needs to know
   * whether the reserve is under some size reads no more rows than that).
   *
   * The reserve row goes only with the identity made from it: the picked row (locked, so no other statement takes it)
   * becomes the identity, and only the row the insert made is deleted. Two registrations of one name at once (neither
   * sees the other's identity yet) each pick a row, but the second's insert meets the first's identity and makes
   * nothing, so its row stays in the reserve (before, it was deleted all the same and its contact was lost at the
   * registry, in neither table).
   */
  async take(punycode: string, mailDomain: string, countUpTo = 1_000_000_000): Promise<{ identity: ProxyIdentity | null; left: number }> {
    const rows: Array<Record<string, unknown>> = await this.ds.query(
      `WITH picked AS (
         SELECT email, registry_contact_id FROM domain_ops.proxy_contact_reserve
         WHERE state = 'ready' AND split_part(email, '@', 2) = $2 AND NOT EXISTS (SELECT 1 FROM domain_ops.proxy_identities WHERE punycode = $1)
         ORDER BY created_at LIMIT 1 FOR UPDATE SKIP LOCKED
       ), made AS (
         INSERT INTO domain_ops.proxy_identities (punycode, email, registry_contact_id) SELECT $1, email, registry_contact_id FROM picked
         ON CONFLICT (punycode) DO NOTHING RETURNING punycode, email, registry_contact_id
       ), taken AS (
         DELETE FROM domain_ops.proxy_contact_reserve r USING made WHERE r.registry_contact_id = made.registry_contact_id
         RETURNING r.registry_contact_id
       )
       SELECT m.punycode, m.email, m.registry_contact_id,
              (SELECT count(*) FROM (SELECT 1 FROM domain_ops.proxy_contact_reserve WHERE state = 'ready' AND split_part(email, '@', 2) = $2 LIMIT $3) r)::int
                - (SELECT count(*) FROM taken)::int AS ready_left
       FROM (SELECT 1) one LEFT JOIN made m ON true`,
      // the row taken is among those counted (the statement's snapshot): one more
      [punycode, mailDomain.toLowerCase(), countUpTo + 1],
    );
    const r = rows[0]!;
    const identity = r.punycode ? { punycode: String(r.punycode), email: String(r.email), registryContactId: String(r.registry_contact_id) } : null;
    return { identity, left: Math.max(0, Number(r.ready_left)) };
  }

  /** The reserve's ready and still-being-made contacts at this mail domain (those of another one are never taken). */
  async reserveCounts(mailDomain: string): Promise<{ ready: number; creating: number }> {
    const rows = await this.ds.query(
      `SELECT count(*) FILTER (WHERE state = 'ready')::int AS ready, count(*) FILTER (WHERE state = 'creating')::int AS creating
       FROM domain_ops.proxy_contact_reserve WHERE split_part(email, '@', 2) = $1`,
      [mailDomain.toLowerCase()],
    );
    return { ready: Number(rows[0].ready), creating: Number(rows[0].creating) };
  }

  /** New reserve rows (random address and contact id, state 'creating'); the caller makes them at the registry. */
  async addToReserve(n: number, mailDomain: string): Promise<void> {
    if (n <= 0) return;
    const emails = Array.from({ length: n }, () => `${newProxyLocalPart()}@${mailDomain.toLowerCase()}`);
    const ids = Array.from({ length: n }, () => newProxyContactId());
    await this.ds.query(
      `INSERT INTO domain_ops.proxy_contact_reserve (email, registry_contact_id) SELECT * FROM unnest($1::text[], $2::text[]) ON CONFLICT DO NOTHING`,
      [emails, ids],
    );
  }

  /**
   * Reserve rows at this mail domain not yet known to exist at the registry (oldest first), claimed for `leaseS`
   * seconds (ADR 0066): two refill runs at once (the schedule's and the one a registration asks for, or two replicas')
   * each make their own rows instead of both sending every contact:create (the second answered "exists"). A run that
   * died leaves its rows to a later run once the lease is over; a failed create gives its row back (`releaseCreating`).
   */
  async claimCreating(limit: number, mailDomain: string, leaseS: number): Promise<Array<{ email: string; registryContactId: string }>> {
    const [rows] = await this.ds.query(
      `UPDATE domain_ops.proxy_contact_reserve r SET lease_until = now() + make_interval(secs => $3)
       WHERE r.registry_contact_id IN (
         SELECT registry_contact_id FROM domain_ops.proxy_contact_reserve
         WHERE state = 'creating' AND split_part(email, '@', 2) = $2 AND (lease_until IS NULL OR lease_until <= now())
         ORDER BY created_at LIMIT $1 FOR UPDATE SKIP LOCKED)
       RETURNING r.email, r.registry_contact_id`,
      [limit, mailDomain.toLowerCase(), leaseS],
    );
    return (rows as Array<Record<string, string>>).map((r) => ({ email: r.email, registryContactId: r.registry_contact_id }));
  }

  /** Rows whose contact:create failed, free for the next run at once. */
  async releaseCreating(registryContactIds: string[]): Promise<void> {
    if (!registryContactIds.length) return;
    await this.ds.query(`UPDATE domain_ops.proxy_contact_reserve SET lease_until = NULL WHERE registry_contact_id = ANY($1::text[]) AND state = 'creating'`, [registryContactIds]);
  }

  /** These reserve contacts exist at the registry: they may be taken (a row retired meanwhile stays retiring). */
  async markReady(registryContactIds: string[]): Promise<void> {
    if (!registryContactIds.length) return;
    await this.ds.query(`UPDATE domain_ops.proxy_contact_reserve SET state = 'ready', lease_until = NULL WHERE registry_contact_id = ANY($1::text[]) AND state = 'creating'`, [registryContactIds]);
  }

  /**
   * A replica set to `mailDomain` is alive (ProxyReserveInUse, every few minutes from each process, ADR 0050): the clock
   * of its mail domain's rows starts again, so no replica of another setting retires them while one of it lives.
   */
  async inUse(mailDomain: string): Promise<void> {
    await this.ds.query(`UPDATE domain_ops.proxy_contact_reserve SET stale_since = NULL WHERE split_part(email, '@', 2) = $1 AND stale_since IS NOT NULL`, [mailDomain.toLowerCase()]);
  }

  /**
   * What a run of a replica set to `mailDomain` knows of the other mail domains' reserve contacts: it clears
   * `stale_since` of its own domain's rows (that setting is in use) and sets it on the others' rows that have none (from
   * now, another setting is in use too). A row is retired only once stale for the grace period (claimRetiring), so while
   * replicas of both settings run (a rolling change of WHOIS_PROXY_MAIL_DOMAIN), each restarting the clock of its own
   * rows, none deletes the contacts the others still hand out. How many rows of other mail domains there are.
   */
  async markStale(mailDomain: string): Promise<number> {
    const domain = mailDomain.toLowerCase();
    await this.ds.query(
      `UPDATE domain_ops.proxy_contact_reserve SET stale_since = CASE WHEN split_part(email, '@', 2) = $1 THEN NULL ELSE now() END
       WHERE (split_part(email, '@', 2) = $1 AND stale_since IS NOT NULL)
          OR (split_part(email, '@', 2) <> $1 AND stale_since IS NULL AND state IN ('creating', 'ready'))`,
      [domain],
    );
    const rows = await this.ds.query(`SELECT count(*)::int AS n FROM domain_ops.proxy_contact_reserve WHERE split_part(email, '@', 2) <> $1`, [domain]);
    return Number(rows[0].n);
  }

  /**
   * Claims up to `limit` reserve contacts of any other mail domain than this one (made before WHOIS_PROXY_MAIL_DOMAIN
   * changed) for deletion at the registry, once stale for `graceS` seconds (markStale): they become 'retiring', which
   * no registration takes, with a lease of `leaseS` seconds. Rows another transaction holds are skipped, and a row
   * already retiring is claimed again only when its lease is over (the run that had it failed or died), so replicas
   * share the work and never send one contact's delete twice at once.
   */
  async claimRetiring(mailDomain: string, limit: number, leaseS: number, graceS: number): Promise<Array<{ email: string; registryContactId: string }>> {
    const [rows] = await this.ds.query(
      `UPDATE domain_ops.proxy_contact_reserve r SET state = 'retiring', lease_until = now() + make_interval(secs => $3)
       WHERE r.registry_contact_id IN (
         SELECT registry_contact_id FROM domain_ops.proxy_contact_reserve
         WHERE split_part(email, '@', 2) <> $1
           AND ((state IN ('creating', 'ready') AND stale_since <= now() - make_interval(secs => $4)) OR (state = 'retiring' AND lease_until <= now()))
         ORDER BY created_at LIMIT $2 FOR UPDATE SKIP LOCKED)
       RETURNING r.email, r.registry_contact_id`,
      [mailDomain.toLowerCase(), limit, leaseS, graceS],
    );
    return (rows as Array<Record<string, string>>).map((r) => ({ email: r.email, registryContactId: r.registry_contact_id }));
  }

  /** Retired contacts the registry no longer has: out of the reserve. */
  async dropRetired(registryContactIds: string[]): Promise<void> {
    if (!registryContactIds.length) return;
    await this.ds.query(`DELETE FROM domain_ops.proxy_contact_reserve WHERE registry_contact_id = ANY($1::text[]) AND state = 'retiring'`, [registryContactIds]);
  }

  /** Retiring contacts whose delete failed: their lease ends now, so the next run (the job's retry) tries again. */
  async releaseRetiring(registryContactIds: string[]): Promise<void> {
    if (!registryContactIds.length) return;
    await this.ds.query(`UPDATE domain_ops.proxy_contact_reserve SET lease_until = now() WHERE registry_contact_id = ANY($1::text[]) AND state = 'retiring'`, [registryContactIds]);
  }

  /**
   * The proxy identity of a name whose registration failed for good, given back to the reserve (ADR 0050) unless
   * something may use it: a domain of that name in our table, another registration of it not ended in error, or an
   * open transfer-in of it. Each of those has its row before it reads the identity, and `ensure` reads with FOR SHARE,
   * so one statement decides: either it sees the user and keeps the identity, or the user reads after it and makes a
   * new one. The contact goes back as 'creating' (its registry contact may never have been made, when its
   * contact:create failed): the refill makes it, "exists" (2302) meaning it is there, and only then hands it out; a
   * contact of another mail domain than the current one is retired by the refill as any other. Answers whether it went.
   */
  async release(punycode: string, itemId: number): Promise<boolean> {
    const rows = await this.ds.query(
      `WITH gone AS (
         DELETE FROM domain_ops.proxy_identities p WHERE p.punycode = $1
           AND NOT EXISTS (SELECT 1 FROM domain_ops.domains d WHERE d.punycode = $1)
           AND NOT EXISTS (SELECT 1 FROM domain_ops.registration_order_items i WHERE i.punycode = $1 AND i.id <> $2 AND i.status <> 'error')
           AND NOT EXISTS (SELECT 1 FROM domain_ops.transfer_ins t WHERE t.punycode = $1 AND t.status IN ('requesting', 'pending'))
         RETURNING p.email, p.registry_contact_id
       )
       INSERT INTO domain_ops.proxy_contact_reserve (email, registry_contact_id, state) SELECT email, registry_contact_id, 'creating' FROM gone
       ON CONFLICT DO NOTHING RETURNING registry_contact_id`,
      [punycode, itemId],
    );
    return rows.length > 0;
  }

  async byPunycode(punycode: string, forShare = false): Promise<ProxyIdentity | null> {
    const rows = await this.ds.query(`SELECT punycode, email, registry_contact_id FROM domain_ops.proxy_identities WHERE punycode = $1${forShare ? ' FOR SHARE' : ''}`, [punycode]);
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
