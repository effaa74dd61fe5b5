import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import rison from 'rison';
import { asyncJobsTestApi } from '../../async/testing/async-jobs-test-api';

/**
 * A small chart API with the server's shapes (REFERENCE §2, charts-dashboards-reports §7) over an in-memory `cars` table,
 * on a real node:http server: datasets, chart data (group by + SIMPLE metrics + equality filters,
 * computed from the rows), charts, favourites, dashboards, permalinks. `slowChartDataMs` delays chart
 * data answers so a test can press Stop while one is in flight.
 */
export const CARS = [
  { name: 'chevrolet chevelle', origin: 'USA', horsepower: 130, year: '1970-01-01' },
  { name: 'buick skylark', origin: 'USA', horsepower: 165, year: '1970-01-01' },
  { name: 'toyota corona', origin: 'Japan', horsepower: 95, year: '1970-01-01' },
  { name: 'datsun pl510', origin: 'Japan', horsepower: 88, year: '1971-01-01' },
  { name: 'volkswagen 1131', origin: 'Europe', horsepower: 46, year: '1971-01-01' },
  { name: 'peugeot 504', origin: 'Europe', horsepower: 87, year: '1972-01-01' },
];

export const carsDataset = {
  id: 1,
  type: 'table',
  table_name: 'cars',
  datasource_name: 'cars',
  main_dttm_col: 'year',
  database: { id: 1, database_name: 'examples' },
  schema: 'public',
  columns: [
    { column_name: 'name', type: 'TEXT', type_generic: 1, is_dttm: false, groupby: true, filterable: true },
    { column_name: 'origin', type: 'TEXT', type_generic: 1, is_dttm: false, groupby: true, filterable: true },
    {
      column_name: 'horsepower',
      type: 'DOUBLE PRECISION',
      type_generic: 0,
      is_dttm: false,
      groupby: true,
      filterable: true,
    },
    { column_name: 'year', type: 'DATE', type_generic: 2, is_dttm: true, groupby: true, filterable: true },
  ],
  metrics: [{ metric_name: 'count', expression: 'COUNT(*)', verbose_name: 'COUNT(*)' }],
};
const flightsDataset = {
  ...carsDataset,
  id: 2,
  table_name: 'flights',
  datasource_name: 'flights',
  main_dttm_col: 'date',
  columns: [
    { column_name: 'origin', type: 'TEXT', type_generic: 1, is_dttm: false, groupby: true, filterable: true },
    { column_name: 'delay', type: 'INTEGER', type_generic: 0, is_dttm: false, groupby: true, filterable: true },
    { column_name: 'date', type: 'TIMESTAMP', type_generic: 2, is_dttm: true, groupby: true, filterable: true },
  ],
};

type Row = Record<string, unknown>;
interface Metric {
  expressionType?: string;
  aggregate?: string;
  column?: { column_name: string };
  label?: string;
}

function aggregate(rows: Row[], metric: string | Metric): number | null {
  if (typeof metric === 'string') return rows.length; // the only saved metric is count
  const values = rows.map((r) => r[metric.column!.column_name]).filter((v): v is number => typeof v === 'number');
  switch (metric.aggregate) {
    case 'AVG':
      return values.length ? values.reduce((a, b) => a + b, 0) / values.length : null;
    case 'SUM':
      return values.reduce((a, b) => a + b, 0);
    case 'MAX':
      return values.length ? Math.max(...values) : null;
    case 'MIN':
      return values.length ? Math.min(...values) : null;
    case 'COUNT':
      return values.length;
    default:
      return new Set(values).size;
  }
}

const labelOf = (m: string | Metric) =>
  typeof m === 'string' ? m : (m.label ?? `${m.aggregate}(${m.column?.column_name})`);
const columnName = (c: unknown) => (typeof c === 'string' ? c : String((c as { label?: string }).label));

