import rison from 'rison';
import type { RecordedRequest } from '../../../testing/test-server';

/**
 * A small SQL Lab API with the server's shapes (REFERENCE §1) over an in-memory `flights` table of
 * 2,000 rows, for component tests against a real node:http server: databases, schemas, tables,
 * table metadata, execute (the dropdown limit and limitingFactor), stop, format, saved queries.
 */
export function sqlLabTestApi() {
  const flights = Array.from({ length: 2000 }, (_, i) => ({ id: i + 1, origin: i % 2 ? 'SEA' : 'SFO', delay: i % 60 }));
  const saved: {
    id: number;
    label: string;
    db_id: number;
    schema: string | null;
    catalog: string | null;
    sql: string;
    template_parameters: string;
    changed_on: string;
  }[] = [];
  // The signed-in user's stars on saved queries, by id.
  const savedFavorites = new Set<number>();
  const executed: Record<string, unknown>[] = [];
  const datasets: Record<string, unknown>[] = [];
  const stopped: string[] = [];
  // Tab states as the server keeps them (REFERENCE §1.9), when a test turns backend persistence on.
  const tabs: Record<string, unknown>[] = [];
  const tabRequests: string[] = [];
  const permalinks = new Map<string, unknown>();
  // A database whose runs go through the job queue: execute answers 202, updated_since tells the rest.
  const asyncDatabase = {
    id: 2,
    database_name: 'async',
    backend: 'postgresql',
    allow_run_async: true,
    expose_in_sqllab: true,
  };
  const asyncRuns = new Map<string, Record<string, unknown>>();
  // Async events as the server keeps them (GET /api/v1/async_event/), pushed to `onAsyncEvent` too.
  const asyncEvents: Record<string, unknown>[] = [];
  const asyncEventPolls: (string | null)[] = [];
  const control = {
    /** Pushes an event to the sockets (set by a test that serves them). */
    onAsyncEvent: (_event: Record<string, unknown>) => undefined as void,
    /** Hides events from polling: they can only come through the socket. */
    pushOnly: false,
    /** How long an async run takes before its event is published. */
    asyncRunMs: 300,
    /** Server failures to answer with 500 (sqllab-and-platform §8 toasts): by request kind. */
    failing: new Set<'savedQueryLink' | 'removeQuery' | 'bootstrapFlags' | 'savedQueryFavorite'>(),
    /** Feature flags the bootstrap answers with (sqllab-and-platform §6), when set. */
    featureFlags: null as Record<string, boolean> | null,
    /** When set, a tab creation (POST /tabstateview/) waits for it: the test acts while it is in flight. */
    tabCreateHeld: null as Promise<void> | null,
    /** When set, an async run ends only once it resolves (then after asyncRunMs): the test acts while it runs. */
    asyncRunHeld: null as Promise<void> | null,
  };
  const serverError = {
    status: 500,
    body: {
      message: 'Internal error',
      errors: [{ message: 'Internal error', error_type: 'GENERIC_BACKEND_ERROR', level: 'error' }],
    },
  };
  function publish(
    run: Record<string, unknown>,
    event: { status: 'done' | 'error'; result_url?: string | null; errors?: unknown[] },
  ) {
    const stored = {
      id: String(asyncEvents.length + 1),
      job_id: `job-${String(run['id'])}`,
      client_id: run['id'],
      result_url: null,
      errors: [],
      ...event,
    };
    asyncEvents.push(stored);
    control.onAsyncEvent(stored);
  }
  function finishLater(run: Record<string, unknown>) {
    const ms = control.asyncRunMs;
    void (control.asyncRunHeld ?? Promise.resolve()).then(() => setTimeout(finish, ms));
    function finish() {
      if (run['state'] === 'stopped') return;
      if (/nope/i.test(String(run['sql']))) {
        Object.assign(run, { state: 'failed', errorMessage: 'relation "nope" does not exist' });
        publish(run, {
          status: 'error',
          errors: [{ message: 'relation "nope" does not exist', error_type: 'TABLE_DOES_NOT_EXIST_ERROR' }],
        });
        return;
      }
      Object.assign(run, { state: 'success', rows: 1000, resultsKey: 'key-1', progress: 100 });
      publish(run, { status: 'done', result_url: "/api/v1/sqllab/results/?q=(key:'key-1')" });
    }
  }
  const database = {
    id: 1,
    database_name: 'examples',
    backend: 'postgresql',
    allow_run_async: false,
    allows_cost_estimate: true,
    expose_in_sqllab: true,
    allow_ctas: true,
    allow_cvas: false,
  };

  // The server's query history (GET /api/v1/query/): 30 older runs of another user, then this page's runs.
  const pastQueries: Record<string, unknown>[] = Array.from({ length: 30 }, (_, i) => ({
    id: `past${String(i).padStart(7, '0')}`,
    dbId: 1,
    db: 'examples',
    schema: 'public',
    sql: `SELECT ${i} AS n`,
    state: i % 3 === 0 ? 'failed' : 'success',
    startDttm: Date.parse('2026-01-01T00:00:00Z') + i * 60_000,
    endDttm: Date.parse('2026-01-01T00:00:00Z') + i * 60_000 + 1500,
    rows: i % 3 === 0 ? null : 1,
    userId: 2,
    user: 'Bob Analyst',
  }));
  const remember = (query: Record<string, unknown>) =>
    pastQueries.push({
      ...query,
      db: query['dbId'] === 1 ? 'examples' : 'async',
      schema: 'public',
      userId: 1,
      user: 'Ada Admin',
      startDttm: Date.now(),
      endDttm: Date.now() + 5,
    });
  function queryList(url: URL) {
    const q = rison.decode(url.searchParams.get('q') ?? '()') as {
      filters?: { col: string; opr: string; value: string | number }[];
      page?: number;
      page_size?: number;
    };
    let rows = [...pastQueries];
    for (const f of q.filters ?? []) {
      if (f.col === 'database_id') rows = rows.filter((r) => r['dbId'] === f.value);
      if (f.col === 'status') rows = rows.filter((r) => r['state'] === f.value);
      if (f.col === 'user_id') rows = rows.filter((r) => r['userId'] === f.value);
      if (f.col === 'sql')
        rows = rows.filter((r) => String(r['sql']).toLowerCase().includes(String(f.value).toLowerCase()));
      if (f.col === 'start_time')
        rows = rows.filter((r) =>
          f.opr === 'gt' ? Number(r['startDttm']) > Number(f.value) : Number(r['startDttm']) < Number(f.value),
        );
    }
    rows.sort((a, b) => Number(b['startDttm']) - Number(a['startDttm']));
    const size = q.page_size ?? 25;
    const page = q.page ?? 0;
    return { status: 200, body: { count: rows.length, result: rows.slice(page * size, (page + 1) * size) } };
  }

  const handler = (request: RecordedRequest) => {
    const { method } = request;
    const url = new URL(request.url, 'http://test');
    const path = url.pathname;
    if (path === '/api/v1/security/csrf_token/') return { status: 200, body: { result: 'csrf-1' } };
    if (method !== 'GET' && request.headers['x-csrftoken'] !== 'csrf-1')
      return {
        status: 400,
        body: { message: 'CSRF', errors: [{ message: 'CSRF', error_type: 'FRONTEND_CSRF_ERROR', level: 'error' }] },
      };
    if (path === '/api/v1/database/' && method === 'GET')
      return { status: 200, body: { count: 2, result: [database, asyncDatabase] } };
    if (path === '/api/v1/database/2/schemas/') return { status: 200, body: { result: ['public'] } };
    if (path === '/api/v1/database/2/tables/') return { status: 200, body: { count: 0, result: [] } };
    if (path === '/api/v1/query/updated_since' && method === 'GET') {
      // A run is running once the client asks; its end is told by an async event.
      for (const run of asyncRuns.values())
        if (run['state'] === 'pending')
          Object.assign(run, { state: 'running', extra: { progress: 'Running statement 1 out of 1' } });
      return { status: 200, body: { result: [...asyncRuns.values()] } };
    }
    if (path === '/api/v1/query/' && method === 'GET') return queryList(url);
    const oneQuery = /^\/api\/v1\/query\/([\w-]{1,11})$/.exec(path);
    if (oneQuery && method === 'GET') {
      const found = pastQueries.find((q) => q['id'] === oneQuery[1]) ?? asyncRuns.get(oneQuery[1]!);
      if (!found)
        return {
          status: 404,
          body: {
            message: 'Query not found.',
            errors: [{ message: 'Query not found.', error_type: 'OBJECT_DOES_NOT_EXIST_ERROR', level: 'error' }],
          },
        };
      return { status: 200, body: { id: 1, result: found } };
    }
    if (path === '/api/v1/dataset/' && method === 'POST') {
      const body = request.body as { table_name: string; database: number; schema: string | null };
      datasets.push(request.body as Record<string, unknown>);
      if (datasets.filter((d) => d['table_name'] === body.table_name).length > 1) {
        const message = `Dataset ${body.table_name} already exists.`;
        return {
          status: 422,
          body: { message, errors: [{ message, error_type: 'GENERIC_COMMAND_ERROR', level: 'error' }] },
        };
      }
      const data = { id: 40 + datasets.length, table_name: body.table_name };
      return { status: 201, body: { id: data.id, result: data, data } };
    }
    const oneDataset = /^\/api\/v1\/dataset\/(\d+)$/.exec(path);
    if (oneDataset && method === 'GET') {
      // Dataset 7 is the flights table of database 1; 8 a virtual dataset on it.
      if (oneDataset[1] === '7')
        return {
          status: 200,
          body: { id: 7, result: { table_name: 'flights', schema: 'public', sql: null, database: { id: 1 } } },
        };
      if (oneDataset[1] === '8')
        return {
          status: 200,
          body: {
            id: 8,
            result: {
              table_name: 'late_flights',
              schema: 'public',
              sql: 'SELECT * FROM flights WHERE delay > 60',
              database: { id: 1 },
            },
          },
        };
      return {
        status: 404,
        body: {
          message: 'Not found',
          errors: [{ message: 'Not found', error_type: 'OBJECT_DOES_NOT_EXIST_ERROR', level: 'error' }],
        },
      };
    }
    if (path === '/api/v1/async_event/' && method === 'GET') {
      const lastId = url.searchParams.get('last_id');
      asyncEventPolls.push(lastId);
      const after = control.pushOnly ? [] : asyncEvents.filter((e) => Number(e['id']) > Number(lastId ?? 0));
      return { status: 200, body: { result: after } };
    }
    if (path === '/api/v1/sqllab/' && method === 'GET') {
      const active = tabs.find((t) => t['active']) ?? tabs[0] ?? null;
      const result = {
        active_tab: active,
        databases: { 1: database, 2: asyncDatabase },
        queries: {},
        tab_state_ids: tabs.map((t) => [t['id'], t['label']]),
      };
      return {
        status: 200,
        body: { result: control.featureFlags ? { ...result, feature_flags: control.featureFlags } : result },
      };
    }
    if (path.startsWith('/tabstateview/')) {
      tabRequests.push(`${method} ${path}`);
      const answer = () => tabState(method, path, request.body as Record<string, unknown> | undefined);
      const creates = method === 'POST' && path === '/tabstateview/';
      return creates && control.tabCreateHeld ? control.tabCreateHeld.then(answer) : answer();
    }
    if (path === '/api/v1/database/1/schemas/')
      return { status: 200, body: { result: ['information_schema', 'public'] } };
    if (path === '/api/v1/database/1/tables/') {
      const schema = (rison.decode(url.searchParams.get('q') ?? '()') as { schema_name?: string }).schema_name;
      const result =
        schema === 'public'
          ? [
              { value: 'cars', type: 'table' },
              { value: 'flights', type: 'table' },
            ]
          : [];
      return { status: 200, body: { count: result.length, result } };
    }
    if (path === '/api/v1/database/1/table_metadata/extra/') {
      if (url.searchParams.get('name') !== 'flights')
        return {
          status: 404,
          body: {
            message: 'Table not found',
            errors: [{ message: 'Table not found', error_type: 'TABLE_DOES_NOT_EXIST_ERROR', level: 'error' }],
          },
        };
      return { status: 200, body: { partitions: { cols: ['origin'] } } };
    }
    if (path === '/api/v1/database/1/table_metadata/') {
      const name = url.searchParams.get('name');
      if (name !== 'flights')
        return {
          status: 404,
          body: {
            message: 'Table not found',
            errors: [{ message: 'Table not found', error_type: 'TABLE_DOES_NOT_EXIST_ERROR', level: 'error' }],
          },
        };
      return {
        status: 200,
        body: {
          name: 'flights',
          columns: [
            { name: 'id', type: 'integer' },
            { name: 'origin', type: 'text' },
            { name: 'delay', type: 'integer' },
          ],
          primaryKey: { name: 'flights_pkey', column_names: ['id'] },
          foreignKeys: [
            {
              name: 'flights_origin_fkey',
              column_names: ['origin'],
              referred_table: 'airports',
              referred_schema: 'public',
              referred_columns: ['iata'],
            },
          ],
          indexes: [{ name: 'flights_origin_idx', column_names: ['origin'], unique: false }],
          comment: 'One row per flight',
          selectStar: 'SELECT id, origin, delay FROM public.flights LIMIT 100',
        },
      };
    }
    if (path === '/api/v1/sqllab/execute/' && method === 'POST') {
      const body = request.body as {
        client_id: string;
        sql: string;
        queryLimit: number;
        database_id: number;
        select_as_cta: boolean;
        tmp_table_name: string | null;
        sql_editor_id: string | null;
      };
      executed.push(body);
      if (body.database_id === 2 && /workers/i.test(body.sql)) {
        const message = 'Failed to start remote query on a worker.';
        return {
          status: 500,
          body: { message, errors: [{ message, error_type: 'ASYNC_WORKERS_ERROR', level: 'error' }] },
        };
      }
      if (body.database_id === 2) {
        const run = {
          id: body.client_id,
          dbId: 2,
          sql: body.sql,
          state: 'pending',
          progress: 0,
          rows: null,
          resultsKey: null,
          startDttm: 0,
        };
        asyncRuns.set(body.client_id, run);
        if (!/sleep/i.test(body.sql)) finishLater(run);
        return { status: 202, body: { query: run } };
      }
      if (body.select_as_cta) {
        const tempTable = body.tmp_table_name ?? 'tmp_1_table_2026_01_01_00_00_00';
        const query = {
          id: body.client_id,
          dbId: 1,
          sql: body.sql,
          state: 'success',
          rows: 0,
          limitingFactor: 'NOT_LIMITED',
          progress: 100,
          resultsKey: null,
          tempTable,
          tempSchema: 'public',
          ctas: true,
        };
        return { status: 200, body: { status: 'success', data: [], columns: [], query } };
      }
      if (/nope/i.test(body.sql)) {
        const message = 'relation "nope" does not exist';
        return {
          status: 400,
          body: { message, errors: [{ message, error_type: 'TABLE_DOES_NOT_EXIST_ERROR', level: 'error' }] },
        };
      }
      const sqlLimit = /limit\s+(\d+)/i.exec(body.sql);
      const limit = Math.min(body.queryLimit, sqlLimit ? Number(sqlLimit[1]) : Infinity);
      const data = flights.slice(0, limit);
      const factor =
        data.length < flights.length
          ? sqlLimit && Number(sqlLimit[1]) < body.queryLimit
            ? 'QUERY'
            : 'DROPDOWN'
          : 'NOT_LIMITED';
      const query = {
        id: body.client_id,
        dbId: 1,
        sql: body.sql,
        state: 'success',
        rows: data.length,
        limitingFactor: factor,
        progress: 100,
        resultsKey: null,
        startDttm: 0,
        endDttm: 1,
      };
      remember({ ...query, sqlEditorId: body.sql_editor_id });
      return {
        status: 200,
        body: {
          status: 'success',
          data,
          columns: ['id', 'origin', 'delay'].map((name) => ({
            column_name: name,
            name,
            type: name === 'origin' ? 'TEXT' : 'INTEGER',
            is_dttm: false,
          })),
          query,
          displayLimitReached: false,
        },
      };
    }
    if (path === '/api/v1/sqllab/estimate/' && method === 'POST') {
      const sql = (request.body as { sql: string }).sql;
      if (/nope/i.test(sql))
        return {
          status: 400,
          body: {
            message: 'relation "nope" does not exist',
            errors: [
              { message: 'relation "nope" does not exist', error_type: 'TABLE_DOES_NOT_EXIST_ERROR', level: 'error' },
            ],
          },
        };
      // One row per statement, as PostgreSQL's EXPLAIN gives them.
      const statements = sql.split(';').filter((part) => part.trim());
      return {
        status: 200,
        body: {
          result: statements.map((_, i) => ({ 'Start-up cost': '0.00', 'Total cost': (35.5 * (i + 1)).toFixed(2) })),
        },
      };
    }
    if (path === '/api/v1/sqllab/results/' && method === 'GET') {
      const q = rison.decode(url.searchParams.get('q') ?? '()') as { key?: string; rows?: number };
      if (q.key !== 'key-1')
        return {
          status: 410,
          body: {
            message: 'Data could not be retrieved from the results backend. You need to re-run the original query.',
            errors: [
              {
                message: 'Data could not be retrieved from the results backend. You need to re-run the original query.',
                error_type: 'RESULTS_BACKEND_ERROR',
                level: 'error',
              },
            ],
          },
        };
      const data = flights.slice(0, Math.min(1000, q.rows ?? 1000));
      const columns = ['id', 'origin', 'delay'].map((name) => ({
        column_name: name,
        name,
        type: 'TEXT',
        is_dttm: false,
      }));
      return {
        status: 200,
        body: {
          status: 'success',
          data,
          columns,
          query: {
            id: 'storedquery',
            dbId: 1,
            state: 'success',
            rows: 1000,
            limitingFactor: 'DROPDOWN',
            resultsKey: 'key-1',
          },
        },
      };
    }
    if (path === '/api/v1/sqllab/permalink' && method === 'POST') {
      const key = `key${permalinks.size + 1}abcdefghijklmnop`;
      permalinks.set(key, request.body);
      return { status: 201, body: { key, url: `http://localhost/sqllab/p/${key}` } }; // absolute, as the server answers
    }
    const link = /^\/api\/v1\/sqllab\/permalink\/(?:kv:)?([\w-]+)$/.exec(path);
    if (link && method === 'GET') {
      const state = permalinks.get(link[1]!);
      return state
        ? { status: 200, body: state }
        : {
            status: 404,
            body: {
              message: 'This permalink does not exist.',
              errors: [
                {
                  message: 'This permalink does not exist.',
                  error_type: 'OBJECT_DOES_NOT_EXIST_ERROR',
                  level: 'error',
                },
              ],
            },
          };
    }
    if (path === '/api/v1/query/stop' && method === 'POST') {
      const clientId = (request.body as { client_id: string }).client_id;
      stopped.push(clientId);
      const run = asyncRuns.get(clientId);
      if (run) {
        run['state'] = 'stopped';
        publish(run, {
          status: 'error',
          errors: [{ message: 'The query was stopped.', error_type: 'GENERIC_COMMAND_ERROR' }],
        });
      }
      return { status: 200, body: { result: 'OK' } };
    }
    if (path === '/api/v1/sqllab/format_sql/' && method === 'POST') {
      const sql = (request.body as { sql: string }).sql;
      return {
        status: 200,
        body: {
          result: sql
            .replace(/\s+/g, ' ')
            .trim()
            .replace(/\bselect\b/gi, 'SELECT')
            .replace(/\s*\bfrom\b/gi, '\nFROM'),
        },
      };
    }
    if (path === '/api/v1/saved_query/' && method === 'POST') {
      const row = {
        ...(request.body as Omit<(typeof saved)[number], 'id' | 'changed_on'>),
        id: saved.length + 1,
        changed_on: '2026-01-01T00:00:00.000Z',
      };
      saved.push(row);
      return { status: 201, body: { id: row.id, result: row } };
    }
    if (path === '/api/v1/saved_query/' && method === 'GET') {
      const q = rison.decode(url.searchParams.get('q') ?? '()') as { filters?: { value: string }[] };
      const search = q.filters?.[0]?.value.toLowerCase() ?? '';
      const found = saved.filter((row) => row.label.toLowerCase().includes(search));
      return { status: 200, body: { count: found.length, result: found } };
    }
    if (path === '/api/v1/saved_query/favorite_status/' && method === 'GET') {
      const ids = rison.decode(url.searchParams.get('q') ?? '!()') as number[];
      return { status: 200, body: { result: ids.map((id) => ({ id, value: savedFavorites.has(id) })) } };
    }
    const star = /^\/api\/v1\/saved_query\/(\d+)\/favorites\/$/.exec(path);
    if (star) {
      const id = Number(star[1]);
      if (!saved.some((r) => r.id === id) || control.failing.has('savedQueryFavorite'))
        return {
          status: 404,
          body: {
            message: 'Not found',
            errors: [{ message: 'Not found', error_type: 'GENERIC_BACKEND_ERROR', level: 'error' }],
          },
        };
      if (method === 'POST') savedFavorites.add(id);
      if (method === 'DELETE') savedFavorites.delete(id);
      return { status: 200, body: { result: 'OK' } };
    }
    const one = /^\/api\/v1\/saved_query\/(\d+)$/.exec(path);
    if (one) {
      const row = saved.find((r) => r.id === Number(one[1]));
      if (!row)
        return {
          status: 404,
          body: {
            message: 'Not found',
            errors: [{ message: 'Not found', error_type: 'GENERIC_BACKEND_ERROR', level: 'error' }],
          },
        };
      if (method === 'PUT') Object.assign(row, request.body);
      if (method === 'DELETE') {
        saved.splice(saved.indexOf(row), 1);
        return { status: 200, body: { message: 'OK' } };
      }
      return { status: 200, body: { id: row.id, result: row } };
    }
    return undefined;
  };
  function tabState(method: string, path: string, body: Record<string, unknown> | undefined) {
    const [, , idText, action] = path.split('/');
    if (method === 'POST' && !idText) {
      const qe = body!['queryEditor'] as Record<string, unknown>;
      const id = tabs.reduce((max, t) => Math.max(max, t['id'] as number), 0) + 1;
      tabs.forEach((t) => (t['active'] = false));
      tabs.push({
        id,
        user_id: 1,
        label: qe['name'],
        active: true,
        database_id: qe['dbId'],
        catalog: null,
        schema: qe['schema'],
        table_schemas: [],
        sql: qe['sql'],
        query_limit: qe['queryLimit'],
        latest_query: null,
        autorun: false,
        template_params: null,
        hide_left_bar: false,
        saved_query: null,
        extra_json: null,
      });
      return { status: 200, body: { id } };
    }
    const tab = tabs.find((t) => String(t['id']) === idText);
    if (tab && method === 'DELETE' && action === 'query') {
      if (control.failing.has('removeQuery')) return serverError;
      const queryId = path.split('/')[4];
      const at = pastQueries.findIndex((q) => q['id'] === queryId);
      if (at >= 0) pastQueries.splice(at, 1);
      return { status: 200, body: 'OK' };
    }
    if (tab && method === 'PUT' && body && 'saved_query_id' in body && control.failing.has('savedQueryLink'))
      return serverError;
    if (!tab)
      return {
        status: 404,
        body: {
          message: 'Not found',
          errors: [{ message: 'Not found', error_type: 'OBJECT_DOES_NOT_EXIST_ERROR', level: 'error' }],
        },
      };
    if (method === 'GET') return { status: 200, body: tab };
    if (method === 'DELETE') {
      tabs.splice(tabs.indexOf(tab), 1);
      return { status: 200, body: 'OK' };
    }
    if (method === 'POST' && action === 'activate') {
      tabs.forEach((t) => (t['active'] = t === tab));
      return { status: 200, body: tab['id'] };
    }
    if (method === 'PUT') {
      Object.assign(tab, body);
      return { status: 200, body: tab['id'] };
    }
    return undefined;
  }

  return {
    handler,
    pastQueries,
    datasets,
    executed,
    stopped,
    saved,
    savedFavorites,
    tabs,
    tabRequests,
    asyncEvents,
    asyncEventPolls,
    control,
  };
}
