import { Injectable, Logger } from '@nestjs/common';
import fs from 'node:fs/promises';
import path from 'node:path';
import { CatalogImportKind, CatalogImportRequest, CatalogImportResult } from '@registrar/contracts';
import { M } from '@registrar/messages';
import { CatalogChangeNotifier } from '../cache/catalog-change.notifier';
import { CatalogConfig } from '../catalog.config';
import { CatalogImportRepository } from './catalog-import.repository';
import { parseTldCategoryCsv, parseTldCsv, parseTldPriceCsv, Parsed } from './import-rows';
import { ImportKind, MASTER_FILES } from './master-data.columns';

const LABEL: Record<ImportKind, string> = {
  [ImportKind.Tld]: 'TLD',
  [ImportKind.TldPrice]: 'TLD価格',
  [ImportKind.TldCategory]: 'TLDカテゴリ',
};

/** At most this many row errors are returned; the message says how many more there were. */
export const MAX_REPORTED_ERRORS = 100;

function failed(kind: ImportKind | 'all', errors: string[]): CatalogImportResult {
  const label = kind === 'all' ? 'マスターデータ' : LABEL[kind];
  const shown = errors.slice(0, MAX_REPORTED_ERRORS);
  const more = errors.length - shown.length;
  return {
    result: false,
    message: `${label}のインポートに失敗しました（エラー${errors.length}件${more > 0 ? `、先頭${shown.length}件を表示` : ''}）。データは変更されていません。`,
    errors: shown,
    changed: 0,
  };
}

/**
 * The master-data import (002 spec: the admin TLD import screen's three items, and the bundled data at boot).
 * Every row is validated first and any problem stops the import before anything is written; a valid file is
 * written in one transaction with upserts, so importing the same data twice changes nothing.
 */
@Injectable()
export class CatalogImportService {
  private readonly logger = new Logger(CatalogImportService.name);

  constructor(
    private readonly repo: CatalogImportRepository,
    private readonly config: CatalogConfig,
    private readonly notifier: CatalogChangeNotifier,
  ) {}

  /** Reads one bundled file from MASTER_DATA_DIR. */
  async readMasterFile(kind: ImportKind): Promise<string> {
    return fs.readFile(path.resolve(process.cwd(), this.config.MASTER_DATA_DIR, MASTER_FILES[kind]), 'utf8');
  }

  async import(req: CatalogImportRequest): Promise<CatalogImportResult> {
    const kind = req.kind as CatalogImportKind;
    try {
      switch (kind) {
        case 'all':
          return await this.importAll(req.csvs && Object.keys(req.csvs).length ? req.csvs : undefined);
        case ImportKind.Tld:
        case ImportKind.TldPrice:
        case ImportKind.TldCategory:
          return await this.importOne(kind as ImportKind, req.csv ?? (await this.readMasterFile(kind as ImportKind)));
        default:
          return { result: false, message: `不明なインポート種別です（${String(kind)}）`, errors: [], changed: 0 };
      }
    } catch (e) {
      this.logger.error(`import ${String(kind)} failed: ${(e as Error).message}`);
      return { result: false, message: M.errorOccurred, errors: [], changed: 0 };
    }
  }

  /** Loads the bundled master data when the catalogue is empty (first boot). */
  async loadIfEmpty(): Promise<CatalogImportResult | null> {
    if ((await this.repo.tldCount()) > 0) return null;
    const r = await this.importAll();
    if (r.result) this.logger.log(r.message);
    else this.logger.error(`${r.message}\n${r.errors.join('\n')}`);
    return r;
  }

