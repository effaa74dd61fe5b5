/**
 * Chart data (REFERENCE §2): each query object becomes SQL for the dataset's dialect, runs read-only
 * through the engine (cached by the SQL, which encodes the query, and the dataset's version), gets its
 * time comparison queries joined in and the domain's post-processing applied, and is shaped as §2.2.
 */
import { Injectable } from '@nestjs/common';
import { ErrorType } from '@strata/domain';
import { createHash } from 'node:crypto';
import { StrataHttpException } from '../common/error-body';
import { AppConfig } from '../config/app-config';
import { EngineError } from '../engines/query-engine';
import { cacheTimeoutOf, ChartDataCache } from './chart-data-cache';
import type { ResolvedDatasource } from './chart-datasource';
import {
  applyPostProcessing,
  applyTimeOffset,
  parseTimeRange,
  PostProcessingError,
  TimeRangeError,
} from './explore-domain';
import { joinOffset, relabel, type QueryPayload } from './payload';
import { queryObjectSchema, type QueryContext, type QueryObject, type ResultType } from './query-context.schema';
import { runReadOnly } from './run-sql';
import { UnsafeSqlError } from './sql/adhoc-sql';
import { buildQuery, type BuildOptions, type BuiltQuery } from './sql/build-query';
import { ChartQueryError } from './sql/datasource-sql';
import { displaySql } from './sql/display-sql';
import { supportedGrains } from './sql/time-grains';

/** REFERENCE §1.4 / charts-dashboards-reports §9: SQL_MAX_ROW, ROW_LIMIT, SAMPLES_ROW_LIMIT. */
export const SQL_MAX_ROW = 100_000;
export const ROW_LIMIT = 50_000;
export const SAMPLES_ROW_LIMIT = 1000;

const INVERSE: Record<string, string> = { ago: 'later', later: 'ago', before: 'after', after: 'before' };
const invertOffset = (offset: string) =>
  offset.replace(/\b(ago|later|before|after)\b/i, (w) => INVERSE[w.toLowerCase()] ?? w);

export interface RunContext {
  force: boolean;
  resultType: ResultType;
  resultFormat: string;
  now?: Date;
}

@Injectable()
export class ChartDataService {
  /** Adhoc expressions' probed temporality by dataset version and expression (probeTemporal). */
  private readonly probed = new Map<string, boolean>();

  constructor(
    private readonly cache: ChartDataCache,
    private readonly config: AppConfig,
  ) {}

  async run(source: ResolvedDatasource, context: QueryContext, now = new Date()): Promise<unknown[]> {
    const run: RunContext = {
      force: context.force,
      resultType: context.result_type,
      resultFormat: context.result_format,
      now,
    };
    const results: unknown[] = [];
    for (const q of context.queries) results.push(await this.runOne(source, q, run));
    return results;
  }

  async runOne(source: ResolvedDatasource, q: QueryObject, run: RunContext): Promise<unknown> {
    const resultType = (q.result_type as ResultType | null | undefined) ?? run.resultType;
    return this.translateErrors(async () => {
      switch (resultType) {
        case 'columns':
          return source.dataset.columns.map((c) => ({
            column_name: c.column_name,
            verbose_name: c.verbose_name,
            dtype: c.type_generic,
          }));
        case 'timegrains':
          return supportedGrains(source.chart.backend);
        case 'query': {
          const temporal = await this.probeTemporal(source, q);
          const built = this.build(source, q, run.now, undefined, temporal);
          const offsets = q.time_offsets.map((o) => this.build(source, q, run.now, o, temporal));
          return {
            query: [built, ...offsets].map((b) => `${displaySql(b.compiled, source.chart.backend)};`).join('\n\n'),
            language: 'sql',
          };
        }
        case 'samples':
        case 'drill_detail':
          return this.execute(source, samplesQuery(source, q, resultType === 'drill_detail'), run, resultType);
        case 'results': {
          const full = await this.execute(source, q, run, resultType);
          return {
            data: full.data,
            colnames: full.colnames,
            coltypes: full.coltypes,
            rowcount: full.rowcount,
            sql_rowcount: full.sql_rowcount,
          };
        }
        case 'full':
        case 'post_processed':
          if (q.is_rowcount) {
            // REFERENCE §2.1 is_rowcount: only the number of rows the query would return.
            const rowcount = await this.count(source, { ...q, row_limit: null }, run);
            return {
              data: [{ rowcount }],
              colnames: ['rowcount'],
              coltypes: [0],
              rowcount: 1,
              sql_rowcount: 1,
              status: 'success',
              is_cached: false,
            };
          }
          return this.execute(source, q, run, resultType);
        default: {
          const unknown: never = resultType;
          throw new StrataHttpException(
            400,
            ErrorType.INVALID_PAYLOAD_FORMAT_ERROR,
            `Unknown result type ${String(unknown)}`,
          );
        }
      }
    });
  }

