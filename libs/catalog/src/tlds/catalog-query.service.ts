import { Inject, Injectable } from '@nestjs/common';
import { CategoryDto, DeadlineRowDto, NextMonthPricesResult, TldDetailResult, TldPriceDto, TldSummaryDto } from '@registrar/contracts';
import { Clock, CLOCK } from '@registrar/infra';
import { nextMonthKey, tokyoMonthKey } from '@registrar/rules';
import { CatalogChangeNotifier } from '../cache/catalog-change.notifier';
import { CatalogConfig } from '../catalog.config';
import { CatalogSnapshot, deadlineList, priceList, summaries, tldDetail, topTiles } from './catalog-snapshot';
import { CatalogRepository } from './catalog.repository';

/**
 * Answers the catalogue's read calls. The catalogue is read once into memory and kept until an import changes it
 * (a change notice from any replica drops it) or CATALOG_CACHE_MS passes; computed lists are kept per month and
 * category. "Current" prices are those of the current Tokyo month of the injectable clock.
 */
@Injectable()
export class CatalogQueryService {
  private snapshotPromise: Promise<CatalogSnapshot> | null = null;
  private loadedAt = 0;
  private readonly lists = new Map<string, unknown>();

  constructor(
    private readonly repo: CatalogRepository,
    private readonly config: CatalogConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    notifier: CatalogChangeNotifier,
  ) {
    notifier.onChange(() => this.invalidate());
  }

  invalidate(): void {
    this.snapshotPromise = null;
    this.lists.clear();
  }

  month(): string {
    return tokyoMonthKey(this.clock.now());
  }

  private snapshot(): Promise<CatalogSnapshot> {
    if (this.snapshotPromise && Date.now() - this.loadedAt > this.config.CATALOG_CACHE_MS) this.invalidate();
    if (!this.snapshotPromise) {
      this.loadedAt = Date.now();
      const p = this.repo.snapshot();
      this.snapshotPromise = p;
      p.catch(() => { if (this.snapshotPromise === p) this.snapshotPromise = null; });
    }
    return this.snapshotPromise;
  }

  private async memo<T>(key: string, compute: (s: CatalogSnapshot, month: string) => T): Promise<T> {
    const s = await this.snapshot();
    const month = this.month();
    const k = `${key}|${month}`;
    if (!this.lists.has(k)) this.lists.set(k, compute(s, month));
    return this.lists.get(k) as T;
  }

  prices(categoryId: number | null): Promise<TldPriceDto[]> {
    return this.memo(`prices|${categoryId ?? 0}`, (s, m) => priceList(s, m, categoryId));
  }

  deadlines(categoryId: number | null): Promise<DeadlineRowDto[]> {
    return this.memo(`deadlines|${categoryId ?? 0}`, (s, m) => deadlineList(s, m, categoryId));
  }

  topTiles(): Promise<TldPriceDto[]> {
    return this.memo('tiles', (s, m) => topTiles(s, m));
  }

  categories(): Promise<CategoryDto[]> {
    return this.memo('categories', (s) => s.categories);
  }

  allTlds(): Promise<TldSummaryDto[]> {
    return this.memo('all', (s, m) => summaries(s, m));
  }

  async detail(tldName: string): Promise<TldDetailResult> {
    const s = await this.snapshot();
    const d = tldDetail(s, this.month(), tldName);
    return d ? { found: true, detail: d.detail, idn_price: d.idnPrice } : { found: false, detail: null };
  }

  /** Whether prices for the month after the current one are loaded (the admin's 来月TLD価格データが設定されていません warning). */
  async nextMonthPricesExist(): Promise<NextMonthPricesResult> {
    const s = await this.snapshot();
    const month = nextMonthKey(this.month());
    return { result: s.prices.some((p) => p.effective_month === month), month };
  }
}
