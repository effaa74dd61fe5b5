import rison from 'rison';
import type { AsyncEvent } from '@strata/events';
import type {
  FeatureFlags,
  EstimatePayload,
  ExecutePayload,
  NewTabStatePayload,
  SavedQueryPayload,
  TabStateDict,
  TabStateUpdate,
} from '@strata/domain';
import type { HttpClient, RequestOptions } from '../../api/http-client';

/**
 * SQL Lab's calls (sqllab-and-platform §7, REFERENCE §1), one function each, so the feature's effects and the tests
 * share the paths and shapes. Nothing here holds state.
 */

// What SQL Lab's catalog reads from the API; declared in the domain beside the catalog's events.
import type {
  QueryHistoryRow,
  SqlLabDatabaseOption as DatabaseOption,
  TableMetadataResponse,
  TableOption,
} from '@strata/domain';
export type {
  SqlLabDatabaseOption as DatabaseOption,
  MetadataColumn,
  TableMetadataResponse,
  TableOption,
} from '@strata/domain';

export type LimitingFactor = 'QUERY' | 'DROPDOWN' | 'QUERY_AND_DROPDOWN' | 'NOT_LIMITED' | 'UNKNOWN';

/** A run as the server lists it (Query.to_dict(), REFERENCE §1.2): the history's row. */
export type ServerQuery = QueryHistoryRow;

/** One filter of the query history list (`GET /api/v1/query/?q=`, FAB style). */
export type QueryListFilter =
  | { col: 'database_id' | 'user_id'; opr: 'eq'; value: number }
  | { col: 'status'; opr: 'eq'; value: string }
  | { col: 'sql'; opr: 'ct'; value: string }
  | { col: 'start_time'; opr: 'gt' | 'lt'; value: number };

export interface ResultColumn {
  name?: string;
  column_name?: string;
  type?: string | null;
  is_dttm?: boolean;
}

export interface ExecuteResult {
  status?: string;
  data: Record<string, unknown>[];
  columns: ResultColumn[];
  query: ServerQuery;
  displayLimitReached?: boolean;
}

/** GET /api/v1/sqllab/ (REFERENCE §1.1). */
export interface BootstrapResult {
  active_tab: TabStateDict | null;
  databases: Record<string, DatabaseOption>;
  queries: Record<string, ServerQuery>;
  tab_state_ids: [number, string][];
  /** The server's feature flags (sqllab-and-platform §6), e.g. SQLLAB_BACKEND_PERSISTENCE; absent: the defaults. */
  feature_flags?: FeatureFlags;
}

export interface SavedQueryRow extends SavedQueryPayload {
  id: number;
  changed_on?: string;
  description?: string;
}

