import { Controller, Get, HttpException, HttpStatus, Inject, Query, Res } from '@nestjs/common';
import { ClientProxy } from '@nestjs/microservices';
import type { Response } from 'express';
import { ADMIN_CLIENT, AdminPatterns, StatsResult } from '@registrar/contracts';
import { csvField, UTF8_BOM } from '@registrar/csv';
import { STATS_COLUMNS, validateStatsQuery } from '@registrar/rules';
import { SuperAdmin } from '@registrar/identity';
import { adminRpc } from './admin-rpc';

const tokyoYear = () => Number(new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 4));

/** Contract stats (002 §7, super only): GET /admin/api/domain/stats {year, quarter} -> {result, stats, errors}, and its CSV. */
@Controller('admin/api/domain/stats')
@SuperAdmin()
export class AdminStatsController {
  constructor(@Inject(ADMIN_CLIENT) private readonly admin: ClientProxy) {}

  private async load(query: Record<string, unknown>) {
    const { value, errors } = validateStatsQuery(query ?? {}, tokyoYear());
    if (Object.keys(errors).length) throw new HttpException({ result: false, stats: [], errors, message: Object.values(errors)[0]![0] }, HttpStatus.UNPROCESSABLE_ENTITY);
    return { query: value, ...(await adminRpc<StatsResult>(this.admin, AdminPatterns.DomainStats, value, 25_000)) };
  }

  @Get()
  async stats(@Query() query: Record<string, unknown>) {
    const r = await this.load(query);
    return { result: true, year: r.query.year, quarter: r.query.quarter, stats: r.stats, errors: {} };
  }

  @Get('csv')
  async csv(@Query() query: Record<string, unknown>, @Res() res: Response) {
    const r = await this.load(query);
    const lines = [STATS_COLUMNS.join(','), ...r.stats.map((row) => STATS_COLUMNS.map((c) => csvField(row[c])).join(','))];
    const name = `domain_stats_${r.query.year ?? 'all'}_${r.query.quarter ? 'quarterly' : 'monthly'}.csv`;
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="${name}"`);
    res.send(UTF8_BOM + lines.join('\r\n') + '\r\n');
  }
}
