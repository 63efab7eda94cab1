import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import fs from 'node:fs';
import path from 'node:path';
import { CatalogChangeNotifier } from '../cache/catalog-change.notifier';
import { CatalogConfig } from '../catalog.config';
import { CatalogImportRepository } from './catalog-import.repository';
import { CatalogImportService } from './catalog-import.service';
import { TLD_COLUMNS } from './master-data.columns';

const MASTER = path.resolve(__dirname, '../../../../data/master');

function newTestService(o: { changed?: number; known?: string[] } = {}) {
  const writes: string[] = [];
  const repo = {
    transaction: jest.fn(async (fn: (em: unknown) => unknown) => fn({})),
    tldCount: jest.fn(async () => 0),
    tldNames: jest.fn(async () => new Set(o.known ?? [])),
    upsertTlds: jest.fn(async (_em: unknown, rows: unknown[]) => { writes.push(`tld:${rows.length}`); return o.changed ?? rows.length; }),
    upsertPrices: jest.fn(async (_em: unknown, rows: unknown[]) => { writes.push(`price:${rows.length}`); return o.changed ?? rows.length; }),
    replaceCategories: jest.fn(async (_em: unknown, rows: unknown[]) => { writes.push(`category:${rows.length}`); return o.changed ?? rows.length; }),
  };
  const notifier = { changed: jest.fn(async () => undefined) };
  const config = Object.assign(new CatalogConfig(), { MASTER_DATA_DIR: MASTER });
  const sut = new CatalogImportService(repo as unknown as CatalogImportRepository, config, notifier as unknown as CatalogChangeNotifier);
  return { sut, repo, notifier, writes };
}

describe(CatalogImportService.name, () => {
  it('loads the three bundled files in one transaction and announces the change', async () => {
    const { sut, repo, notifier, writes } = newTestService();
    const r = await sut.import({ kind: 'all' });
    expect(r).toMatchObject({ result: true, updateCnt: 430, categoryCnt: 14 });
    expect(repo.transaction).toHaveBeenCalledTimes(1);
    expect(writes).toEqual(['tld:430', `price:${r.recordCnt}`, `category:${r.categoryGroupCnt}`]);
    expect(notifier.changed).toHaveBeenCalledWith('all');
  });

  it('does not announce an import that changed nothing', async () => {
    const { sut, notifier } = newTestService({ changed: 0 });
    expect(await sut.import({ kind: 'all' })).toMatchObject({ result: true, changed: 0 });
    expect(notifier.changed).not.toHaveBeenCalled();
  });

  it('writes nothing when a row is invalid, and returns the row errors', async () => {
    const { sut, writes, notifier } = newTestService();
    const csv = `${TLD_COLUMNS.join(',')}\ncom,,説明,,1,1,1,1,1,1,1,期限,30,30,10,\n`;
    const r = await sut.import({ kind: 'tld', csv });
    expect(r).toMatchObject({ result: false, changed: 0, errors: ['2行目 meaning: 必須項目です'] });
    expect(r.message).toBe('TLDのインポートに失敗しました（エラー1件）。データは変更されていません。');
    expect(writes).toEqual([]);
    expect(notifier.changed).not.toHaveBeenCalled();
  });

  it('checks price rows against the TLDs already in the catalogue', async () => {
    const { sut, writes } = newTestService({ known: ['com'] });
    const csv = fs.readFileSync(path.join(MASTER, 'tld_price.csv'), 'utf8');
    const r = await sut.import({ kind: 'tld_price', csv });
    expect(r.result).toBe(false);
    expect(r.errors.length).toBeLessThanOrEqual(100);
    expect(r.message).toContain('先頭100件を表示');
    expect(writes).toEqual([]);
  });

  it('answers an unknown kind plainly and a storage failure with the generic message', async () => {
    const { sut, repo } = newTestService();
    expect(await sut.import({ kind: 'nope' as never })).toMatchObject({ result: false, message: '不明なインポート種別です（nope）' });
    const logged = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    repo.transaction.mockRejectedValueOnce(new Error('connection lost'));
    expect(await sut.import({ kind: 'tld' })).toMatchObject({ result: false, message: 'エラーが発生しました' });
    expect(logged).toHaveBeenCalledWith(expect.stringContaining('connection lost'));
    logged.mockRestore();
  });

  it('loads at boot only into an empty catalogue', async () => {
    const { sut, repo } = newTestService();
    repo.tldCount.mockResolvedValueOnce(430);
    expect(await sut.loadIfEmpty()).toBeNull();
    expect(repo.transaction).not.toHaveBeenCalled();
    expect((await sut.loadIfEmpty())?.result).toBe(true);
  });
});