  /**
   * The rows a query returns (with its filters, grouping and limit), counted by the database: for paging
   * samples and for `is_rowcount`. A query without metrics counts its raw rows.
   */
  async count(source: ResolvedDatasource, q: QueryObject, run: RunContext): Promise<number> {
    const grouped = (q.metrics?.length ?? 0) > 0 && q.columns.length + (q.groupby?.length ?? 0) > 0;
    if (grouped) {
      const payload = await this.translateErrors(() =>
        this.execute(
          source,
          { ...q, is_rowcount: false, orderby: [], time_offsets: [], post_processing: [] },
          run,
          'full',
        ),
      );
      return payload.sql_rowcount;
    }
    const counted: QueryObject = {
      ...q,
      columns: [],
      groupby: [],
      metrics: [{ expressionType: 'SQL', sqlExpression: 'COUNT(*)', label: 'count' }],
      orderby: [],
      row_offset: 0,
      row_limit: 1,
      series_limit: 0,
      time_offsets: [],
      post_processing: [],
      is_rowcount: false,
    };
    const payload = await this.translateErrors(() => this.execute(source, counted, run, 'full'));
    return Number(payload.data[0]?.count ?? 0);
  }

  /**
   * Which adhoc expressions with a time grain are temporal, asked of the database as Superset does (the
   * type of `SELECT <expr> ... LIMIT 1`): the grain applies only to those. Remembered per dataset version.
   */
  private async probeTemporal(source: ResolvedDatasource, q: QueryObject): Promise<ReadonlySet<string>> {
    const grain = q.extras.time_grain_sqla;
    const refs = [...q.columns, ...(q.groupby ?? []), ...q.filters.map((f) => f.col)];
    const expressions = new Set<string>();
    for (const ref of refs) {
      if (typeof ref === 'string' || source.chart.columns.some((c) => c.column_name === ref.sqlExpression)) continue;
      if (ref.timeGrain || (grain && ref.columnType === 'BASE_AXIS')) expressions.add(ref.sqlExpression);
    }
    const temporal = new Set<string>();
    for (const expression of expressions) {
      const { id, version, changed_on } = source.dataset;
      const key = JSON.stringify([id, version, changed_on, source.chart.sql, expression]);
      let isTemporal = this.probed.get(key);
      if (isTemporal === undefined) {
        const probe = buildQuery(
          source.chart,
          queryObjectSchema.parse({ columns: [{ label: 'probe', sqlExpression: expression }], row_limit: 1 }),
          { maxRows: 1, defaultRowLimit: 1, resolveTimeRange: () => ({ since: null, until: null }) },
        );
        const result = await runReadOnly(source.engine, probe.compiled, {
          maxRows: 1,
          timeoutMs: this.config.sqllab.timeoutSec * 1000,
          schema: source.dataset.schema,
        });
        isTemporal = result.columns[0]?.type_generic === 2;
        if (this.probed.size >= 10_000) this.probed.clear();
        this.probed.set(key, isTemporal);
      }
      if (isTemporal) temporal.add(expression);
    }
    return temporal;
  }

  private build(
    source: ResolvedDatasource,
    q: QueryObject,
    now = new Date(),
    offset?: string,
    temporal?: ReadonlySet<string>,
  ): BuiltQuery {
    const options: BuildOptions = {
      isTemporalExpression: temporal ? (expression) => temporal.has(expression) : undefined,
      maxRows: SQL_MAX_ROW,
      defaultRowLimit: ROW_LIMIT,
      resolveTimeRange: (range) =>
        parseTimeRange(range, now, {
          relativeStart: q.extras.relative_start ?? undefined,
          relativeEnd: q.extras.relative_end ?? undefined,
        }),
      shiftTime: offset ? (d) => applyTimeOffset(d, offset) : undefined,
    };
    return buildQuery(source.chart, q, options);
  }

