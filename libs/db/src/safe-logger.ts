import type { Logger as TypeOrmLogger } from 'typeorm';

/** The text of a failed statement, its values cut out: literals and long runs are replaced, parameters never printed. */
export function redactSql(query: string): string {
  return query
    .replace(/'(?:[^']|'')*'/g, "'…'")
    .replace(/\s+/g, ' ')
    .slice(0, 500);
}

/**
 * TypeORM's logger for every service: a failed query is logged with its SQL text (string literals cut out), the
 * PostgreSQL error code and the table or constraint, never with its parameters nor the error's own text, which can
 * quote a value (a member's address, an e-mail, a password hash: issue 23, finding 9). Nothing else is logged.
 */
export class SafeTypeOrmLogger implements TypeOrmLogger {
  constructor(private readonly write: (line: string) => void = (line) => console.error(line)) {}

  logQuery(): void {}
  logQuerySlow(): void {}
  logSchemaBuild(): void {}
  logMigration(): void {}
  log(level: 'log' | 'info' | 'warn', message: unknown): void {
    if (level === 'warn') this.write(`typeorm: ${String(message).slice(0, 300)}`);
  }

  logQueryError(error: string | Error, query: string): void {
    const e = (typeof error === 'string' ? { message: error } : error) as Error & { code?: string; table?: string; constraint?: string; column?: string };
    const where = [e.table && `table ${e.table}`, e.constraint && `constraint ${e.constraint}`, e.column && `column ${e.column}`].filter(Boolean).join(', ');
    this.write(`query failed (${e.code ?? e.name ?? 'error'}${where ? `; ${where}` : ''}): ${redactSql(query)}`);
  }
}
