/**
 * Runs one started query (sync in the request, async on the job queue): every statement in order on
 * one engine session, progress before each (which is also where a Stop is noticed: the decider refuses
 * progress on a stopped run), the limit + 1 fetch on the last SELECT, CTAS/CVAS, the time limit, and the
 * outcome as one event. The user's SQL runs in a read-only transaction unless the database allows DML;
 * only the CTAS/CVAS statement gets a read-write one.
 */
import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import {
  ErrorType,
  isInProgress,
  LimitingFactor,
  settleLimit,
  type QueryColumn,
  type QueryError,
  type QueryStartedData,
  type QueryStatus,
} from '@strata/domain';
import { DomainError } from '@strata/events';
import { AppConfig, DEFAULT_PAYLOAD_MAX_MB } from '../../config/app-config';
import {
  EngineCancelledError,
  EngineError,
  EngineTimeoutError,
  type EngineSession,
  type ResultColumn,
  type ResultSet,
} from '../../engines/query-engine';
import { QueryRuns } from '../queries/query-runs';
import { DEFAULT_RESULTS_TTL_SEC } from '../results/results-backend';
import { ResultsStore } from '../results/results-store';
import { CHUNK_ROWS, SerializedResult, SerializedResultBuilder } from '../results/serialized-result';
import { EmbeddedDatabaseRestarter, restartPastDeadline } from './embedded-restart';
import { ctasSelectSql, ctasStatement, qualifiedName } from './ctas';
import { ServerInstance } from './recovery/server-instance';
import { RunningQueries } from './running-queries';
import { SqlLabDatabases } from './sqllab-databases';
import { expandData } from './expand-data';
import { classifyScript } from '../../sql-guard/sql-classifier';
import { rewriteLimit } from './statements';

export type RunOutcome =
  | { status: 'success'; result: SerializedResult; rows: number }
  | { status: Exclude<QueryStatus, 'success'>; errors: QueryError[] };

export const toQueryColumn = (c: ResultColumn): QueryColumn => ({
  column_name: c.name,
  name: c.name,
  type: c.type,
  type_generic: c.type_generic,
  is_dttm: c.is_dttm,
});

export const syncTimeoutMessage = (sec: number) => `The query exceeded the ${sec} seconds timeout.`;
export const asyncTimeoutMessage = (sec: number) =>
  `The query was killed after ${sec} seconds. It might be too complex, or the database might be under heavy load.`;

class Stopped extends Error {}

const MB = 1024 * 1024;

/** SQLLAB_PAYLOAD_MAX_MB: a result the browser should not be sent (REFERENCE §1.4). */
export class ResultTooLargeError extends EngineError {
  /** `bytes` when the whole result is known; while its rows are still read only that it grew past the cap. */
  constructor(maxMb: number, bytes?: number) {
    super(
      `${bytes === undefined ? "The query's result grew past" : `The query's result is ${(bytes / MB).toFixed(1)} MB, more than`} the ${maxMb} MB this server allows (SQLLAB_PAYLOAD_MAX_MB). ` +
        'Lower the row limit or select fewer columns, or export it as CSV.',
      ErrorType.RESULT_TOO_LARGE_ERROR,
      413,
    );
  }
}

/** The last statement's outcome; a SELECT's rows arrive already serialized (and `rows` holds them only for expand_data). */
type LastStatement = ResultSet & { serialized?: SerializedResultBuilder };

@Injectable()
export class QueryExecutor {
  private readonly logger = new Logger('QueryExecutor');

  constructor(
    private readonly runs: QueryRuns,
    private readonly databases: SqlLabDatabases,
    private readonly running: RunningQueries,
    private readonly results: ResultsStore,
    private readonly config: AppConfig,
    private readonly restarter: EmbeddedDatabaseRestarter,
    private readonly instance: ServerInstance,
  ) {}