  private async execute(
    source: ResolvedDatasource,
    q: QueryObject,
    run: RunContext,
    resultType: ResultType,
  ): Promise<QueryPayload> {
    const backend = source.chart.backend;
    const temporal = await this.probeTemporal(source, q);
    const built = this.build(source, q, run.now, undefined, temporal);
    const offsets = q.time_offsets.map((offset) => ({
      offset,
      built: this.build(source, q, run.now, offset, temporal),
    }));
    // The key is the SQL and its bound values as executed, not their display rendering.
    const statement = (c: BuiltQuery['compiled']) => [c.sql, c.parameters];
    const key = createHash('sha256')
      .update(
        JSON.stringify({
          ds: source.dataset.id,
          v: source.dataset.version,
          changed: source.dataset.changed_on,
          db: source.dataset.database.id,
          sql: statement(built.compiled),
          offsets: offsets.map((o) => [o.offset, statement(o.built.compiled)]),
          pp: q.post_processing,
          resultType,
        }),
      )
      .digest('hex');
    if (!run.force) {
      const hit = await this.cache.get<QueryPayload>(key);
      if (hit) return { ...hit.value, is_cached: true, cached_dttm: hit.cachedAt, result_format: run.resultFormat };
    }
    const timeoutMs = this.config.sqllab.timeoutSec * 1000;
    const result = await runReadOnly(source.engine, built.compiled, {
      maxRows: SQL_MAX_ROW,
      timeoutMs,
      schema: source.dataset.schema,
      limited: true,
    });
    let frame = relabel(result, built.labels);
    const labelMap: Record<string, string[]> = Object.fromEntries(frame.colnames.map((c) => [c, [c]]));
    // Shown to users as `query` only: see sql/display-sql.ts.
    const queries = [displaySql(built.compiled, backend)];
    for (const { offset, built: shifted } of offsets) {
      queries.push(displaySql(shifted.compiled, backend));
      const rows = relabel(
        await runReadOnly(source.engine, shifted.compiled, {
          maxRows: SQL_MAX_ROW,
          timeoutMs,
          schema: source.dataset.schema,
          limited: true,
        }),
        shifted.labels,
      ).data;
      const back = invertOffset(offset);
      frame = joinOffset(frame, rows, {
        offset,
        dimensions: built.columnLabels,
        timeAxis: built.timeAxisLabel,
        metrics: built.metricLabels,
        unshift: (ms) => applyTimeOffset(new Date(ms), back).getTime(),
      });
      for (const m of built.metricLabels) labelMap[`${m}__${offset}`] = [m, offset];
    }
    const sqlRowcount = frame.data.length;
    const operations = q.post_processing.filter((p): p is NonNullable<typeof p> => p !== null);
    if (operations.length > 0) {
      const processed = applyPostProcessing(
        {
          columns: frame.colnames,
          rows: frame.data,
          temporal: frame.colnames.filter((_, i) => frame.coltypes[i] === 2),
        },
        operations.map((p) => ({ operation: p.operation, options: p.options ?? undefined })),
      );
      frame = {
        colnames: processed.columns,
        coltypes: processed.columns.map((c) => frame.coltypes[frame.colnames.indexOf(c)] ?? 0),
        data: processed.rows,
      };
    }
    const cacheTimeout = cacheTimeoutOf(source.cacheTimeouts);
    const payload: QueryPayload = {
      cache_key: key,
      cached_dttm: null,
      cache_timeout: cacheTimeout,
      queried_dttm: new Date().toISOString(),
      applied_template_filters: [],
      annotation_data: {},
      error: null,
      is_cached: false,
      query: queries.map((s) => `${s};`).join('\n\n'),
      language: 'sql',
      status: 'success',
      stacktrace: null,
      rowcount: frame.data.length,
      sql_rowcount: sqlRowcount,
      from_dttm: built.fromDttm?.getTime() ?? null,
      to_dttm: built.toDttm?.getTime() ?? null,
      label_map: labelMap,
      colnames: frame.colnames,
      indexnames: frame.data.map((_, i) => i),
      coltypes: frame.coltypes,
      data: frame.data,
      applied_filters: built.appliedFilters,
      rejected_filters: built.rejectedFilters,
      result_format: run.resultFormat,
    };
    await this.cache.set(key, payload, cacheTimeout, Math.max(1, payload.data.length));
    return payload;
  }

  /** Bad requests (unknown columns, unsafe SQL, a bad time range, a failing query) are 4xx, never 500. */
  private async translateErrors<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      if (err instanceof ChartQueryError) throw new StrataHttpException(400, err.errorType, err.message);
      if (err instanceof UnsafeSqlError) throw new StrataHttpException(400, err.errorType, err.message);
      if (err instanceof TimeRangeError)
        throw new StrataHttpException(400, ErrorType.GENERIC_COMMAND_ERROR, err.message);
      if (err instanceof PostProcessingError)
        throw new StrataHttpException(400, ErrorType.GENERIC_COMMAND_ERROR, err.message);
      if (err instanceof EngineError) {
        const status = err.status >= 500 ? 500 : err.status;
        throw new StrataHttpException(status === 422 ? 400 : status, err.errorType as ErrorType, err.message);
      }
      throw err;
    }
  }
}

/** Samples: every column of the dataset, unaggregated, with the query's filters (REFERENCE §2.2). */
export function samplesQuery(source: ResolvedDatasource, q: QueryObject, ordered: boolean): QueryObject {
  const columns = source.dataset.columns.map((c) => c.column_name);
  return {
    ...q,
    columns,
    groupby: [],
    metrics: [],
    is_timeseries: false,
    orderby: ordered && columns[0] ? [[columns[0], true]] : [],
    series_limit: 0,
    timeseries_limit: 0,
    time_offsets: [],
    post_processing: [],
    row_limit: Math.min(q.row_limit || SAMPLES_ROW_LIMIT, SAMPLES_ROW_LIMIT),
  };
}