  private async importOne(kind: ImportKind, csv: string): Promise<CatalogImportResult> {
    const out = await this.repo.transaction(async (em) => {
      if (kind === ImportKind.Tld) {
        const parsed = parseTldCsv(csv);
        if (!parsed.ok) return failed(kind, parsed.errors);
        const changed = await this.repo.upsertTlds(em, parsed.rows);
        return { result: true, message: `TLDを${parsed.rows.length}件インポートしました（変更${changed}件）`, errors: [], changed, updateCnt: parsed.rows.length };
      }
      const known = await this.repo.tldNames(em);
      if (kind === ImportKind.TldPrice) {
        const parsed = parseTldPriceCsv(csv, known);
        if (!parsed.ok) return failed(kind, parsed.errors);
        const changed = await this.repo.upsertPrices(em, parsed.rows);
        return { result: true, message: `TLD価格を${parsed.rows.length}件インポートしました（変更${changed}件）`, errors: [], changed, recordCnt: parsed.rows.length };
      }
      const parsed = parseTldCategoryCsv(csv, known);
      if (!parsed.ok) return failed(kind, parsed.errors);
      const changed = await this.repo.replaceCategories(em, parsed.rows);
      const categoryCnt = new Set(parsed.rows.map((r) => r.category_id)).size;
      return {
        result: true, message: `TLDカテゴリを${categoryCnt}件（TLDとの紐付け${parsed.rows.length}件）インポートしました（変更${changed}件）`,
        errors: [], changed, categoryCnt, categoryGroupCnt: parsed.rows.length,
      };
    });
    if (out.result && out.changed > 0) await this.notifier.changed(kind);
    return out;
  }

  /**
   * The three bundled files (or the uploaded ones of the admin screen: only those given) in one transaction: every
   * file is validated before anything is written, TLDs first, so prices and categories may name new TLDs.
   */
  async importAll(uploaded?: Partial<Record<'tld' | 'tld_price' | 'tld_category', string>>): Promise<CatalogImportResult> {
    const [tldCsv, priceCsv, categoryCsv] = uploaded
      ? [uploaded.tld ?? null, uploaded.tld_price ?? null, uploaded.tld_category ?? null]
      : await Promise.all([this.readMasterFile(ImportKind.Tld), this.readMasterFile(ImportKind.TldPrice), this.readMasterFile(ImportKind.TldCategory)]);
    const out = await this.repo.transaction(async (em) => {
      const tlds: ReturnType<typeof parseTldCsv> = tldCsv === null ? { ok: true, rows: [] } : parseTldCsv(tldCsv);
      const known = new Set(await this.repo.tldNames(em));
      if (tlds.ok) for (const r of tlds.rows) known.add(r.tld_name);
      const prices: ReturnType<typeof parseTldPriceCsv> = priceCsv === null ? { ok: true, rows: [] } : parseTldPriceCsv(priceCsv, known);
      const cats: ReturnType<typeof parseTldCategoryCsv> = categoryCsv === null ? { ok: true, rows: [] } : parseTldCategoryCsv(categoryCsv, known);
      const errors = [
        ...prefixed(MASTER_FILES[ImportKind.Tld], tlds),
        ...prefixed(MASTER_FILES[ImportKind.TldPrice], prices),
        ...prefixed(MASTER_FILES[ImportKind.TldCategory], cats),
      ];
      if (!tlds.ok || !prices.ok || !cats.ok) return failed('all', errors);
      const changed = (tldCsv === null ? 0 : await this.repo.upsertTlds(em, tlds.rows))
        + (priceCsv === null ? 0 : await this.repo.upsertPrices(em, prices.rows))
        + (categoryCsv === null ? 0 : await this.repo.replaceCategories(em, cats.rows));
      const categoryCnt = new Set(cats.rows.map((r) => r.category_id)).size;
      return {
        result: true,
        message: `マスターデータをインポートしました: TLD ${tlds.rows.length}件、TLD価格 ${prices.rows.length}件、カテゴリ ${categoryCnt}件（変更${changed}件）`,
        errors: [], changed, updateCnt: tlds.rows.length, recordCnt: prices.rows.length, categoryCnt, categoryGroupCnt: cats.rows.length,
      } satisfies CatalogImportResult;
    });
    if (out.result && out.changed > 0) await this.notifier.changed('all');
    return out;
  }
}

function prefixed<T>(file: string, p: Parsed<T>): string[] {
  return p.ok ? [] : p.errors.map((e) => `${file} ${e}`);
}
