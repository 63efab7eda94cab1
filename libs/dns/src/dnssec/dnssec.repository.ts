import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, QueryRunner } from 'typeorm';
import { DnssecDsDto, DnssecStateDto } from '@registrar/contracts';
import { DNS_SCHEMA } from '../zones/zone.repository';

export interface DnssecRow {
  domainPkId: number;
  punycode: string;
  mode: DnssecStateDto['mode'];
  status: DnssecStateDto['status'];
  registryDs: DnssecDsDto[];
  oldKeyId: number | null;
  dueAt: Date | null;
  lastError: string | null;
  updatedAt: Date | null;
}

const toRow = (r: Record<string, any>): DnssecRow => ({
  domainPkId: Number(r.domain_pk_id), punycode: r.punycode, mode: r.mode, status: r.status, registryDs: r.registry_ds ?? [],
  oldKeyId: r.old_key_id === null ? null : Number(r.old_key_id), dueAt: r.due_at ? new Date(r.due_at) : null, lastError: r.last_error, updatedAt: r.updated_at ? new Date(r.updated_at) : null,
});

/** The dns.dnssec rows (docs/dns.md "DNSSEC"): what the registry holds, the state shown, and a due second step. */
@Injectable()
export class DnssecRepository {
  constructor(@InjectDataSource(DNS_SCHEMA) readonly ds: DataSource) {}

  async get(domainPkId: number): Promise<DnssecRow | null> {
    const rows = await this.ds.query('SELECT * FROM dns.dnssec WHERE domain_pk_id = $1', [domainPkId]);
    return rows.length ? toRow(rows[0]) : null;
  }

  async getOrCreate(domainPkId: number, punycode: string): Promise<DnssecRow> {
    // a row left by an earlier holder of the name under another domain id goes (the name was registered again)
    await this.ds.query('DELETE FROM dns.dnssec WHERE punycode = $1 AND domain_pk_id <> $2', [punycode, domainPkId]);
    const rows = await this.ds.query(
      `INSERT INTO dns.dnssec (domain_pk_id, punycode) VALUES ($1, $2) ON CONFLICT (domain_pk_id) DO UPDATE SET punycode = EXCLUDED.punycode RETURNING *`,
      [domainPkId, punycode],
    );
    return toRow(rows[0]);
  }

  /** Sets some columns (each call commits: the panel sees every step). */
  async set(domainPkId: number, p: Partial<Pick<DnssecRow, 'mode' | 'status' | 'registryDs' | 'oldKeyId' | 'dueAt' | 'lastError'>>): Promise<void> {
    const cols: string[] = [];
    const vals: unknown[] = [domainPkId];
    const add = (c: string, v: unknown) => { vals.push(v); cols.push(`${c} = $${vals.length}`); };
    if (p.mode !== undefined) add('mode', p.mode);
    if (p.status !== undefined) add('status', p.status);
    if (p.registryDs !== undefined) add('registry_ds', JSON.stringify(p.registryDs));
    if (p.oldKeyId !== undefined) add('old_key_id', p.oldKeyId);
    if (p.dueAt !== undefined) add('due_at', p.dueAt);
    if (p.lastError !== undefined) add('last_error', p.lastError);
    await this.ds.query(`UPDATE dns.dnssec SET ${[...cols, 'updated_at = now()'].join(', ')} WHERE domain_pk_id = $1`, vals);
  }

  /** Rows whose second step (old key removal, unsigning) is due. */
  async due(now: Date, limit = 100): Promise<DnssecRow[]> {
    const rows = await this.ds.query('SELECT * FROM dns.dnssec WHERE due_at IS NOT NULL AND due_at <= $1 ORDER BY due_at LIMIT $2', [now, limit]);
    return rows.map(toRow);
  }

  /**
   * Runs `fn` holding the domain's DNSSEC lock (a session advisory lock on a connection of its own: released if the
   * process dies), or answers null when another replica or job holds it: at once, or after waiting up to `waitMs` for it.
   */
  async exclusive<T>(domainPkId: number, fn: () => Promise<T>, waitMs = 0): Promise<T | null> {
    const qr: QueryRunner = this.ds.createQueryRunner();
    await qr.connect();
    const key = `hashtext('dns.dnssec'), ($1::bigint % 2147483647)::int`;
    try {
      let ok: boolean;
      if (waitMs > 0) {
        // a blocking lock (seen as waiting in pg_locks), given up after waitMs
        await qr.query(`SELECT set_config('lock_timeout', $1, false)`, [`${Math.ceil(waitMs)}ms`]);
        try {
          await qr.query(`SELECT pg_advisory_lock(${key})`, [domainPkId]);
          ok = true;
        } catch (e) {
          if ((e as { code?: string }).code !== '55P03') throw e;
          ok = false;
        } finally {
          await qr.query(`SELECT set_config('lock_timeout', '0', false)`);
        }
      } else {
        [{ ok }] = await qr.query(`SELECT pg_try_advisory_lock(${key}) AS ok`, [domainPkId]);
      }
      if (!ok) return null;
      try {
        return await fn();
      } finally {
        await qr.query(`SELECT pg_advisory_unlock(${key})`, [domainPkId]);
      }
    } finally {
      await qr.release();
    }
  }

  /** The zone is signed (PowerDNS holds NSEC3 parameters for it). */
  async signed(punycode: string, m: { query: DataSource['query'] } = this.ds): Promise<boolean> {
    const rows = await m.query(`SELECT 1 FROM dns.domainmetadata md JOIN dns.domains d ON d.id = md.domain_id WHERE d.name = $1 AND md.kind = 'NSEC3PARAM' LIMIT 1`, [punycode]);
    return rows.length > 0;
  }
}
