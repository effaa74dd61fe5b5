/**
 * An alert's SQL on its database, as the schedule's executor (REFERENCE §4.2 AlertCommand): through the
 * chart data path's runner (chart-data/run-sql.ts: the SQL guard reads it first on PostgreSQL, a
 * read-only transaction, the statement timeout, the connection always released), at most 2 rows read.
 * The value is the first column of the first row; more than one row or column is an error, as Superset's.
 */
import { Injectable } from '@nestjs/common';
import type { CurrentUser } from '../auth/current-user';
import { runReadOnly } from '../chart-data/run-sql';
import { AppConfig } from '../config/app-config';
import { DatabaseAccess } from '../databases/database-access';
import { EngineRegistry } from '../databases/engine-registry';
import type { ResultSet } from '../engines/query-engine';

/** A problem with the alert's query or its result: the run ends as Error with this message. */
export class AlertQueryError extends Error {}

/** The number an alert's result gives the validator: NULL for no row, else the one value as a number. */
export function alertValueOf(result: ResultSet): number | null {
  if (result.rows.length > 1) throw new AlertQueryError('Alert query returned more than one row.');
  if (result.columns.length > 1) throw new AlertQueryError('Alert query returned more than one column.');
  const row = result.rows[0];
  const column = result.columns[0];
  if (!row || !column) return null;
  const raw = row[column.name];
  if (raw === null || raw === undefined) return null;
  const value = typeof raw === 'boolean' ? Number(raw) : Number(raw);
  if (typeof raw === 'object' || (typeof raw === 'string' && raw.trim() === '') || !Number.isFinite(value))
    throw new AlertQueryError(`Alert query returned a value that is not a number: ${JSON.stringify(raw)}.`);
  return value;
}

@Injectable()
export class AlertQuery {
  constructor(
    private readonly engines: EngineRegistry,
    private readonly access: DatabaseAccess,
    private readonly config: AppConfig,
  ) {}

  /** `timeoutMs`: what is left of the run, capped by SQL Lab's statement timeout. */
  async value(databaseId: number, sql: string, executor: CurrentUser, timeoutMs: number): Promise<number | null> {
    if (!(await this.access.canAccess(executor, databaseId)))
      throw new AlertQueryError(`The alert's owner may not query database ${databaseId}.`);
    const engine = await this.engines.forDatabase(databaseId);
    const statement = sql.trim().replace(/;\s*$/, '');
    const result = await runReadOnly(
      engine,
      { sql: statement, parameters: [] },
      { maxRows: 2, timeoutMs: Math.max(1000, Math.min(timeoutMs, this.config.sqllab.timeoutSec * 1000)) },
    );
    return alertValueOf(result);
  }
}
