import { Body, Controller, Get, HttpCode, Inject, Post, Req, UploadedFiles, UseInterceptors } from '@nestjs/common';
import { ClientProxy } from '@nestjs/microservices';
import { FileFieldsInterceptor } from '@nestjs/platform-express';
import type { Request } from 'express';
import {
  CATALOG_CLIENT, CatalogImportKind, CatalogImportResult, CatalogPatterns, CustomPriceChangeResult, CustomPriceUserDto, NextMonthPricesResult, PriceGroupDto,
  PriceGroupPatterns,
} from '@registrar/contracts';
import { M } from '@registrar/messages';
import { validateCustomPrice } from '@registrar/rules';
import { AuthedRequest, SuperAdmin, audit, AuditAction, ReadOnlyCall, UsersRepository } from '@registrar/identity';
import { adminRpc, fieldErrors } from './admin-rpc';

/** Upload limits of the master-data CSVs (the bundled files are about 140 KB, 56 KB and 22 KB). */
const MAX_CSV_BYTES = 5 * 1024 * 1024;
const UPLOAD_FIELDS = [{ name: 'tld', maxCount: 1 }, { name: 'tld_price', maxCount: 1 }, { name: 'tld_category', maxCount: 1 }];
type Uploaded = Partial<Record<'tld' | 'tld_price' | 'tld_category', { buffer: Buffer; originalname: string; size: number }[]>>;

const IMPORT_MS = 120_000;

/**
 * The super admin's catalogue screens (002 §2, §6, §7): the TLD import (the three bundled master files, one at a
 * time, or an upload of master CSVs validated first and written in one transaction by the catalog's own loader),
 * the next-month price warning, and members' custom prices (price groups). Every call here is super-only.
 */
@Controller('admin/api')
@SuperAdmin()
export class AdminCatalogController {
  constructor(@Inject(CATALOG_CLIENT) private readonly catalog: ClientProxy, private readonly users: UsersRepository) {}

  private async runImport(req: Request, kind: CatalogImportKind, csv?: Record<string, string>): Promise<CatalogImportResult> {
    const r = await adminRpc<CatalogImportResult>(this.catalog, CatalogPatterns.Import, { kind, ...(csv ? { csvs: csv } : {}) }, IMPORT_MS);
    audit(req, { target: kind, after: { result: r.result, message: r.message, changed: r.changed, errors: r.errors.slice(0, 20) } });
    return r;
  }

  /** POST admin/api/tld/import -> { result, updateCnt, message } (import 1: the bundled tld.csv) */
  @Post('tld/import')
  @HttpCode(200)
  @AuditAction('tld.import')
  async tld(@Req() req: Request) {
    const r = await this.runImport(req, 'tld');
    return { result: r.result, updateCnt: r.updateCnt ?? 0, message: r.message, errors: r.errors };
  }

  /** POST admin/api/tld_price/import -> { result, recordCnt, message } (import 2: the bundled tld_price.csv) */
  @Post('tld_price/import')
  @HttpCode(200)
  @AuditAction('tld_price.import')
  async tldPrice(@Req() req: Request) {
    const r = await this.runImport(req, 'tld_price');
    return { result: r.result, recordCnt: r.recordCnt ?? 0, message: r.message, errors: r.errors };
  }

  /** POST admin/api/tld_category/import -> { result, categoryCnt, categoryGroupCnt, message } (import 3) */
  @Post('tld_category/import')
  @HttpCode(200)
  @AuditAction('tld_category.import')
  async tldCategory(@Req() req: Request) {
    const r = await this.runImport(req, 'tld_category');
    return { result: r.result, categoryCnt: r.categoryCnt ?? 0, categoryGroupCnt: r.categoryGroupCnt ?? 0, message: r.message, errors: r.errors };
  }

