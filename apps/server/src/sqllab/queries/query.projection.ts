/**
 * `query` as the fold of the `query:<client_id>` streams (REFERENCE §1.2, projections/CONTEXT.md), written
 * in the append's transaction, so an execute answers with the row it just wrote. A run changes only while
 * unfinished, as in evolveQueryRun, so the row and the decider never disagree. Two facts of the user's
 * tab stream also land on a run's row (its tab, `sql_editor_id`): a run migrated into a server tab, a run
 * removed from one. They are folded here, not by a projection of their own, so a rebuild of this read
 * model replays them in log order and keeps the tab links.
 */
import {
  QUERY_RUN_EVENT_TYPES,
  tabStateUserOf,
  type QueryMigratedToTab,
  type QueryRunEvent,
  type QueryStartedData,
  type TabQueryRemoved,
} from '@strata/domain';
import type { EnvelopeOf } from '@strata/events';
import type { Projection } from '../../event-store/event-store.port';
import { foldProjection, type FoldProjection } from '../../projections/fold-projection';

type QueryEvent = QueryRunEvent | QueryMigratedToTab | TabQueryRemoved;
type QueryEnvelope = EnvelopeOf<QueryEvent>;
type DataOf<T extends QueryRunEvent['type']> = Extract<QueryRunEvent, { type: T }>['data'];
type Succeeded = DataOf<'sqllab/querySucceeded'>;
type Failed = DataOf<'sqllab/queryFailed'>;

/**
 * A row of `query` (REFERENCE §1.2 columns; times epoch ms, `changed_on` ISO text as `to_jsonb` gives a
 * timestamptz). `id` is the table's serial, numbered in the order runs start: absent until the first
 * write gives it, and restarted with the table on a rebuild (see queryProjection), so a rebuild numbers
 * the runs as the live table did.
 */
export interface QueryRow {
  id?: number;
  client_id: QueryStartedData['clientId'];
  database_id: QueryStartedData['databaseId'];
  tmp_table_name: QueryStartedData['tmpTableName'];
  tmp_schema_name: QueryStartedData['tmpSchemaName'];
  user_id: QueryStartedData['userId'];
  status: QueryStartedData['status'] | 'success' | 'failed' | 'stopped' | 'timed_out';
  tab_name: QueryStartedData['tab'];
  /** The tab the run belongs to (a client tab id, or a server tab's id as text). */
  sql_editor_id: QueryStartedData['sqlEditorId'];
  schema: QueryStartedData['schema'];
  catalog: QueryStartedData['catalog'];
  sql: QueryStartedData['sql'];
  select_sql: Succeeded['selectSql'];
  executed_sql: Succeeded['executedSql'] | Failed['executedSql'];
  limit: QueryStartedData['limit'];
  limiting_factor: QueryStartedData['limitingFactor'];
  select_as_cta: QueryStartedData['selectAsCta'];
  select_as_cta_used: boolean;
  ctas_method: QueryStartedData['ctasMethod'];
  run_async: QueryStartedData['runAsync'];
  progress: DataOf<'sqllab/queryProgressed'>['progress'];
  rows: Succeeded['rows'] | null;
  error_message: Failed['errorMessage'] | null;
  results_key: Succeeded['resultsKey'];
  start_time: QueryStartedData['startDttm'];
  start_running_time: DataOf<'sqllab/queryProgressed'>['at'] | null;
  end_time: Succeeded['endDttm'] | null;
  /** No event sets these yet. */
  end_result_backend_time: null;
  tracking_url: null;
  /** The last progress message, the result's columns, or the run's errors. */
  extra: { progress?: string; columns?: Succeeded['columns']; errors?: Failed['errors'] };
  changed_on: string;
}

const UNFINISHED: readonly QueryRow['status'][] = ['pending', 'running'];

