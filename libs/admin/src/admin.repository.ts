import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AdminPaged, ConsoleHistoryRow, DomainImportResult } from '@registrar/contracts';
import type { StatsRow } from '@registrar/rules';

export const ADMIN_SCHEMA = 'admin';
const PER_PAGE = 50;

/** The admin schema: import runs, the console's history, statistics snapshots. */
@Injectable()
export class AdminRepository {
  constructor(@InjectDataSource(ADMIN_SCHEMA) private readonly ds: DataSource) {}

  async recordImport(adminId: number | null, userId: number, domainNames: string[], r: DomainImportResult): Promise<void> {
    await this.ds.query('INSERT INTO admin.import_runs (admin_id, user_id, domain_names, results, errors) VALUES ($1, $2, $3, $4, $5)',
      [adminId, userId, JSON.stringify(domainNames), JSON.stringify(r.results), JSON.stringify(r.errors)]);
  }

  async recordCommand(adminId: number | null, command: string, params: Record<string, unknown>, error: string | null): Promise<void> {
    await this.ds.query('INSERT INTO admin.console_history (admin_id, command, params, error) VALUES ($1, $2, $3, $4)', [adminId, command, JSON.stringify(params), error]);
  }

  async consoleHistory(page: number): Promise<AdminPaged<ConsoleHistoryRow>> {
    const p = Math.max(1, Math.floor(page) || 1);
    const [[{ n }], rows] = await Promise.all([
      this.ds.query('SELECT count(*)::int AS n FROM admin.console_history'),
      this.ds.query('SELECT * FROM admin.console_history ORDER BY created_at DESC, id DESC LIMIT $1 OFFSET $2', [PER_PAGE, (p - 1) * PER_PAGE]),
    ]);
    return {
      data: rows.map((r: Record<string, any>) => ({
        id: Number(r.id), admin_id: r.admin_id == null ? null : Number(r.admin_id), command: r.command, params: r.params, error: r.error, created_at: new Date(r.created_at).toISOString(),
      })),
      total: n, current_page: p, last_page: Math.max(1, Math.ceil(n / PER_PAGE)), per_page: PER_PAGE,
    };
  }

  async saveSnapshot(takenOn: string, year: number, rows: StatsRow[]): Promise<void> {
    await this.ds.query(
      `INSERT INTO admin.stats_snapshots (taken_on, year, rows) VALUES ($1, $2, $3)
       ON CONFLICT (taken_on) DO UPDATE SET year = EXCLUDED.year, rows = EXCLUDED.rows, taken_at = now()`,
      [takenOn, year, JSON.stringify(rows)],
    );
  }
}
