/**
 * `POST /api/v1/sqllab/execute/`: checks who may run what where, renders the template, refuses writes
 * the database does not allow, plans the limit, starts the run as an event, then runs it in the request
 * (sync, 200) or on the job queue (async, 202 with the query pending). Idempotent on (client_id, user).
 */
import { Injectable } from '@nestjs/common';
import {
  ErrorType,
  hasPermission,
  Permission,
  PermissionView,
  planLimit,
  type QueryError,
  type QueryStartedData,
} from '@strata/domain';
import { DomainError } from '@strata/events';
import type { CurrentUser } from '../../auth/current-user';
import { StrataHttpException } from '../../common/error-body';
import { AppConfig } from '../../config/app-config';
import { EngineError } from '../../engines/query-engine';
import { JobQueue } from '../../jobs/job-queue';
import { QueriesReader } from '../queries/queries.reader';
import type { QueryDict } from '../queries/query-row';
import { QueryRuns } from '../queries/query-runs';
import { ResultsStore } from '../results/results-store';
import { successPayload } from '../results/success-payload';
import { checkCtas, defaultCtasName } from './ctas';
import type { ExecuteBody } from './execute.schema';
import { QueryExecutor } from './query-executor';
import { ServerInstance } from './recovery/server-instance';
import { SqlLabDatabases } from './sqllab-databases';
import { classifyScript, refusalOf } from '../../sql-guard/sql-classifier';
import { sqlLimit } from './statements';
import { parseTemplateParams, renderSql } from './template';

export const SQLLAB_RUN_JOB = 'sqllab-run';

export interface ExecuteAnswer {
  httpStatus: 200 | 202;
  /** JSON bytes when the answer carries rows (never re-serialized), else an object. */
  body: Buffer | Record<string, unknown>;
}

const forbidden = (type: ErrorType, message: string) => new StrataHttpException(403, type, message);

@Injectable()
export class ExecuteService {
  constructor(
    private readonly databases: SqlLabDatabases,
    private readonly runs: QueryRuns,
    private readonly reader: QueriesReader,
    private readonly executor: QueryExecutor,
    private readonly jobs: JobQueue,
    private readonly results: ResultsStore,
    private readonly instance: ServerInstance,
    private readonly config: AppConfig,
  ) {}

  async execute(user: CurrentUser, body: ExecuteBody, displayMaxRow: number): Promise<ExecuteAnswer> {
    if (!hasPermission(user, Permission.EXECUTE_SQL_QUERY, PermissionView.SQL_LAB)) {
      throw forbidden(ErrorType.QUERY_SECURITY_ACCESS_ERROR, 'You are not allowed to run queries in SQL Lab.');
    }
    const existing = await this.existing(user, body.client_id, displayMaxRow);
    if (existing) return existing;

    const database = await this.databases.find(body.database_id);
    if (!database)
      throw new StrataHttpException(404, ErrorType.DATABASE_NOT_FOUND_ERROR, 'The database was not found.');
    if (!(await this.databases.canQuery(user, database)))
      throw forbidden(
        ErrorType.DATABASE_SECURITY_ACCESS_ERROR,
        `You need access to the database ${database.database_name} to run queries on it.`,
      );
    if (!database.expose_in_sqllab)
      throw forbidden(ErrorType.DATABASE_SECURITY_ACCESS_ERROR, 'This database is not exposed in SQL Lab.');

    const renderedSql = await renderSql(body.sql, parseTemplateParams(body.templateParams));
    const engine = await this.databases.engine(database.id).catch((err: unknown) => {
      // A connection that cannot even be built (undecryptable password, bad URI) is the caller's 4xx.
      if (err instanceof EngineError)
        throw new StrataHttpException(err.status, err.errorType as ErrorType, err.message);
      throw err;
    });
    // Classified on the final SQL, after the template is rendered: a parameter cannot smuggle anything in.
    const statements = await classifyScript(renderedSql, engine.backend);
    if (statements.length === 0) throw new StrataHttpException(400, ErrorType.INVALID_SQL_ERROR, 'The query is empty.');
    const refusal = refusalOf(statements, database.allow_dml);
    if (refusal) throw new StrataHttpException(400, refusal.errorType as ErrorType, refusal.message);
    const ctasMethod = body.ctas_method ?? 'TABLE';
    const selectAsCta = body.select_as_cta === true;
    const tmpSchemaName = selectAsCta ? (database.force_ctas_schema ?? body.schema ?? null) : null;
    if (selectAsCta) checkCtas(ctasMethod, statements, database, tmpSchemaName);

    const last = statements.at(-1)!;
    const plan = planLimit(last.isSelect ? sqlLimit(last.sql, engine.backend) : null, body.queryLimit ?? null);
    // SQLLAB_FORCE_RUN_ASYNC sends every run to the queue (REFERENCE §1.2), whatever was asked.
    const runAsync = this.config.sqllab.forceRunAsync === true || (body.runAsync === true && database.allow_run_async);
    const startDttm = Date.now();
    const query: QueryStartedData = {
      clientId: body.client_id,
      userId: user.id,
      databaseId: database.id,
      sql: body.sql,
      renderedSql,
      sqlEditorId: body.sql_editor_id,
      tab: body.tab ?? null,
      catalog: body.catalog ?? null,
      schema: body.schema ?? null,
      limit: plan.limit,
      limitingFactor: plan.limitingFactor,
      selectAsCta,
      ctasMethod,
      tmpTableName: selectAsCta ? body.tmp_table_name || defaultCtasName(user.id, startDttm) : null,
      tmpSchemaName,
      runAsync,
      status: runAsync ? 'pending' : 'running',
      startDttm,
      // This process holds a sync run, and an async one queued in its memory; a BullMQ job waits for a worker.
      runner: runAsync && this.jobs.shared ? null : this.instance.id,
      ...(body.expand_data ? { expandData: true } : {}),
    };
    try {
      await this.runs.decide(
        body.client_id,
        { type: 'StartQuery', query, statementCount: statements.length },
        String(user.id),
      );
    } catch (err) {
      // The same client id sent twice at once: the other request created it.
      if (err instanceof DomainError && err.code === 'query_exists') {
        const raced = await this.existing(user, body.client_id, displayMaxRow);
        if (raced) return raced;
      }
      throw err;
    }

    if (runAsync) {
      // The answer is the query as queued (pending, spec): read before the job is added, since a free
      // worker may start it before a later read, and the client learns the rest by async event.
      const queued = (await this.reader.get(body.client_id, user)).dict;
      try {
        await this.jobs.add(SQLLAB_RUN_JOB, { clientId: body.client_id });
      } catch {
        const errors: QueryError[] = [
          { message: 'Failed to start remote query on a worker.', error_type: ErrorType.ASYNC_WORKERS_ERROR },
        ];
        await this.runs.decide(
          body.client_id,
          { type: 'FailQuery', errors, executedSql: null, at: Date.now() },
          String(user.id),
        );
        throw new StrataHttpException(500, ErrorType.ASYNC_WORKERS_ERROR, errors[0].message);
      }
      return { httpStatus: 202, body: { query: queued } };
    }

    const outcome = await this.executor.run(body.client_id);
    const { dict } = await this.reader.get(body.client_id, user);
    if (outcome?.status === 'success')
      return { httpStatus: 200, body: successPayload(dict, outcome.result, displayMaxRow) };
    return this.unsuccessful(dict, outcome?.errors ?? []);
  }