  /**
   * POST admin/api/master_data/upload (multipart: tld, tld_price, tld_category; any of them) -> the counts and message.
   * Every file is validated before anything is written; the files go in one transaction (TLDs first), or nothing does.
   */
  @Post('master_data/upload')
  @HttpCode(200)
  @AuditAction('master_data.upload')
  @UseInterceptors(FileFieldsInterceptor(UPLOAD_FIELDS, { limits: { fileSize: MAX_CSV_BYTES, files: 3 } }))
  async upload(@Req() req: Request, @UploadedFiles() files: Uploaded | undefined) {
    const csvs: Record<string, string> = {};
    for (const f of UPLOAD_FIELDS) {
      const file = files?.[f.name as keyof Uploaded]?.[0];
      if (file) csvs[f.name] = file.buffer.toString('utf8');
    }
    if (!Object.keys(csvs).length) throw fieldErrors({ file: ['CSVファイルを選択してください'] });
    const r = await this.runImport(req, 'all', csvs);
    return r;
  }

  /** GET admin/api/tld_price/exists -> { result } whether next month's prices are loaded (false: 来月TLD価格データが設定されていません) */
  @Get('tld_price/exists')
  async nextMonth() {
    const r = await adminRpc<NextMonthPricesResult>(this.catalog, CatalogPatterns.NextMonthPricesExist, {});
    return { result: r.result, month: r.month, message: r.result ? null : M.nextMonthPricesMissing };
  }

  /** POST /admin/api/user_custom_price/search {userId?} -> { result, users, priceGroups, errors } */
  @Post('user_custom_price/search')
  @HttpCode(200)
  @ReadOnlyCall()
  async customPrices(@Body() body: { userId?: unknown }) {
    const raw = body?.userId === undefined || body?.userId === null ? '' : String(body.userId).trim();
    if (raw && !validateCustomPrice({ userId: raw }, false).userId) throw fieldErrors({ userId: [M.userIdDigits] });
    const [users, groups] = await Promise.all([
      adminRpc<CustomPriceUserDto[]>(this.catalog, PriceGroupPatterns.Search, { userId: raw || null }),
      adminRpc<PriceGroupDto[]>(this.catalog, PriceGroupPatterns.List, {}),
    ]);
    return { result: true, users, priceGroups: groups.map((g) => ({ id: g.id, jpName: g.jpName, marginPercent: g.marginPercent, fixed: g.fixed })), errors: [] };
  }

  /** POST /admin/api/user_custom_price/regist {userId, priceGroup} -> { result, message, errors } */
  @Post('user_custom_price/regist')
  @HttpCode(200)
  @AuditAction('user_custom_price.register')
  async register(@Req() req: AuthedRequest, @Body() body: { userId?: unknown; priceGroup?: unknown }) {
    const v = validateCustomPrice(body ?? {});
    if (Object.keys(v.errors).length) throw fieldErrors(v.errors);
    if (!(await this.users.findById(v.userId!))) throw fieldErrors({ userId: [M.userNotFound] });
    const r = await adminRpc<CustomPriceChangeResult>(this.catalog, PriceGroupPatterns.Register, { userId: v.userId, priceGroup: v.priceGroup, adminId: req.user!.id });
    if (!r.result) throw fieldErrors({ priceGroup: r.errors });
    audit(req as Request, { target: v.userId, before: { price_group: r.before }, after: { price_group: r.after } });
    return { result: true, message: M.customPriceRegistered, errors: [] };
  }

  /** POST /admin/api/user_custom_price/delete {userId} -> { result, message, errors } */
  @Post('user_custom_price/delete')
  @HttpCode(200)
  @AuditAction('user_custom_price.remove')
  async remove(@Req() req: AuthedRequest, @Body() body: { userId?: unknown }) {
    const v = validateCustomPrice(body ?? {}, false);
    if (Object.keys(v.errors).length) throw fieldErrors(v.errors);
    const r = await adminRpc<CustomPriceChangeResult>(this.catalog, PriceGroupPatterns.Remove, { userId: v.userId });
    audit(req as Request, { target: v.userId, before: { price_group: r.before }, after: { price_group: null } });
    return { result: true, message: M.customPriceRemoved, errors: [] };
  }
}