  /** The outcome, or null when the run was not (or no longer) startable: stopped while queued, or already done. */
  async run(clientId: string): Promise<RunOutcome | null> {
    const state = await this.runs.state(clientId);
    const q = state.started;
    // Stopped (or finished) before a worker took it: it never starts.
    if (!q || !isInProgress(state.status)) return null;
    const actor = String(q.userId);
    const timeLimitSec = q.runAsync ? this.config.sqllab.asyncTimeLimitSec : this.config.sqllab.timeoutSec;
    const deadline = Date.now() + timeLimitSec * 1000;
    const executed: string[] = [];
    let statementNo = 0;
    let statementCount = 0;
    let session: EngineSession | undefined;
    try {
      const database = await this.databases.find(q.databaseId);
      if (!database)
        throw new EngineError('The database of this query no longer exists.', ErrorType.DATABASE_NOT_FOUND_ERROR, 404);
      const engine = await this.databases.engine(q.databaseId);
      const statements = await classifyScript(q.renderedSql, engine.backend);
      statementCount = statements.length;
      const ctasTarget =
        q.selectAsCta && q.tmpTableName ? qualifiedName(engine, q.tmpSchemaName, q.tmpTableName) : null;
      // Waiting for a connection counts against the run's time limit (a busy database is a slow one).
      session = await engine.openSession({ waitMs: deadline - Date.now() });
      const { canCancelInDatabase } = await engine.capabilities().catch(() => ({ canCancelInDatabase: true }));
      this.running.register(clientId, session, this.canceller(canCancelInDatabase, session));
      const readOnly = !database.allow_dml;
      await session.begin({ readOnly, schema: q.schema });
      let last: LastStatement | undefined;
      for (const [i, statement] of statements.entries()) {
        statementNo = i + 1;
        // A sync run recorded statement 1's progress with its start (one transaction fewer); a Stop that
        // came before the session was registered cancelled it on registration (RunningQueries).
        if (statementNo > 1 || state.progressMessage === null)
          await this.progress(
            clientId,
            statementNo,
            statementCount,
            actor,
            statementNo > 1 ? this.instance.id : state.runner,
          );
        let sql = statement.sql;
        const ctasHere = ctasTarget !== null && statementNo === statementCount;
        if (ctasHere) {
          // The CREATE is the one statement allowed to write (allow_ctas / allow_cvas, not allow_dml).
          if (readOnly) {
            await session.rollback();
            await session.begin({ readOnly: false, schema: q.schema });
          }
          sql = ctasStatement(q.ctasMethod, ctasTarget, sql);
        } else if (statement.isSelect && statementNo === statementCount) {
          sql = rewriteLimit(sql, engine.backend, q.limit + 1);
        }
        executed.push(sql);
        const remaining = deadline - Date.now();
        if (remaining <= 0) throw new EngineTimeoutError(timeLimitSec * 1000);
        const executing =
          statement.isSelect && !ctasHere && statementNo === statementCount
            ? this.readResult(session, sql, {
                timeoutMs: remaining,
                maxRows: q.limit + 1,
                keepRows: q.expandData === true,
              })
            : session.execute(sql, {
                timeoutMs: remaining,
                maxRows: statement.isSelect && !ctasHere ? q.limit + 1 : undefined,
              });
        last = await (canCancelInDatabase ? executing : restartPastDeadline(this.restarter, remaining, executing));
      }
      // A read-only run has nothing to keep. Rolling back also undoes any setting a statement changed for
      // the session (set_config in a SELECT), so the pooled connection, or the embedded database's one
      // shared session, starts the next run as it was. The CREATE of a CTAS runs read-write and commits.
      if (readOnly && !ctasTarget) await session.rollback();
      else await session.commit();
      return await this.succeed(q, last!, executed, ctasTarget, actor, database.cache_timeout);
    } catch (err) {
      return await this.fail(q, err, { statementNo, statementCount, executed, timeLimitSec, actor });
    } finally {
      if (session) {
        this.running.unregister(clientId, session);
        await session.release().catch(() => undefined);
      }
    }
  }

  /**
   * How a Stop ends this run. PGlite (the embedded examples database) runs one statement at a time on
   * one thread and cannot cancel it: its process is restarted on the same port (the README says so);
   * the cancel signal is still sent, and the killed connection ends the statement.
   */
  private canceller(canCancelInDatabase: boolean, session: EngineSession): () => Promise<void> {
    if (canCancelInDatabase) return () => session.cancel();
    return async () => {
      await Promise.all([session.cancel(), this.restarter.restartExamples()]);
    };
  }

  private async progress(
    clientId: string,
    statement: number,
    statementCount: number,
    actor: string,
    runner: string | null,
  ): Promise<void> {
    try {
      // The first progress of a worker that did not queue the run records it as the run's holder.
      const holder = runner === this.instance.id ? {} : { runner: this.instance.id };
      await this.runs.decide(
        clientId,
        { type: 'ReportProgress', statement, statementCount, at: Date.now(), ...holder },
        actor,
      );
    } catch (err) {
      if (err instanceof DomainError && err.code === 'query_stopped') throw new Stopped();
      throw err;
    }
  }

  /**
   * The last SELECT's rows, serialized as they are read (SerializedResultBuilder) under the payload cap:
   * past it the statement is stopped there, before the rest is read or anything is held twice.
   */
  private async readResult(
    session: EngineSession,
    sql: string,
    options: { timeoutMs: number; maxRows: number; keepRows: boolean },
  ): Promise<LastStatement> {
    const cap = this.payloadCap();
    const serialized = new SerializedResultBuilder((bytes) => {
      if (bytes > cap.bytes) throw new ResultTooLargeError(cap.maxMb);
    });
    const rows: Record<string, unknown>[] = [];
    const streamed = await session.stream(
      sql,
      { timeoutMs: options.timeoutMs, maxRows: options.maxRows, batchRows: CHUNK_ROWS },
      async (batch) => {
        serialized.add(batch);
        if (options.keepRows) rows.push(...batch);
      },
    );
    return { columns: streamed.columns, rows, rowCount: streamed.rowCount, serialized };
  }

  /** SQLLAB_PAYLOAD_MAX_MB (default DEFAULT_PAYLOAD_MAX_MB; 0: no cap) in bytes. */
  private payloadCap(): { maxMb: number; bytes: number } {
    const maxMb = this.config.sqllab.payloadMaxMb ?? DEFAULT_PAYLOAD_MAX_MB;
    return { maxMb, bytes: maxMb > 0 ? maxMb * MB : Infinity };
  }