function started(event: QueryEnvelope & { type: 'sqllab/queryStarted' }): QueryRow {
  const d = event.data;
  return {
    client_id: d.clientId,
    database_id: d.databaseId,
    tmp_table_name: d.tmpTableName,
    tmp_schema_name: d.tmpSchemaName,
    user_id: d.userId,
    status: d.status,
    tab_name: d.tab,
    sql_editor_id: d.sqlEditorId,
    schema: d.schema,
    catalog: d.catalog,
    sql: d.sql,
    select_sql: null,
    executed_sql: null,
    limit: d.limit,
    limiting_factor: d.limitingFactor,
    select_as_cta: d.selectAsCta,
    select_as_cta_used: false,
    ctas_method: d.ctasMethod,
    run_async: d.runAsync,
    progress: 0,
    rows: null,
    error_message: null,
    results_key: null,
    start_time: d.startDttm,
    start_running_time: d.status === 'running' ? d.startDttm : null,
    end_time: null,
    end_result_backend_time: null,
    tracking_url: null,
    extra: {},
    changed_on: event.meta.at,
  };
}

/** A run's outcome or progress, applied to an unfinished run only (a late event after Stop changes nothing). */
function ran(row: QueryRow, event: QueryEnvelope): QueryRow {
  const changed_on = event.meta.at;
  switch (event.type) {
    case 'sqllab/queryProgressed':
      return {
        ...row,
        status: 'running',
        progress: event.data.progress,
        start_running_time: row.start_running_time ?? event.data.at,
        extra: { ...row.extra, progress: event.data.message },
        changed_on,
      };
    case 'sqllab/querySucceeded': {
      const d = event.data;
      const { errors: _errors, ...extra } = row.extra;
      return {
        ...row,
        status: 'success',
        progress: 100,
        rows: d.rows,
        limiting_factor: d.limitingFactor,
        results_key: d.resultsKey,
        executed_sql: d.executedSql,
        tmp_table_name: d.tempTable ?? row.tmp_table_name,
        tmp_schema_name: d.tempSchema ?? row.tmp_schema_name,
        select_sql: d.selectSql,
        select_as_cta_used: d.selectSql !== null,
        error_message: null,
        end_time: d.endDttm,
        extra: { ...extra, columns: d.columns },
        changed_on,
      };
    }
    case 'sqllab/queryFailed':
    case 'sqllab/queryTimedOut':
      return {
        ...row,
        status: event.type === 'sqllab/queryFailed' ? 'failed' : 'timed_out',
        error_message: event.data.errorMessage,
        end_time: event.data.endDttm,
        executed_sql: (event.type === 'sqllab/queryFailed' ? event.data.executedSql : null) ?? row.executed_sql,
        extra: { ...row.extra, errors: event.data.errors },
        changed_on,
      };
    case 'sqllab/queryStopped':
      return { ...row, status: 'stopped', end_time: event.data.endDttm, changed_on };
    default:
      return row;
  }
}

const tabOf = (event: EnvelopeOf<QueryMigratedToTab | TabQueryRemoved>) => String(event.data.tab_id);

export const queryFold: FoldProjection<QueryRow, QueryEnvelope> = {
  name: 'sqllab-query',
  table: 'query',
  key: ['client_id'],
  handles: [...QUERY_RUN_EVENT_TYPES, 'sqllab/queryMigratedToTab', 'sqllab/tabQueryRemoved'],
  rowsOf(event) {
    switch (event.type) {
      // A tab link touches the user's own run only; a removal, only while the run is in that tab.
      case 'sqllab/queryMigratedToTab':
        return { client_id: event.data.query_id, user_id: tabStateUserOf(event.stream) };
      case 'sqllab/tabQueryRemoved':
        return { client_id: event.data.query_id, sql_editor_id: tabOf(event), user_id: tabStateUserOf(event.stream) };
      default:
        return { client_id: event.stream.slice('query:'.length) };
    }
  },
  evolve(row, event) {
    switch (event.type) {
      case 'sqllab/queryStarted':
        // One run, one stream: a start meets no row, except on a replay over rows written live.
        return row ?? started(event);
      case 'sqllab/queryMigratedToTab':
        return row && { ...row, sql_editor_id: tabOf(event), changed_on: event.meta.at };
      case 'sqllab/tabQueryRemoved':
        return row && { ...row, sql_editor_id: null, changed_on: event.meta.at };
      default:
        return row && (UNFINISHED.includes(row.status) ? ran(row, event) : row);
    }
  },
};

const fold = foldProjection(queryFold);

/**
 * The fold, emptied for a rebuild with its serial restarted: the runs are numbered again in log order,
 * as they were live (clients show and address a run by this number, `queryId`).
 */
export const queryProjection: Projection = {
  ...fold,
  reset: async (tx) => void (await tx.query('TRUNCATE query RESTART IDENTITY')),
};