/** One query object over the cars rows: filters (== and IN), group by the columns, the metrics. */
export function runQuery(query: Row): { colnames: string[]; data: Row[] } {
  let rows: Row[] = CARS;
  for (const f of (query.filters as Row[]) ?? []) {
    if (f.op === '==') rows = rows.filter((r) => r[f.col as string] === f.val);
    if (f.op === 'IN') rows = rows.filter((r) => (f.val as unknown[]).includes(r[f.col as string]));
  }
  const columns = ((query.columns as unknown[]) ?? []).map(columnName);
  const metrics = (query.metrics as (string | Metric)[]) ?? [];
  const groups = new Map<string, Row[]>();
  for (const r of rows) {
    const key = JSON.stringify(columns.map((c) => r[c]));
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  const data = [...groups.entries()].map(([key, members]) => {
    const values = JSON.parse(key) as unknown[];
    return {
      ...Object.fromEntries(columns.map((c, i) => [c, values[i]])),
      ...Object.fromEntries(metrics.map((m) => [labelOf(m), aggregate(members, m)])),
    };
  });
  return { colnames: [...columns, ...metrics.map(labelOf)], data };
}

/** The SQL a query object stands for, as 'View query' shows it: its columns, metrics and grouping. */
function sqlOf(query: Row): string {
  const columns = ((query.columns as unknown[]) ?? []).map(columnName);
  const metrics = ((query.metrics as (string | Metric)[]) ?? []).map((m) => (m === 'count' ? 'COUNT(*)' : labelOf(m)));
  const select = [...columns, ...metrics].join(', ');
  return `SELECT ${select} FROM cars${columns.length ? ` GROUP BY ${columns.join(', ')}` : ''}`;
}

/** An answer the server gives besides Explore's (a page that mounts Explore among its own calls). */
type MoreAnswer = { status: number; body?: unknown } | undefined;

export function exploreTestApi({ more }: { more?: (method: string, url: URL) => MoreAnswer } = {}) {
  const charts: Row[] = [];
  const dashboards: { id: number; dashboard_title: string }[] = [{ id: 1, dashboard_title: 'Existing board' }];
  const favorites = new Set<number>();
  const chartDataBodies: Row[] = [];
  // key -> the stored body ({datasource_id, datasource_type, chart_id, form_data}); keys made by another user.
  const formData = new Map<string, Row>();
  const othersFormData = new Set<string>();
  // Every request's method and path, in order (what a read-only page may not send).
  const requests: { method: string; path: string }[] = [];
  // ?as_of=<point> -> the charts as they were then (object-history: `GET /api/v1/chart/{id}?as_of=`).
  const past = new Map<string, Row[]>();
  const control = { slowChartDataMs: 0, failChartData: null as string | null, failDashboards: false };
  // GLOBAL_ASYNC_QUERIES: `asyncJobs.control.on` turns chart data into 202 jobs.
  const asyncJobs = asyncJobsTestApi();

  /** The synchronous answer of POST /api/v1/chart/data (a job's answer too, once it has run). */
  function chartDataAnswer(body: Row): {
    status: number;
    body?: unknown;
    headers?: Record<string, string>;
    text?: string;
  } {
    if (control.failChartData)
      return {
        status: 400,
        body: {
          message: control.failChartData,
          errors: [{ message: control.failChartData, error_type: 'GENERIC_DB_ENGINE_ERROR', level: 'error' }],
        },
      };
    const queries = body.queries as Row[];
    if (body.result_format === 'csv') {
      const { colnames, data } = runQuery(queries[0]!);
      const text = [colnames.join(','), ...data.map((r) => colnames.map((c) => String(r[c])).join(','))].join('\n');
      return {
        status: 200,
        text,
        headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="chart.csv"' },
      };
    }
    if (body.result_type === 'query')
      return {
        status: 200,
        body: { result: queries.map((q) => ({ query: sqlOf(q), language: 'sql' })) },
      };
    return {
      status: 200,
      body: {
        result: queries.map((q) => ({
          ...runQuery(q),
          coltypes: [],
          rowcount: runQuery(q).data.length,
          status: 'success',
          is_cached: false,
        })),
      },
    };
  }

  async function handle(
    method: string,
    url: URL,
    body: Row | undefined,
  ): Promise<{ status: number; body?: unknown; headers?: Record<string, string>; text?: string }> {
    const path = url.pathname;
    const other = more?.(method, url);
    if (other) return other;
    if (path === '/api/v1/security/csrf_token/') return { status: 200, body: { result: 'token' } };
    if (path === '/api/v1/dataset/' && method === 'GET') {
      const q = rison.decode(url.searchParams.get('q') ?? '()') as { filters?: { value: string }[] };
      const term = q.filters?.[0]?.value?.toLowerCase() ?? '';
      const items = [carsDataset, flightsDataset].filter((d) => d.table_name.includes(term));
      return { status: 200, body: { result: items, count: items.length } };
    }
    const dataset = /^\/api\/v1\/dataset\/(\d+)$/.exec(path);
    if (dataset) {
      const found = [carsDataset, flightsDataset].find((d) => d.id === Number(dataset[1]));
      return found
        ? { status: 200, body: { id: found.id, result: found } }
        : { status: 404, body: { message: 'Not found' } };
    }
    const job = asyncJobs.handle(method, url);
    if (job) return job;
    if (path === '/api/v1/chart/data' && method === 'POST') {
      chartDataBodies.push(body!);
      if (control.slowChartDataMs) await new Promise((r) => setTimeout(r, control.slowChartDataMs));
      if (asyncJobs.control.on && body!.result_format !== 'csv' && body!.result_format !== 'xlsx') {
        return asyncJobs.submit(() => chartDataAnswer(body!));
      }
      return chartDataAnswer(body!);
    }
    if (path === '/datasource/samples' && method === 'POST') {
      const page = Number(url.searchParams.get('page') ?? 1);
      return {
        status: 200,
        body: {
          result: {
            colnames: ['name', 'origin', 'horsepower', 'year'],
            data: CARS.slice((page - 1) * 100, page * 100),
            total_count: CARS.length,
            page,
            per_page: 100,
          },
        },
      };
    }
    if (path === '/api/v1/chart/' && method === 'POST') {
      const id = charts.length + 1;
      const chart = {
        id,
        ...body,
        owners: [{ id: 1 }],
        dashboards: (body!.dashboards as number[]).map((d) => ({
          id: d,
          dashboard_title: dashboards.find((x) => x.id === d)?.dashboard_title,
        })),
      };
      charts.push(chart);
      return { status: 201, body: { id, result: chart } };
    }
    if (path === '/api/v1/chart/' && method === 'GET') {
      const q = rison.decode(url.searchParams.get('q') ?? '()') as {
        filters?: { col: string; value: unknown }[];
        order_column?: string;
        order_direction?: string;
      };
      let result = [...charts];
      for (const f of q.filters ?? []) {
        if (f.col === 'slice_name')
          result = result.filter((c) => String(c.slice_name).toLowerCase().includes(String(f.value).toLowerCase()));
        if (f.col === 'owners')
          result = result.filter((c) => (c.owners as { id: number }[]).some((o) => o.id === f.value));
      }
      if (q.order_column === 'slice_name')
        result.sort(
          (a, b) => String(a.slice_name).localeCompare(String(b.slice_name)) * (q.order_direction === 'desc' ? -1 : 1),
        );
      return { status: 200, body: { result, count: result.length } };
    }
    const chart = /^\/api\/v1\/chart\/(\d+)$/.exec(path);
    const asOf = url.searchParams.get('as_of');
    if (chart && asOf !== null && method === 'GET') {
      const then = past.get(asOf)?.find((c) => c.id === Number(chart[1]));
      return then
        ? { status: 200, body: { id: then.id, result: then } }
        : { status: 404, body: { message: 'Not found' } };
    }
    if (chart) {
      const found = charts.find((c) => c.id === Number(chart[1]));
      if (!found) return { status: 404, body: { message: 'Not found' } };
      if (method === 'PUT')
        Object.assign(found, body, { dashboards: (body!.dashboards as number[]).map((d) => ({ id: d })) });
      return { status: 200, body: { id: found.id, result: found } };
    }
    if (path === '/api/v1/chart/favorite_status/') {
      const ids = rison.decode(url.searchParams.get('q') ?? '!()') as number[];
      return { status: 200, body: { result: ids.map((id) => ({ id, value: favorites.has(id) })) } };
    }
    const fav = /^\/api\/v1\/chart\/(\d+)\/favorites\/$/.exec(path);
    if (fav) {
      if (method === 'POST') favorites.add(Number(fav[1]));
      else favorites.delete(Number(fav[1]));
      return { status: 200, body: { result: 'OK' } };
    }
    if (path === '/api/v1/dashboard/' && method === 'GET') {
      if (control.failDashboards) return { status: 500, body: { message: 'down' } };
      return { status: 200, body: { result: dashboards, count: dashboards.length } };
    }
    if (path === '/api/v1/dashboard/' && method === 'POST') {
      const created = { id: dashboards.length + 1, dashboard_title: String(body!.dashboard_title) };
      dashboards.push(created);
      return { status: 201, body: { id: created.id, result: created } };
    }
    // Form data keys (REFERENCE §2.4): a key in `othersFormData` is another user's (PUT 403).
    if (path === '/api/v1/explore/form_data' && method === 'POST') {
      const key = `key${formData.size + 1}-0123456789abcdef`;
      formData.set(key, body!);
      return { status: 201, body: { key } };
    }
    const formDataKey = /^\/api\/v1\/explore\/form_data\/([^/]+)$/.exec(path)?.[1];
    if (formDataKey) {
      const stored = formData.get(formDataKey);
      if (!stored) return { status: 404, body: { message: 'The form data does not exist or has expired.' } };
      if (method === 'GET') return { status: 200, body: { form_data: stored.form_data } };
      if (othersFormData.has(formDataKey))
        return { status: 403, body: { message: 'This form data belongs to another user.' } };
      formData.set(formDataKey, { ...stored, ...body });
      return { status: 200, body: { key: formDataKey } };
    }
    if (path === '/api/v1/explore/permalink' && method === 'POST')
      return { status: 201, body: { key: 'abc', url: 'http://localhost/explore/p/abc/' } };
    return {
      status: 404,
      body: {
        message: 'Not found',
        errors: [{ message: 'Not found', error_type: 'GENERIC_BACKEND_ERROR', level: 'error' }],
      },
    };
  }

  let server: Server | null = null;
  const api = {
    charts,
    dashboards,
    favorites,
    chartDataBodies,
    formData,
    othersFormData,
    requests,
    past,
    control,
    asyncJobs,
    baseUrl: '',
    async start() {
      server = createServer((req: IncomingMessage, res: ServerResponse) => {
        void (async () => {
          let text = '';
          for await (const chunk of req) text += String(chunk);
          const url = new URL(req.url ?? '/', 'http://x');
          requests.push({ method: req.method ?? 'GET', path: url.pathname });
          const answer = await handle(req.method ?? 'GET', url, text ? (JSON.parse(text) as Row) : undefined);
          res.writeHead(answer.status, answer.headers ?? { 'Content-Type': 'application/json' });
          res.end(answer.text ?? (answer.body === undefined ? '' : JSON.stringify(answer.body)));
        })();
      });
      // Never close idle connections from this side: see src/testing/test-server.ts (a POST on a closing one fails).
      server!.keepAliveTimeout = 0;
      await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
      api.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      return api;
    },
    async stop() {
      server?.closeAllConnections();
      await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    },
  };
  return api;
}
