import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { CATALOG_SCHEMA } from '../catalog.constants';
import { TldCategoryImportRow, TldImportRow, TldPriceImportRow } from './import-rows';

/** Rows inserted, updated or deleted by one statement. */
async function affected(em: EntityManager, sql: string, params: unknown[]): Promise<number> {
  if (!em.queryRunner) throw new Error('catalogue writes must run inside CatalogImportRepository.transaction()');
  const r = await em.queryRunner.query(sql, params, true);
  return r.affected ?? 0;
}

/**
 * Writes validated master data. Every write is an upsert that touches a row only when a value differs
 * (ON CONFLICT … DO UPDATE … WHERE … IS DISTINCT FROM), so loading the same data twice changes nothing and
 * the returned counts say how many rows really changed.
 */
@Injectable()
export class CatalogImportRepository {
  constructor(@InjectDataSource(CATALOG_SCHEMA) private readonly ds: DataSource) {}

  /** Runs `fn` in one transaction holding the catalogue import lock (one import at a time, across replicas). */
  transaction<T>(fn: (em: EntityManager) => Promise<T>): Promise<T> {
    return this.ds.transaction(async (em) => {
      await em.query(`SELECT pg_advisory_xact_lock(hashtext('catalog:import'))`);
      return fn(em);
    });
  }

  async tldCount(): Promise<number> {
    const [{ n }] = await this.ds.query(`SELECT count(*)::int AS n FROM catalog.tld`);
    return n;
  }

  async tldNames(em: EntityManager = this.ds.manager): Promise<Set<string>> {
    const rows: { tld_name: string }[] = await em.query(`SELECT tld_name FROM catalog.tld`);
    return new Set(rows.map((r) => r.tld_name));
  }

  async monthExists(month: string): Promise<boolean> {
    const rows = await this.ds.query(`SELECT 1 FROM catalog.tld_price WHERE effective_month = $1 LIMIT 1`, [month]);
    return rows.length > 0;
  }

  /** Inserts new TLDs and updates changed ones; TLDs absent from the file are kept (owned domains refer to them). */
  async upsertTlds(em: EntityManager, rows: TldImportRow[]): Promise<number> {
    const cols = ['tld_name', 'tld_name_punycode', 'meaning', 'description', 'requirements', 'is_cctld', 'is_idn', 'can_proxy', 'can_lock', 'can_transfer',
      'minimum_years', 'registration_unit', 'renewal_deadline', 'grace_period', 'restore_period', 'ordinal', 'top_ordinal_flg'];
    const types = ['text', 'text', 'text', 'text', 'text', 'boolean', 'boolean', 'boolean', 'boolean', 'boolean', 'int', 'int', 'text', 'int', 'int', 'int', 'int'];
    const updatable = cols.filter((c) => c !== 'tld_name');
    const res = await affected(
      em,
      `INSERT INTO catalog.tld (${cols.join(', ')})
       SELECT ${cols.join(', ')} FROM jsonb_to_recordset($1::jsonb) AS x(${cols.map((c, i) => `${c} ${types[i]}`).join(', ')})
       ON CONFLICT (tld_name) DO UPDATE SET ${updatable.map((c) => `${c} = EXCLUDED.${c}`).join(', ')}, updated_at = now()
       WHERE (${updatable.map((c) => `tld.${c}`).join(', ')}) IS DISTINCT FROM (${updatable.map((c) => `EXCLUDED.${c}`).join(', ')})`,
      [JSON.stringify(rows)],
    );
    return res;
  }

  /**
   * Upserts prices; for every effective month present in the file, the file is the whole truth:
   * rows of those months that the file no longer lists are removed. Other months are left alone.
   */
  async upsertPrices(em: EntityManager, rows: TldPriceImportRow[]): Promise<number> {
    const valueCols = ['register', 'renew', 'transfer', 'restore', 'register_normal', 'renew_normal', 'transfer_normal',
      'is_register_campaign', 'is_register_special', 'is_renew_campaign', 'is_renew_special', 'is_transfer_campaign', 'is_transfer_special'];
    const types: Record<string, string> = { register: 'int', renew: 'int', transfer: 'int', restore: 'int', register_normal: 'int', renew_normal: 'int', transfer_normal: 'int' };
    const recordset = `jsonb_to_recordset($1::jsonb) AS x(tld_name text, effective_month text, is_idn_price boolean, ${valueCols.map((c) => `${c} ${types[c] ?? 'boolean'}`).join(', ')})`;
    const json = JSON.stringify(rows);
    const upserted = await affected(
      em,
      `INSERT INTO catalog.tld_price (tld_id, effective_month, is_idn_price, ${valueCols.join(', ')})
       SELECT t.id, x.effective_month, x.is_idn_price, ${valueCols.map((c) => `x.${c}`).join(', ')}
       FROM ${recordset} JOIN catalog.tld t ON t.tld_name = x.tld_name
       ON CONFLICT (tld_id, effective_month, is_idn_price) DO UPDATE SET ${valueCols.map((c) => `${c} = EXCLUDED.${c}`).join(', ')}, updated_at = now()
       WHERE (${valueCols.map((c) => `tld_price.${c}`).join(', ')}) IS DISTINCT FROM (${valueCols.map((c) => `EXCLUDED.${c}`).join(', ')})`,
      [json],
    );
    const removed = await affected(
      em,
      `DELETE FROM catalog.tld_price p
       WHERE p.effective_month IN (SELECT DISTINCT effective_month FROM ${recordset})
         AND NOT EXISTS (SELECT 1 FROM ${recordset} JOIN catalog.tld t ON t.tld_name = x.tld_name
                         WHERE t.id = p.tld_id AND x.effective_month = p.effective_month AND x.is_idn_price = p.is_idn_price)`,
      [json],
    );
    return upserted + removed;
  }

  /** Replaces the categories and their TLD links with the file's (the file is the whole truth). */
  async replaceCategories(em: EntityManager, rows: TldCategoryImportRow[]): Promise<number> {
    const cats = [...new Map(rows.map((r) => [r.category_id, { id: r.category_id, name: r.category_name, ordinal: r.category_ordinal }])).values()];
    const upserted = await affected(
      em,
      `INSERT INTO catalog.category (id, name, ordinal)
       SELECT id, name, ordinal FROM jsonb_to_recordset($1::jsonb) AS x(id int, name text, ordinal int)
       ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, ordinal = EXCLUDED.ordinal
       WHERE (category.name, category.ordinal) IS DISTINCT FROM (EXCLUDED.name, EXCLUDED.ordinal)`,
      [JSON.stringify(cats)],
    );
    const removedCats = await affected(em, `DELETE FROM catalog.category WHERE NOT (id = ANY($1::int[]))`, [cats.map((c) => c.id)]);
    const links = JSON.stringify(rows.map((r) => ({ category_id: r.category_id, tld_name: r.tld_name })));
    const linkSet = `jsonb_to_recordset($1::jsonb) AS x(category_id int, tld_name text) JOIN catalog.tld t ON t.tld_name = x.tld_name`;
    const added = await affected(
      em,
      `INSERT INTO catalog.tld_category (category_id, tld_id) SELECT x.category_id, t.id FROM ${linkSet}
       ON CONFLICT DO NOTHING`,
      [links],
    );
    const removedLinks = await affected(
      em,
      `DELETE FROM catalog.tld_category l
       WHERE NOT EXISTS (SELECT 1 FROM ${linkSet} WHERE x.category_id = l.category_id AND t.id = l.tld_id)`,
      [links],
    );
    return upserted + removedCats + added + removedLinks;
  }
}