const q = (value: unknown) => encodeURIComponent(rison.encode(value));
const params = (values: Record<string, string | boolean | null | undefined>) =>
  Object.entries(values)
    .filter(([, v]) => v !== undefined && v !== null && v !== '')
    .map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`)
    .join('&');

/** Superset answers `{value, type}`; a bare name or `{name}` is read the same way. */
function tableOption(item: TableOption | { name: string; type?: string } | string): TableOption {
  if (typeof item === 'string') return { value: item };
  if ('value' in item) return item;
  return { value: item.name, ...(item.type ? { type: item.type } : {}) };
}

/** What a SQL Lab permalink keeps of a tab (sqllab-and-platform §7). */
export interface PermalinkState {
  dbId: number;
  sql: string;
  name?: string | null;
  schema?: string | null;
  catalog?: string | null;
  autorun?: boolean | null;
  templateParams?: string | null;
}

/**
 * An async event's result_url names the stored results by key; the rows the page shows are capped at
 * the display limit (REFERENCE §1.4), so the limit is added unless the url already has one.
 */
export function withDisplayRows(resultUrl: string, rows: number): string {
  const at = resultUrl.indexOf('?');
  if (at < 0) return resultUrl;
  const params = new URLSearchParams(resultUrl.slice(at + 1));
  const encoded = params.get('q');
  if (!encoded) return resultUrl;
  try {
    const decoded: unknown = rison.decode(encoded);
    if (!decoded || typeof decoded !== 'object' || 'rows' in decoded) return resultUrl;
    params.set('q', rison.encode({ ...decoded, rows }));
  } catch {
    return resultUrl;
  }
  return `${resultUrl.slice(0, at)}?${params.toString()}`;
}

/** sqllab-and-platform §7 POST /api/v1/dataset/ body, as SQL Lab sends it (with the result's columns). */
export interface NewDatasetPayload {
  database: number;
  catalog: string | null;
  schema: string | null;
  sql: string;
  table_name: string;
  template_params: string | null;
  is_managed_externally: false;
  external_url: null;
  columns: { column_name: string; type: string | null; is_dttm: boolean }[];
}

export const columnName = (column: ResultColumn): string => column.column_name ?? column.name ?? '';

/**
 * SQL Lab's calls to the server. `sent` applies to the writes of tabs and their tables: `{ keepalive: true }`
 * for the ones made as the user leaves the page, which must outlive it.
 */
export function sqlLabApi(http: HttpClient, sent: Pick<RequestOptions, 'keepalive'> = {}) {
  return {
    databases: () =>
      http
        .get<{ result: DatabaseOption[] }>(
          `/api/v1/database/?q=${q({ filters: [{ col: 'expose_in_sqllab', opr: 'eq', value: true }], order_column: 'database_name', order_direction: 'asc', page: 0, page_size: 100 })}`,
        )
        .then((r) => r.result),
    schemas: (dbId: number, force = false) =>
      http.get<{ result: string[] }>(`/api/v1/database/${dbId}/schemas/?q=${q({ force })}`).then((r) => r.result),
    tables: (dbId: number, schema: string, force = false) =>
      http
        .get<{ result: (TableOption | { name: string; type?: string } | string)[]; count: number }>(
          `/api/v1/database/${dbId}/tables/?q=${q({ schema_name: schema, force })}`,
        )
        .then((r) => r.result.map(tableOption)),
    tableMetadata: (dbId: number, schema: string, table: string) =>
      http.get<TableMetadataResponse>(`/api/v1/database/${dbId}/table_metadata/?${params({ name: table, schema })}`),
    /** Engine-specific extras of a table (partitions, clustering...); PostgreSQL and MySQL give none. */
    tableMetadataExtra: (dbId: number, schema: string, table: string) =>
      http.get<Record<string, unknown>>(
        `/api/v1/database/${dbId}/table_metadata/extra/?${params({ name: table, schema })}`,
      ),
    execute: (body: ExecutePayload) =>
      http.post<ExecuteResult | { query: ServerQuery } | { status: 'failed' | 'timed_out' | 'stopped' }>(
        '/api/v1/sqllab/execute/',
        body,
        { timeoutMs: 120_000 },
      ),
    /** One run as the server knows it (by client id). */
    query: (clientId: string) =>
      http.get<{ result: ServerQuery }>(`/api/v1/query/${encodeURIComponent(clientId)}`).then((r) => r.result),
    stop: (clientId: string) => http.post<unknown>('/api/v1/query/stop', { client_id: clientId }),
    results: (key: string, rows: number) => http.get<ExecuteResult>(`/api/v1/sqllab/results/?q=${q({ key, rows })}`),
    /** A result_url of an async event (a path on this server). */
    resultsAt: (path: string) => http.get<ExecuteResult>(path),
    asyncEvents: (lastId: string | null) =>
      http
        .get<{ result: AsyncEvent[] }>(`/api/v1/async_event/${lastId ? `?last_id=${encodeURIComponent(lastId)}` : ''}`)
        .then((r) => r.result),
    updatedSince: (lastUpdatedMs: number) =>
      http.get<{ result: ServerQuery[] }>(`/api/v1/query/updated_since?q=${q({ last_updated_ms: lastUpdatedMs })}`),
    formatSql: (sql: string, databaseId?: number) =>
      http
        .post<{ result: string }>('/api/v1/sqllab/format_sql/', {
          sql,
          ...(databaseId ? { database_id: databaseId } : {}),
        })
        .then((r) => r.result),
    estimate: (body: EstimatePayload) =>
      http.post<{ result: Record<string, string>[] }>('/api/v1/sqllab/estimate/', body).then((r) => r.result),
    createSavedQuery: (body: SavedQueryPayload & { description?: string }) =>
      http.post<{ id: number; result: SavedQueryRow }>('/api/v1/saved_query/', body),
    updateSavedQuery: (id: number, body: SavedQueryPayload & { description?: string }) =>
      http.put<{ id: number; result: SavedQueryRow }>(`/api/v1/saved_query/${id}`, body),
    /** The saved queries page's edit: only the fields sent change (the server keeps the others). */
    editSavedQuery: (id: number, changes: { label: string; description: string; sql: string }) =>
      http.put<{ id: number; result: SavedQueryRow }>(`/api/v1/saved_query/${id}`, changes).then((r) => r.result),
    deleteSavedQuery: (id: number) => http.delete<unknown>(`/api/v1/saved_query/${id}`),
    /** Which of these the user starred (issue 15 item 6). */
    savedQueryFavoriteStatus: (ids: readonly number[]) =>
      http
        .get<{ result: { id: number; value: boolean }[] }>(`/api/v1/saved_query/favorite_status/?q=${q(ids)}`)
        .then((r) => r.result),
    /** Star (POST) or unstar (DELETE) a saved query for the user. */
    setSavedQueryFavorite: (id: number, favorite: boolean) =>
      favorite
        ? http.post<unknown>(`/api/v1/saved_query/${id}/favorites/`, {})
        : http.delete<unknown>(`/api/v1/saved_query/${id}/favorites/`),
    savedQuery: (id: number) =>
      http.get<{ id: number; result: SavedQueryRow }>(`/api/v1/saved_query/${id}`).then((r) => r.result),
    savedQueries: (search: string, page: number, pageSize = 25) =>
      http.get<{ result: SavedQueryRow[]; count: number }>(
        `/api/v1/saved_query/?q=${q({
          ...(search ? { filters: [{ col: 'label', opr: 'ct', value: search }] } : {}),
          order_column: 'changed_on',
          order_direction: 'desc',
          page,
          page_size: pageSize,
        })}`,
      ),
    /** The query history: newest first, filtered, one page. */
    queries: (filters: readonly QueryListFilter[], page: number, pageSize: number) =>
      http.get<{ result: ServerQuery[]; count: number }>(
        `/api/v1/query/?q=${q({ filters, order_column: 'start_time', order_direction: 'desc', page, page_size: pageSize })}`,
      ),
    /** GET /api/v1/dataset/{id}: where a tab opened on a dataset starts (its database, schema, table or SQL). */
    dataset: (id: number) =>
      http
        .get<{
          result: {
            table_name: string;
            schema: string | null;
            sql: string | null;
            catalog?: string | null;
            database: { id: number };
          };
        }>(`/api/v1/dataset/${id}`)
        .then((r) => r.result),
    /** sqllab-and-platform §7: a virtual dataset from a query's SQL; the answer's `data` is the dataset. */
    createDataset: (body: NewDatasetPayload) =>
      http.post<{ id: number; data: { id: number; table_name: string } }>('/api/v1/dataset/', body),
    bootstrap: () => http.get<{ result: BootstrapResult }>('/api/v1/sqllab/').then((r) => r.result),
    createTabState: (queryEditor: NewTabStatePayload) =>
      http.post<{ id: number }>('/tabstateview/', { queryEditor }, sent).then((r) => r.id),
    tabState: (id: string) => http.get<TabStateDict>(`/tabstateview/${encodeURIComponent(id)}`),
    saveTabState: (id: string, update: Partial<TabStateUpdate> | { saved_query_id: number }) =>
      http.put<unknown>(`/tabstateview/${encodeURIComponent(id)}`, update, sent),
    deleteTabState: (id: string) => http.delete<unknown>(`/tabstateview/${encodeURIComponent(id)}`, sent),
    activateTabState: (id: string) =>
      http.post<unknown>(`/tabstateview/${encodeURIComponent(id)}/activate`, undefined, sent),
    removeTabQuery: (tabId: string, queryId: string) =>
      http.delete<unknown>(`/tabstateview/${encodeURIComponent(tabId)}/query/${encodeURIComponent(queryId)}`),
    migrateQuery: (tabId: string, queryId: string) =>
      http.post<unknown>(`/tabstateview/${encodeURIComponent(tabId)}/migrate_query`, { queryId }, sent),
    addTableSchema: (table: Record<string, unknown>) =>
      http.post<{ id: number }>('/tableschemaview/', { table }, sent).then((r) => r.id),
    expandTableSchema: (id: string, expanded: boolean) =>
      http.post<unknown>(`/tableschemaview/${encodeURIComponent(id)}/expanded`, { expanded }),
    deleteTableSchema: (id: string) => http.delete<unknown>(`/tableschemaview/${encodeURIComponent(id)}`),
    createPermalink: (state: PermalinkState) =>
      http.post<{ key: string; url: string }>('/api/v1/sqllab/permalink', state),
    permalink: (key: string) => http.get<PermalinkState>(`/api/v1/sqllab/permalink/${encodeURIComponent(key)}`),
    /** The CSV export streams every row from the server; the browser only follows the link. */
    exportUrl: (clientId: string) => http.url(`/api/v1/sqllab/export/${encodeURIComponent(clientId)}/`),
  };
}

export type SqlLabApi = ReturnType<typeof sqlLabApi>;