  private async succeed(
    q: QueryStartedData,
    last: LastStatement,
    executed: string[],
    ctasTarget: string | null,
    actor: string,
    cacheTimeout: number | null,
  ): Promise<RunOutcome> {
    const columns = last.columns.map(toQueryColumn);
    const returnsRows = last.columns.length > 0 && !ctasTarget;
    const fetched = last.serialized ? last.serialized.rowCount : last.rows.length;
    const settled = returnsRows
      ? settleLimit({ limit: q.limit, limitingFactor: q.limitingFactor }, fetched)
      : { rows: last.rowCount, limitingFactor: LimitingFactor.NOT_LIMITED };
    // Serialized once: the answer, /results/ and the stored blob are all this same byte string.
    let result: SerializedResult;
    if (last.serialized && !q.expandData) {
      const shown = returnsRows ? columns : [];
      result = last.serialized.finish(returnsRows ? settled.rows : 0, {
        columns: shown,
        selected_columns: shown,
        expanded_columns: [],
      });
    } else {
      if (returnsRows && last.rows.length > settled.rows) last.rows.length = settled.rows;
      const expanded = returnsRows && q.expandData ? expandData(last.rows, columns) : { columns, expanded: [] };
      result = SerializedResult.fromRows({
        data: returnsRows ? last.rows : [],
        columns: returnsRows ? expanded.columns : [],
        selected_columns: returnsRows ? columns : [],
        expanded_columns: expanded.expanded,
      });
    }
    const cap = this.payloadCap();
    if (result.bytes.length > cap.bytes) throw new ResultTooLargeError(cap.maxMb, result.bytes.length);
    // CTAS results are not stored (REFERENCE §1.8): the table itself is the result. The write starts
    // now and a sync run answers without waiting for it (ResultsStore serves it meanwhile); an async
    // run announces its result only once it is written, since any process may be asked for it.
    let resultsKey: string | null = null;
    let written: Promise<boolean> = Promise.resolve(true);
    if (!ctasTarget) {
      resultsKey = randomUUID();
      written = this.results.save(resultsKey, result, cacheTimeout ?? DEFAULT_RESULTS_TTL_SEC);
    }
    const appended = await this.runs.decide(
      q.clientId,
      {
        type: 'CompleteQuery',
        rows: settled.rows,
        limitingFactor: settled.limitingFactor,
        resultsKey,
        columns: result.header.columns,
        executedSql: executed.join(';\n'),
        tempTable: ctasTarget ? q.tmpTableName : null,
        tempSchema: ctasTarget ? q.tmpSchemaName : null,
        selectSql: ctasTarget ? ctasSelectSql(ctasTarget, q.limit) : null,
        at: Date.now(),
      },
      actor,
    );
    if (appended.events.length === 0) return { status: 'stopped', errors: [] };
    if (q.runAsync) await written;
    return { status: 'success', result, rows: settled.rows };
  }

  private async fail(
    q: QueryStartedData,
    err: unknown,
    ctx: { statementNo: number; statementCount: number; executed: string[]; timeLimitSec: number; actor: string },
  ): Promise<RunOutcome> {
    if (err instanceof Stopped) return { status: 'stopped', errors: [] };
    const at = Date.now();
    if (err instanceof EngineTimeoutError) {
      const message = q.runAsync ? asyncTimeoutMessage(ctx.timeLimitSec) : syncTimeoutMessage(ctx.timeLimitSec);
      const appended = await this.runs.decide(
        q.clientId,
        { type: 'TimeOutQuery', message, errorType: ErrorType.SQLLAB_TIMEOUT_ERROR, at },
        ctx.actor,
      );
      return appended.events.length
        ? { status: 'timed_out', errors: [{ message, error_type: ErrorType.SQLLAB_TIMEOUT_ERROR, level: 'error' }] }
        : { status: 'stopped', errors: [] };
    }
    if (err instanceof EngineCancelledError && (await this.runs.state(q.clientId)).status === 'stopped')
      return { status: 'stopped', errors: [] };
    if (!(err instanceof EngineError))
      this.logger.error(`query ${q.clientId} failed: ${(err as Error).stack ?? String(err)}`);
    const prefix =
      ctx.statementCount > 1 && ctx.statementNo > 0
        ? `[Statement ${ctx.statementNo} out of ${ctx.statementCount}] `
        : '';
    const message = `${prefix}${err instanceof Error ? err.message : String(err)}`;
    const errorType = err instanceof EngineError ? err.errorType : ErrorType.GENERIC_BACKEND_ERROR;
    const errors: QueryError[] = [{ message, error_type: errorType, level: 'error' }];
    const appended = await this.runs.decide(
      q.clientId,
      { type: 'FailQuery', errors, executedSql: ctx.executed.join(';\n') || null, at },
      ctx.actor,
    );
    return appended.events.length ? { status: 'failed', errors } : { status: 'stopped', errors: [] };
  }
}