  /** A second execute with a known client id answers with that query instead of running it again. */
  private async existing(user: CurrentUser, clientId: string, displayMaxRow: number): Promise<ExecuteAnswer | null> {
    const row = await this.reader.byClientId(clientId);
    if (!row) return null;
    if (row.user_id !== user.id)
      throw new StrataHttpException(409, ErrorType.GENERIC_COMMAND_ERROR, 'This client id belongs to another query.');
    const { dict } = await this.reader.get(clientId, user);
    if (dict.state === 'pending' || dict.state === 'running') return { httpStatus: 202, body: { query: dict } };
    if (dict.state === 'success') {
      const stored = dict.resultsKey ? await this.results.load(dict.resultsKey, { mayBePending: true }) : null;
      return {
        httpStatus: 200,
        body:
          stored?.state === 'found'
            ? successPayload(dict, stored.result, displayMaxRow)
            : { query_id: dict.queryId, status: dict.state, query: dict },
      };
    }
    return this.unsuccessful(dict, (dict.extra.errors as QueryError[] | undefined) ?? []);
  }

  /** Stopped runs answer 200 with no rows; failed and timed-out ones an error with the query attached. */
  private unsuccessful(dict: QueryDict, errors: QueryError[]): ExecuteAnswer {
    if (dict.state === 'stopped') {
      return {
        httpStatus: 200,
        body: {
          query_id: dict.queryId,
          status: 'stopped',
          data: [],
          columns: [],
          selected_columns: [],
          expanded_columns: [],
          query: dict,
        },
      };
    }
    const list = errors.length
      ? errors
      : [
          {
            message: dict.errorMessage ?? 'The query failed.',
            error_type: ErrorType.GENERIC_DB_ENGINE_ERROR,
            level: 'error' as const,
          },
        ];
    // A database that is down or restarting (embedded, past its wait bound) is a 503 the user can retry.
    const unavailable = list[0].error_type === ErrorType.CONNECTION_HOST_DOWN_ERROR;
    const status =
      dict.state === 'timed_out'
        ? 408
        : list[0].error_type === ErrorType.RESULT_TOO_LARGE_ERROR
          ? 413
          : unavailable
            ? 503
            : 400;
    throw new StrataHttpExceptionWithQuery(status, list, dict);
  }
}

/** The spec's error shape plus Superset's failure payload fields (status, error) and the query. */
class StrataHttpExceptionWithQuery extends StrataHttpException {
  constructor(status: number, errors: QueryError[], query: QueryDict) {
    super(status, errors[0].error_type as ErrorType, errors[0].message);
    const body = this.getResponse() as Record<string, unknown>;
    Object.assign(body, {
      errors: errors.map((e) => ({ level: 'error', ...e })),
      status: query.state,
      error: errors[0].message,
      query,
    });
  }
}
