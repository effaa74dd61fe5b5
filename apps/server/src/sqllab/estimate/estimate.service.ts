/**
 * Cost estimate (REFERENCE §1.1 estimate): the template is rendered, the script split into statements,
 * and each statement EXPLAINed by the database's engine, all within SQLLAB_QUERY_COST_ESTIMATE_TIMEOUT
 * (10 s). Only databases whose `allows_cost_estimate` flag is on are estimated (Superset's
 * ESTIMATE_QUERY_COST flag, per database here).
 */
import { Inject, Injectable } from '@nestjs/common';
import { ErrorType } from '@strata/domain';
import { DataSource } from 'typeorm';
import type { CurrentUser } from '../../auth/current-user';
import { StrataHttpException } from '../../common/error-body';
import { EngineError, EngineTimeoutError, type Backend, type QueryEngine } from '../../engines/query-engine';
import { classifyScript, refusalOf, type Refusal } from '../../sql-guard/sql-classifier';
import { SqlLabDatabases } from '../execute/sqllab-databases';
import { parseTemplateParams, renderSql } from '../execute/template';

/** SQLLAB_QUERY_COST_ESTIMATE_TIMEOUT in ms (a token so tests can shorten it). */
export const ESTIMATE_TIMEOUT_MS = Symbol('ESTIMATE_TIMEOUT_MS');
export const DEFAULT_ESTIMATE_TIMEOUT_MS = 10_000;

export interface EstimateRequest {
  database_id: number;
  sql: string;
  template_params?: string | Record<string, unknown> | null;
  catalog?: string | null;
  schema?: string | null;
}

class EstimateTimeout extends Error {}

/**
 * The engine runs `EXPLAIN <statement>`. The statement is held to the rules of the database, as if it
 * ran; and what the engine will send is classified as well, as a read-only run: only an EXPLAIN that
 * plans without executing passes (text glued after EXPLAIN, such as `ANALYZE DELETE ...`, would run it).
 */
async function explainRefusal(statement: string, backend: Backend, allowDml: boolean): Promise<Refusal | null> {
  const own = refusalOf(await classifyScript(statement, backend), allowDml);
  if (own) return own;
  const explain = await classifyScript(`EXPLAIN ${statement}`, backend);
  if (explain.length !== 1)
    return { errorType: 'SYNTAX_ERROR', message: `\`EXPLAIN ${statement}\` is not one statement.` };
  return refusalOf(explain, false);
}

@Injectable()
export class EstimateService {
  constructor(
    private readonly databases: SqlLabDatabases,
    private readonly dataSource: DataSource,
    @Inject(ESTIMATE_TIMEOUT_MS) private readonly timeoutMs: number,
  ) {}

  async estimate(request: EstimateRequest, user: CurrentUser): Promise<Record<string, string>[]> {
    const database = await this.databases.find(request.database_id);
    if (!database)
      throw new StrataHttpException(404, ErrorType.OBJECT_DOES_NOT_EXIST_ERROR, 'The database was not found.');
    if (!(await this.databases.canQuery(user, database))) {
      throw new StrataHttpException(
        403,
        ErrorType.DATABASE_SECURITY_ACCESS_ERROR,
        `You need access to the database ${database.database_name} to estimate queries on it.`,
      );
    }
    const [flags] = (await this.dataSource.query(`SELECT allows_cost_estimate FROM databases WHERE id = $1`, [
      database.id,
    ])) as {
      allows_cost_estimate: boolean;
    }[];
    if (!flags?.allows_cost_estimate) {
      throw new StrataHttpException(
        400,
        ErrorType.GENERIC_DB_ENGINE_ERROR,
        'Database does not support cost estimation',
      );
    }
    const sql = await renderSql(request.sql, parseTemplateParams(request.template_params));
    const engine = await this.databases.engine(database.id);
    const statements = (await classifyScript(sql, engine.backend)).map((s) => s.sql);
    if (statements.length === 0)
      throw new StrataHttpException(400, ErrorType.INVALID_SQL_ERROR, 'There is no statement to estimate.');
    for (const statement of statements) {
      const refusal = await explainRefusal(statement, engine.backend, database.allow_dml);
      if (refusal) throw new StrataHttpException(400, refusal.errorType as ErrorType, refusal.message);
    }
    try {
      return await this.withinTimeout((deadline) =>
        this.explainEach(engine, statements, request.schema ?? null, deadline),
      );
    } catch (error) {
      if (error instanceof EstimateTimeout || error instanceof EngineTimeoutError) {
        const seconds = Math.round(this.timeoutMs / 100) / 10;
        throw new StrataHttpException(
          408,
          ErrorType.SQLLAB_TIMEOUT_ERROR,
          `The query estimation was killed after ${seconds} seconds. It might be too complex, or the database might be under heavy load.`,
        );
      }
      if (error instanceof EngineError) {
        const status = error.status >= 400 && error.status < 500 ? error.status : 400;
        throw new StrataHttpException(status, error.errorType as ErrorType, error.message);
      }
      throw error;
    }
  }

  private async explainEach(engine: QueryEngine, statements: string[], schema: string | null, deadline: number) {
    const costs: Record<string, string>[] = [];
    for (const statement of statements) {
      const left = deadline - Date.now();
      if (left <= 0) throw new EstimateTimeout();
      costs.push(await engine.estimateCost(statement, { schema, timeoutMs: left }));
    }
    return costs;
  }

  /** The database's statement timeout does the real stopping; this guard also covers a hung connect. */
  private async withinTimeout<T>(work: (deadline: number) => Promise<T>): Promise<T> {
    const deadline = Date.now() + this.timeoutMs;
    let timer: NodeJS.Timeout | undefined;
    const expired = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new EstimateTimeout()), this.timeoutMs + 500);
    });
    try {
      return await Promise.race([work(deadline), expired]);
    } finally {
      clearTimeout(timer);
    }
  }
}
