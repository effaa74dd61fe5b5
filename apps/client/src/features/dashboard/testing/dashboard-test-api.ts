import rison from 'rison';
import { CARS } from '../../explore/testing/explore-test-api';
import { TestServer, type RecordedRequest } from '../../../testing/test-server';
import { applyFilterChanges, validateFilterConfiguration, type FilterChanges } from '@strata/domain';
import { asyncJobsTestApi } from '../../async/testing/async-jobs-test-api';
import { readFilterConfiguration } from '../filters/native-filters';
import { dashboardManagementTestApi } from './dashboard-management-test-api';

/**
 * A small dashboard API with the server's shapes (charts-dashboards-reports §7 Dashboards, REFERENCE §2-§3) over the
 * in-memory `cars` rows, on a real node:http server: dashboards by id or slug, their charts and
 * datasets, chart data (group by, COUNT/AVG/SUM metrics, the filter operators dashboards send), the
 * list with its filters, favourites, permalinks and the native filters endpoint. Every chart data request is kept with the time it
 * arrived, so tests can check what was queried and when.
 */
type Row = Record<string, unknown>;

export const carsDataset = {
  id: 1,
  type: 'table',
  uid: '1__table',
  table_name: 'cars',
  datasource_name: 'cars',
  main_dttm_col: 'year',
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

export interface TestChart {
  id: number;
  slice_name: string;
  viz_type: string;
  form_data: Row;
  description?: string;
}

export const pieChart = (id: number, name: string, extra: Row = {}): TestChart => ({
  id,
  slice_name: name,
  viz_type: 'pie',
  form_data: {
    datasource: '1__table',
    viz_type: 'pie',
    groupby: ['origin'],
    metric: 'count',
    row_limit: 100,
    ...extra,
  },
});

export const tableChart = (id: number, name: string): TestChart => ({
  id,
  slice_name: name,
  viz_type: 'table',
  form_data: {
    datasource: '1__table',
    viz_type: 'table',
    query_mode: 'aggregate',
    groupby: ['origin'],
    metrics: ['count'],
    row_limit: 100,
  },
});

export interface TestDashboard {
  id: number;
  dashboard_title: string;
  slug: string | null;
  owners: { id: number; first_name: string; last_name: string }[];
  published: boolean;
  position_json: Row | null;
  json_metadata: Row;
  charts: TestChart[];
  css?: string;
  /** The stream version the server answers (1 when left out); writes naming an older one get a 409. */
  version?: number;
  certified_by?: string | null;
  certification_details?: string | null;
  /** Role names (DASHBOARD_RBAC). */
  roles?: string[];
}

const regexpText = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** An ILIKE pattern as the database reads it: % any text, _ one character, a backslash escapes the next. */
const ilike = (pattern: string) =>
  new RegExp(
    `^${pattern.replace(/\\(.)|%|_|[^\\%_]+/gs, (m: string, escaped?: string) => (escaped !== undefined ? regexpText(escaped) : m === '%' ? '.*' : m === '_' ? '.' : regexpText(m)))}$`,
    'is',
  );

const matches = (row: Row, f: Row) => {
  const v = row[String(f.col)] as never;
  switch (f.op) {
    case '==':
      return v === f.val;
    case 'IN':
      return (f.val as unknown[]).includes(v);
    case 'NOT IN':
      return !(f.val as unknown[]).includes(v);
    case '>=':
      return v >= (f.val as never);
    case '<=':
      return v <= (f.val as never);
    case 'ILIKE':
      return typeof v === 'string' && ilike(String(f.val)).test(v);
    default:
      return true;
  }
};

const metricLabel = (m: unknown) => (typeof m === 'string' ? m : String((m as { label?: string }).label ?? 'metric'));

function aggregate(rows: Row[], metric: unknown): number | null {
  if (typeof metric === 'string') return rows.length;
  const m = metric as { aggregate?: string; column?: { column_name: string } };
  const values = rows.map((r) => r[m.column?.column_name ?? '']).filter((v): v is number => typeof v === 'number');
  if (m.aggregate === 'SUM') return values.reduce((a, b) => a + b, 0);
  if (m.aggregate === 'AVG') return values.length ? values.reduce((a, b) => a + b, 0) / values.length : null;
  return values.length;
}

/** One query object over the cars rows: every filter, group by the columns, the metrics, the order. */
export function runCarsQuery(query: Row): { colnames: string[]; coltypes: number[]; data: Row[] } {
  // As the server answers: the temporal column (year, a DATE) as epoch ms, UTC.
  const cars: Row[] = (CARS as Row[]).map((r) => ({ ...r, year: Date.parse(`${String(r.year)}T00:00:00Z`) }));
  const rows = cars.filter((r) => ((query.filters as Row[]) ?? []).every((f) => matches(r, f)));
  const columns = ((query.columns as unknown[]) ?? []).map((c) =>
    typeof c === 'string' ? c : String((c as Row).label),
  );
  const metrics = (query.metrics as unknown[]) ?? [];
  const groups = new Map<string, Row[]>();
  for (const r of rows) {
    const key = JSON.stringify(columns.map((c) => r[c]));
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  const data = [...groups.entries()].map(([key, members]) => {
    const values = JSON.parse(key) as unknown[];
    return {
      ...Object.fromEntries(columns.map((c, i) => [c, values[i]])),
      ...Object.fromEntries(metrics.map((m) => [metricLabel(m), aggregate(members, m)])),
    };
  });
  const order = (query.orderby as [unknown, boolean][] | undefined)?.[0];
  if (order && typeof order[0] === 'string' && columns.includes(order[0])) {
    const col = order[0];
    data.sort((a, b) => String(a[col]).localeCompare(String(b[col])) * (order[1] ? 1 : -1));
  }
  const coltypes = [...columns.map((c) => (c === 'year' ? 2 : c === 'horsepower' ? 0 : 1)), ...metrics.map(() => 0)];
  return { colnames: [...columns, ...metrics.map(metricLabel)], coltypes, data };
}

export interface ChartDataCall {
  at: number;
  sliceId: number | null;
  dashboardId: string | null;
  force: string | null;
  body: Row;
}

export function dashboardTestApi() {
  const dashboards: TestDashboard[] = [];
  const favorites = new Set<number>();
  const chartData: ChartDataCall[] = [];
  const permalinks = new Map<string, Row>();
  // Issue 16: filter states by native_filters_key, and every POST/PUT to them in order.
  const filterStates = new Map<string, { dashboardId: number; value: string }>();
  const filterStateWrites: { method: string; key: string; value: string }[] = [];
  // ?as_of=<point> -> the dashboards as they were then (object-history: `GET .../{id}?as_of=`, charts too).
  const past = new Map<string, TestDashboard[]>();
  // withoutSubresources: a server without /charts and /datasets (404), as Strata's was at first.
  // rowCap: a table larger than any row limit, as far as answers go: each keeps only its first rows.
  const control = {
    failChart: null as number | null,
    failDatasets: false,
    withoutSubresources: false,
    failFilters: false,
    rowCap: null as number | null,
  };
  // PUT /filters bodies, in order (the filter configuration modal's saves).
  const filterSaves: Row[] = [];
  // Metadata-only PUT bodies (chart_configuration and friends), in order.
  const metadataSaves: Row[] = [];
  // PUT /colors calls (the label colour sync), in order, with their query string.
  const colorSaves: { markUpdated: string | null; body: Row }[] = [];
  // GLOBAL_ASYNC_QUERIES: `asyncJobs.control.on` turns chart data into 202 jobs.
  const asyncJobs = asyncJobsTestApi();

  const find = (idOrSlug: string) => dashboards.find((d) => String(d.id) === idOrSlug || d.slug === idOrSlug);
  const json = (d: TestDashboard) => ({
    id: d.id,
    dashboard_title: d.dashboard_title,
    slug: d.slug,
    owners: d.owners,
    published: d.published,
    css: d.css ?? '',
    position_json: d.position_json ? JSON.stringify(d.position_json) : null,
    json_metadata: JSON.stringify(d.json_metadata),
    changed_on: '2026-01-01T00:00:00.000Z',
    changed_on_delta_humanized: 'a day ago',
    chart_ids: d.charts.map((c) => c.id),
    version: d.version ?? 1,
    last_modified_time: 1767225600 + (d.version ?? 1),
    certified_by: d.certified_by ?? null,
    certification_details: d.certification_details ?? null,
    roles: (d.roles ?? []).map((name) => ({ name })),
  });

  /**
   * The server's optimistic concurrency (dashboards CONTEXT): a body naming a version older than the
   * dashboard's is refused with 409 and changes nothing; a write moves the version on and answers it.
   */
  const stale = (d: TestDashboard, body: Row) => body.version !== undefined && body.version !== (d.version ?? 1);
  const conflict = {
    status: 409,
    body: {
      message: 'The dashboard was changed since you read it.',
      errors: [
        {
          message: 'The dashboard was changed since you read it.',
          error_type: 'GENERIC_COMMAND_ERROR',
          level: 'error',
        },
      ],
    },
  };
  const written = (d: TestDashboard) => {
    d.version = (d.version ?? 1) + 1;
    return { version: d.version, last_modified_time: 1767225600 + d.version };
  };
  // Create, publish, full saves, copy, delete and the users list.
  const management = dashboardManagementTestApi({ dashboards, find, json, stale, conflict, written });

  /** The synchronous answer of POST /api/v1/chart/data (a job's answer too, once it has run). */
  const chartDataAnswer = (formData: { slice_id?: number }, body: Row): { status: number; body?: unknown } => {
    if (control.failChart !== null && formData.slice_id === control.failChart) {
      const message = 'column "nope" does not exist';
      return {
        status: 400,
        body: { message, errors: [{ message, error_type: 'GENERIC_DB_ENGINE_ERROR', level: 'error' }] },
      };
    }
    const queries = body.queries as Row[];
    if (body.result_type === 'query')
      return {
        status: 200,
        body: {
          result: queries.map(() => ({ query: 'SELECT origin, COUNT(*) FROM cars GROUP BY origin', language: 'sql' })),
        },
      };
    const run = (q: Row) => {
      const answer = runCarsQuery(q);
      return control.rowCap === null ? answer : { ...answer, data: answer.data.slice(0, control.rowCap) };
    };
    return {
      status: 200,
      body: {
        result: queries.map((q) => ({
          ...run(q),
          rowcount: run(q).data.length,
          status: 'success',
          is_cached: false,
        })),
      },
    };
  };

  const handle = (request: RecordedRequest): { status: number; body?: unknown } | undefined => {
    const url = new URL(request.url, 'http://x');
    const path = url.pathname;
    if (path === '/api/v1/security/csrf_token/') return { status: 200, body: { result: 'token' } };
    const job = asyncJobs.handle(request.method, url);
    if (job) return job;
    if (path === '/api/v1/chart/data' && request.method === 'POST') {
      const formData = JSON.parse(url.searchParams.get('form_data') ?? '{}') as { slice_id?: number };
      const body = request.body as Row;
      chartData.push({
        at: Date.now(),
        sliceId: formData.slice_id ?? null,
        dashboardId: url.searchParams.get('dashboard_id'),
        force: url.searchParams.get('force'),
        body,
      });
      if (asyncJobs.control.on) return asyncJobs.submit(() => chartDataAnswer(formData, body));
      return chartDataAnswer(formData, body);
    }
    if (path === '/api/v1/dashboard/' && request.method === 'GET') {
      const q = rison.decode(url.searchParams.get('q') ?? '()') as {
        filters?: { col: string; opr: string; value: unknown }[];
        order_column?: string;
        order_direction?: string;
        page?: number;
        page_size?: number;
      };
      let result = [...dashboards];
      for (const f of q.filters ?? []) {
        if (f.opr === 'title_or_slug')
          result = result.filter((d) =>
            `${d.dashboard_title} ${d.slug ?? ''}`.toLowerCase().includes(String(f.value).toLowerCase()),
          );
        if (f.col === 'owners') result = result.filter((d) => d.owners.some((o) => o.id === f.value));
        if (f.opr === 'dashboard_is_favorite') result = result.filter((d) => favorites.has(d.id));
      }
      if (q.order_column === 'dashboard_title')
        result.sort(
          (a, b) => a.dashboard_title.localeCompare(b.dashboard_title) * (q.order_direction === 'desc' ? -1 : 1),
        );
      const [page, size] = [q.page ?? 0, q.page_size ?? 25];
      return {
        status: 200,
        body: { count: result.length, result: result.slice(page * size, (page + 1) * size).map(json) },
      };
    }
    if (path === '/api/v1/dashboard/favorite_status/') {
      const ids = rison.decode(url.searchParams.get('q') ?? '!()') as number[];
      return { status: 200, body: { result: ids.map((id) => ({ id, value: favorites.has(id) })) } };
    }
    const fav = /^\/api\/v1\/dashboard\/(\d+)\/favorites\/$/.exec(path);
    if (fav) {
      if (request.method === 'POST') favorites.add(Number(fav[1]));
      else favorites.delete(Number(fav[1]));
      return { status: 200, body: { result: 'OK' } };
    }
    const link = /^\/api\/v1\/dashboard\/(\d+)\/permalink$/.exec(path);
    if (link && request.method === 'POST') {
      const key = `key${permalinks.size + 1}`;
      permalinks.set(key, { dashboardId: link[1], state: request.body });
      return { status: 201, body: { key, url: `http://localhost/dashboard/p/${key}/` } };
    }
    const filterState = /^\/api\/v1\/dashboard\/(\d+)\/filter_state(?:\/([\w-]+))?$/.exec(path);
    if (filterState) {
      const dashboardId = Number(filterState[1]);
      const value = (request.body as { value?: unknown } | null)?.value;
      if (request.method === 'POST') {
        if (typeof value !== 'string') return { status: 400, body: { message: 'value is required' } };
        const key = `filterKey${filterStates.size + 1}xxxxxxxxxxx`;
        filterStates.set(key, { dashboardId, value });
        filterStateWrites.push({ method: 'POST', key, value });
        return { status: 201, body: { key } };
      }
      const key = filterState[2] ?? '';
      const kept = filterStates.get(key);
      if (!kept || kept.dashboardId !== dashboardId)
        return { status: 404, body: { message: 'The filter state does not exist or has expired.' } };
      if (request.method === 'GET') return { status: 200, body: { value: kept.value } };
      if (typeof value !== 'string') return { status: 400, body: { message: 'value is required' } };
      filterStates.set(key, { dashboardId, value });
      filterStateWrites.push({ method: 'PUT', key, value });
      return { status: 200, body: { message: key } };
    }
    const readLink = /^\/api\/v1\/dashboard\/permalink\/([\w-]+)$/.exec(path);
    if (readLink)
      return permalinks.has(readLink[1]!)
        ? { status: 200, body: permalinks.get(readLink[1]!) }
        : { status: 404, body: { message: 'Not found' } };
    const chart = /^\/api\/v1\/chart\/(\d+)$/.exec(path);
    if (chart) {
      const asOf = url.searchParams.get('as_of');
      const then = asOf === null ? dashboards : (past.get(asOf) ?? []);
      const found = then.flatMap((d) => d.charts).find((c) => c.id === Number(chart[1]));
      if (!found) return { status: 404, body: { message: 'Not found' } };
      return {
        status: 200,
        body: {
          id: found.id,
          result: {
            id: found.id,
            slice_name: found.slice_name,
            viz_type: found.viz_type,
            params: JSON.stringify(found.form_data),
            datasource_id: 1,
            datasource_type: 'table',
          },
        },
      };
    }
    if (path === '/api/v1/dataset/1') return { status: 200, body: { id: 1, result: carsDataset } };
    if (path === '/api/v1/dataset/' && request.method === 'GET')
      return { status: 200, body: { count: 1, result: [{ id: 1, table_name: 'cars', schema: 'public' }] } };
    const filters = /^\/api\/v1\/dashboard\/(\d+)\/filters$/.exec(path);
    if (filters && request.method === 'PUT') {
      const d = find(filters[1]!);
      if (!d) return { status: 404, body: { message: 'Dashboard not found.' } };
      filterSaves.push(request.body as Row);
      if (control.failFilters) return { status: 500, body: { message: 'The filters could not be stored' } };
      if (stale(d, request.body as Row)) return conflict;
      // As the server does: the domain applies the changes and checks the result.
      const stored = readFilterConfiguration(d.json_metadata.native_filter_configuration);
      const next = applyFilterChanges(stored, request.body as FilterChanges);
      const problems = validateFilterConfiguration(next);
      if (problems.length) return { status: 422, body: { message: problems.map((e) => e.message).join('; ') } };
      d.json_metadata = { ...d.json_metadata, native_filter_configuration: next };
      return { status: 200, body: { id: d.id, result: next, ...written(d) } };
    }
    const colors = /^\/api\/v1\/dashboard\/(\d+)\/colors$/.exec(path);
    if (colors && request.method === 'PUT') {
      const d = find(colors[1]!);
      if (!d) return { status: 404, body: { message: 'Dashboard not found.' } };
      colorSaves.push({ markUpdated: url.searchParams.get('mark_updated'), body: request.body as Row });
      d.json_metadata = { ...d.json_metadata, ...(request.body as Row) };
      return { status: 200, body: { id: d.id, result: { json_metadata: JSON.stringify(d.json_metadata) } } };
    }
    const sub = /^\/api\/v1\/dashboard\/([\w-]+)\/(charts|datasets)$/.exec(path);
    if (sub && control.withoutSubresources) return undefined;
    if (sub) {
      const d = find(sub[1]!);
      if (!d) return { status: 404, body: { message: 'Dashboard not found.' } };
      if (sub[2] === 'datasets')
        return control.failDatasets
          ? { status: 500, body: { message: 'down' } }
          : { status: 200, body: { result: [carsDataset] } };
      return { status: 200, body: { result: d.charts } };
    }
    const managed = management.handle(request, path);
    if (managed) return managed;
    const one = /^\/api\/v1\/dashboard\/([\w-]+)$/.exec(path);
    if (one && request.method === 'PUT') {
      // The metadata-only body (charts-dashboards-reports §7): its keys replace those of the stored json_metadata.
      const d = find(one[1]!);
      if (!d) return { status: 404, body: { message: 'Dashboard not found.' } };
      const body = request.body as { json_metadata?: Row };
      metadataSaves.push(body);
      if (stale(d, body)) return conflict;
      d.json_metadata = { ...d.json_metadata, ...(body.json_metadata ?? {}) };
      return {
        status: 200,
        body: { id: d.id, result: { json_metadata: JSON.stringify(d.json_metadata) }, ...written(d) },
      };
    }
    if (one) {
      const asOf = url.searchParams.get('as_of');
      const d =
        asOf === null ? find(one[1]!) : past.get(asOf)?.find((p) => String(p.id) === one[1] || p.slug === one[1]);
      return d
        ? { status: 200, body: { id: d.id, result: json(d) } }
        : {
            status: 404,
            body: {
              message: 'Dashboard not found.',
              errors: [{ message: 'Dashboard not found.', error_type: 'OBJECT_DOES_NOT_EXIST_ERROR', level: 'error' }],
            },
          };
    }
    return undefined;
  };

  const server = new TestServer((request) => handle(request));
  return {
    server,
    handle,
    dashboards,
    past,
    favorites,
    chartData,
    permalinks,
    filterStates,
    filterStateWrites,
    control,
    asyncJobs,
    filterSaves,
    metadataSaves,
    colorSaves,
    management,
  };
}
