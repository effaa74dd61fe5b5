/**
 * `GET /api/v1/sqllab/export/{client_id}/` (REFERENCE §1.1): RE-RUNS the query's last statement in a
 * read-only transaction and streams every row up to SQL_MAX_ROW as CSV, not only what the browser shows
 * (Superset #10331), from the engine's row stream straight to the client: memory stays one batch. Earlier statements of a script are not re-run: they may have written data. A
 * CTAS run exports its table. Each export is recorded by the RecordDataExport command (a `sqllab/dataExported` event). It runs under the
 * query's own time limit (SQLLAB_TIMEOUT, or SQLLAB_ASYNC_TIME_LIMIT_SEC for an async run): waiting for a
 * connection, the statement and the streaming together; past it, or once the client went away, the
 * statement is cancelled and its connection released at once (ExportGuard).
 */
import { Controller, Get, Param, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ErrorType, Permission, PermissionView, SQL_MAX_ROW } from '@strata/domain';
import type { CurrentUser } from '../../auth/current-user';
import { ReqUser, RequirePermission } from '../../auth/guards/decorators';
import type { HttpResponse } from '../../auth/http-request';
import { StrataHttpException } from '../../common/error-body';
import { AppConfig } from '../../config/app-config';
import { EngineError, EngineTimeoutError, type EngineSession } from '../../engines/query-engine';
import { ctasSelectSql, qualifiedName } from '../execute/ctas';
import { EmbeddedDatabaseRestarter } from '../execute/embedded-restart';
import { SqlLabDatabases } from '../execute/sqllab-databases';
import { classifyScript } from '../../sql-guard/sql-classifier';
import { canSeeAllQueries, QueriesReader, queryNotFound } from '../queries/queries.reader';
import { QueryRuns } from '../queries/query-runs';
import { csvLine, exportFilename } from './csv';
import { ExportGuard } from './export-guard';
import { RecordDataExport } from './csv-export-record';

/** Rows per batch read from the database and written to the client. */
const BATCH_ROWS = 1000;

@Controller('api/v1/sqllab/export')
@RequirePermission(Permission.EXPORT_CSV, PermissionView.SQL_LAB)
export class CsvExportController {
  constructor(
    private readonly reader: QueriesReader,
    private readonly runs: QueryRuns,
    private readonly databases: SqlLabDatabases,
    private readonly commands: CommandBus,
    private readonly config: AppConfig,
    private readonly restarter: EmbeddedDatabaseRestarter,
  ) {}

  @Get(':clientId')
  async export(
    @ReqUser() user: CurrentUser,
    @Param('clientId') clientId: string,
    @Res() res: HttpResponse,
  ): Promise<void> {
    if (!/^[A-Za-z0-9_-]{11}$/.test(clientId)) throw queryNotFound();
    const row = await this.reader.byClientId(clientId);
    if (!row || (row.user_id !== user.id && !canSeeAllQueries(user))) throw queryNotFound();
    const started = (await this.runs.state(clientId)).started;
    const database = await this.databases.find(row.database_id);
    if (!started || !database) throw queryNotFound();
    if (!(await this.databases.canQuery(user, database)))
      throw new StrataHttpException(
        403,
        ErrorType.DATABASE_SECURITY_ACCESS_ERROR,
        `You need access to the database ${database.database_name}.`,
      );
    const engine = await this.databases.engine(database.id).catch((err: unknown) => {
      if (err instanceof EngineError)
        throw new StrataHttpException(err.status, err.errorType as ErrorType, err.message);
      throw err;
    });
    let sql: string;
    if (row.select_as_cta_used && row.tmp_table_name) {
      sql = ctasSelectSql(qualifiedName(engine, row.tmp_schema_name, row.tmp_table_name), SQL_MAX_ROW);
    } else {
      const last = (await classifyScript(started.renderedSql, engine.backend)).at(-1);
      if (!last?.isSelect || last.refused || last.readOnlyRefused)
        throw new StrataHttpException(
          400,
          ErrorType.INVALID_SQL_ERROR,
          'Only a query whose last statement is a SELECT can be exported to CSV.',
        );
      sql = last.sql;
    }

    const timeoutMs = (started.runAsync ? this.config.sqllab.asyncTimeLimitSec : this.config.sqllab.timeoutSec) * 1000;
    const deadline = Date.now() + timeoutMs;
    let session: EngineSession;
    try {
      session = await engine.openSession({ waitMs: timeoutMs });
    } catch (err) {
      throw exportError(err);
    }
    const { canCancelInDatabase } = await engine.capabilities().catch(() => ({ canCancelInDatabase: true }));
    const stop = canCancelInDatabase
      ? () => session.cancel()
      : () => Promise.all([session.cancel(), this.restarter.restartExamples()]);
    const guard = new ExportGuard(res, deadline - Date.now(), stop);
    // Rows go from the database to the client a batch at a time (never all in memory); the headers
    // leave with the first batch, so an error before it is still a clean 4xx.
    let names: string[] | null = null;
    const start = async (columns: { name: string }[]) => {
      names = columns.map((c) => c.name);
      res.statusCode = 200;
      res.setHeader('content-type', 'text/csv; charset=utf-8');
      res.setHeader('content-disposition', `attachment; filename="${exportFilename(row.tab_name, new Date())}"`);
      await write(res, csvLine(names));
    };
    let rowCount: number;
    try {
      await session.begin({ readOnly: true, schema: row.schema });
      const streamed = await session.stream(
        sql,
        { maxRows: SQL_MAX_ROW, batchRows: BATCH_ROWS, timeoutMs: Math.max(1, deadline - Date.now()) },
        async (rows, columns) => {
          if (names === null) await start(columns);
          if (res.destroyed) throw new Error('The client went away.');
          await write(res, rows.map((r) => csvLine(names!.map((n) => r[n]))).join(''));
        },
      );
      if (names === null) await start(streamed.columns);
      rowCount = streamed.rowCount;
    } catch (err) {
      const failure = guard.stoppedBy === 'timeout' ? new EngineTimeoutError(timeoutMs, { cause: err }) : err;
      if (names === null) throw exportError(failure);
      // Half a file is worse than none: the client sees the transfer fail.
      res.destroy(failure as Error);
      return;
    } finally {
      guard.dispose();
      await session.rollback().catch(() => undefined);
      await session.release().catch(() => undefined);
    }
    await this.commands.execute(
      new RecordDataExport(
        user.id,
        {
          clientId,
          row_count: rowCount,
          database_id: database.id,
          database: database.database_name,
          schema: row.schema,
          sql,
        },
        { actor: String(user.id), undoable: false },
      ),
    );
    res.end();
  }
}

/** An engine's error keeps its status and type (a timeout is a 408 SQLLAB_TIMEOUT_ERROR); anything else is a 400. */
function exportError(err: unknown): StrataHttpException {
  if (err instanceof EngineError) return new StrataHttpException(err.status, err.errorType as ErrorType, err.message);
  return new StrataHttpException(400, ErrorType.GENERIC_DB_ENGINE_ERROR, (err as Error).message);
}

/** Honours back-pressure so a slow client never makes the server buffer the whole file. */
function write(res: HttpResponse, chunk: string): Promise<void> {
  return new Promise((resolve) => {
    if (res.write(chunk)) return resolve();
    // A client that went away never drains: 'close' ends the wait too.
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.once('drain', done);
    res.once('close', done);
  });
}
