import rison from 'rison';
import {
  checkCrontab,
  checkTimezone,
  CHART_ONLY_FORMATS,
  ReportFieldError,
  SCREENSHOT_SIZE,
  type ReportBody,
  type ReportFormat,
} from '@strata/domain';
import type { RecordedRequest } from '../../../../testing/test-server';
import type { LogRowView, ReportPerson, ReportRowView } from '../reports-api';

export const ALICE: ReportPerson = { id: 1, first_name: 'Alice', last_name: 'Admin' };
export const BOB: ReportPerson = { id: 2, first_name: 'Bob', last_name: 'Gamma' };
export const CAROL: ReportPerson = { id: 5, first_name: 'Carol', last_name: 'Alpha' };
/** The active users the owners search finds (GET /api/v1/report/related/owners). */
export const USERS = [ALICE, BOB, CAROL];

export const DATABASES = [
  { id: 1, database_name: 'examples' },
  { id: 2, database_name: 'warehouse' },
];
export const CHARTS = [{ id: 3, slice_name: 'Flights by month', viz_type: 'line' }];
export const DASHBOARDS = [{ id: 7, dashboard_title: 'Flights' }];

/** Dashboard 7's layout: tabs Overview (with a nested Delays tab) and Airports, and two native filters. */
export const DASHBOARD_7 = {
  id: 7,
  dashboard_title: 'Flights',
  position_json: JSON.stringify({
    ROOT_ID: { type: 'ROOT', id: 'ROOT_ID', children: ['TABS-top'] },
    'TABS-top': { type: 'TABS', id: 'TABS-top', children: ['TAB-overview', 'TAB-airports'] },
    'TAB-overview': { type: 'TAB', id: 'TAB-overview', children: ['TABS-inner'], meta: { text: 'Overview' } },
    'TABS-inner': { type: 'TABS', id: 'TABS-inner', children: ['TAB-delays'] },
    'TAB-delays': { type: 'TAB', id: 'TAB-delays', children: [], meta: { text: 'Delays' } },
    'TAB-airports': { type: 'TAB', id: 'TAB-airports', children: [], meta: { text: 'Airports' } },
  }),
  json_metadata: JSON.stringify({
    native_filter_configuration: [
      {
        id: 'NATIVE_FILTER-airline',
        type: 'NATIVE_FILTER',
        name: 'Airline',
        filterType: 'filter_select',
        targets: [{ datasetId: 1, column: { name: 'airline' } }],
      },
      { id: 'NATIVE_FILTER_DIVIDER-1', type: 'DIVIDER', title: 'More' },
      {
        id: 'NATIVE_FILTER-origin',
        type: 'NATIVE_FILTER',
        name: 'Origin',
        filterType: 'filter_select',
        targets: [{ datasetId: 1, column: { name: 'origin' } }],
      },
    ],
  }),
};

const base = {
  description: null,
  active: true,
  timezone: 'Europe/Paris',
  creation_method: 'dashboards',
  chart_id: null,
  chart: null,
  report_format: 'PNG',
  last_value: null,
  last_eval_dttm: null,
  last_state: 'Not triggered',
} as const;

/** Alice's weekly dashboard report, Bob's daily chart report (Bob owns it), and Alice's alert. */
export function schedules(): ReportRowView[] {
  return [
    {
      ...base,
      id: 1,
      type: 'Report',
      name: 'Weekly flights',
      crontab: '0 9 * * 1',
      dashboard_id: 4,
      dashboard: { id: 4, dashboard_title: 'Flights' },
      recipients: [
        {
          type: 'Email',
          recipient_config_json: { target: 'ops@example.com', ccTarget: 'boss@example.com', bccTarget: '' },
        },
      ],
      owners: [ALICE],
      created_by: ALICE,
      last_state: 'Success',
      last_eval_dttm: '2026-11-23T08:00:04.000Z',
    },
    {
      ...base,
      id: 2,
      type: 'Report',
      name: 'Daily delays',
      crontab: '30 7 * * *',
      creation_method: 'charts',
      chart_id: 9,
      chart: { id: 9, slice_name: 'Delays', viz_type: 'echarts_timeseries_bar' },
      dashboard_id: null,
      dashboard: null,
      recipients: [{ type: 'Email', recipient_config_json: { target: 'bob@example.com' } }],
      owners: [BOB],
      created_by: BOB,
      last_state: 'Error',
      last_eval_dttm: '2026-11-27T06:30:02.000Z',
    },
    {
      ...base,
      id: 3,
      type: 'Alert',
      name: 'Too many delays',
      crontab: '*/15 * * * *',
      dashboard_id: 4,
      dashboard: { id: 4, dashboard_title: 'Flights' },
      recipients: [{ type: 'Webhook', recipient_config_json: { target: 'https://hooks.example.com/x' } }],
      owners: [ALICE],
      created_by: ALICE,
    },
  ];
}

/** `n` finished runs of a schedule, newest first, the newest an Error. */
export function runs(n: number): LogRowView[] {
  return Array.from({ length: n }, (_, i) => {
    const start = Date.parse('2026-11-27T06:30:00.000Z') - i * 86_400_000;
    return {
      id: 100 - i,
      uuid: `run-${i}`,
      scheduled_dttm: new Date(start).toISOString(),
      start_dttm: new Date(start + 1000).toISOString(),
      end_dttm: new Date(start + 3500).toISOString(),
      value: null,
      state: i === 0 ? 'Error' : 'Success',
      error_message: i === 0 ? 'No chart appeared within 60 s' : null,
    };
  });
}

const json = (status: number, body: unknown) => ({ status, body });
const error = (status: number, message: string, error_type = 'GENERIC_BACKEND_ERROR') =>
  json(status, { message, errors: [{ message, error_type, level: 'error' }] });
const refusal = (status: number, field: string, message: string) =>
  json(status, {
    message: `${field}: ${message}`,
    errors: [
      {
        message: `${field}: ${message}`,
        error_type: status === 400 ? 'INVALID_PAYLOAD_SCHEMA_ERROR' : 'GENERIC_COMMAND_ERROR',
        level: 'error',
        extra: { field, code: 'invalid_report_field' },
      },
    ],
  });

/** A body zod refuses (apps/server/src/common/zod-validation.pipe.ts): `extra.issues`, no `extra.field`. */
const shapeRefusal = (key: string) => {
  const message = `Invalid request: body.${key}: Invalid input: expected number, received null`;
  return json(400, {
    message,
    errors: [
      {
        message,
        error_type: 'INVALID_PAYLOAD_SCHEMA_ERROR',
        level: 'error',
        extra: {
          issues: [{ path: [key], message: 'Invalid input: expected number, received null', code: 'invalid_type' }],
        },
      },
    ],
  });
};
const NUMBERS = ['working_timeout', 'grace_period', 'log_retention'] as const;

type Filter = { col: string; opr: string; value: unknown };

/**
 * The report API of apps/server/src/reports with the server's shapes and rules, in memory, for the user
 * `me` (default: Alice, an admin; no schedules unless `rows` are given):
 * - non-admins see what they created or own, another's schedule is 404;
 * - the list's filters (type, last_state, active, owners, name over name/description/recipients,
 *   chart_id, dashboard_id, creation_method, created_by), its order and paging; the log, newest first, paged;
 * - POST and a full PUT judge the cron and time zone by the domain's own checks (400 naming the field),
 *   refuse CSV/XLSX/TEXT for a dashboard and a name taken by a schedule of the same type (422 on `name`);
 *   `PUT {active}` only toggles it; DELETE;
 * - `POST /{id}/run` answers `{result: {state: 'Working', run_id}}` and starts a Working run (held until
 *   `runHold` settles, then a Success, as the server answers when the run ended), or `runRefusal` when given;
 * - the advanced fields: working timeout, grace period, log retention (whole, at least 1), the screenshot
 *   width (600-2400) and a dashboard view on a dashboard only, each refused naming its field (a blank
 *   number, null, as zod's shape error: `extra.issues`); owners (the
 *   creator added to a new schedule's);
 * - the pickers: databases, charts, dashboards, dashboard 7's layout (DASHBOARD_7), the owners search (USERS).
 */
export function reportApi(
  options: {
    me?: ReportPerson & { admin: boolean };
    rows?: ReportRowView[];
    logs?: Record<number, LogRowView[]>;
    runRefusal?: { status: number; message: string };
    /** Run now is Working until this settles, then ends as Success (the server answers when the run ended). */
    runHold?: Promise<void>;
  } = {},
) {
  const me = options.me ?? { ...ALICE, admin: true };
  const person: ReportPerson = { id: me.id, first_name: me.first_name, last_name: me.last_name };
  const reports = new Map<number, ReportRowView>((options.rows ?? []).map((r) => [r.id, r]));
  const logs = options.logs ?? {};
  let nextId = Math.max(0, ...reports.keys()) + 1;
  let runCount = 0;
  const visible = (r: ReportRowView) => me.admin || r.created_by?.id === me.id || r.owners.some((o) => o.id === me.id);

  const judge = (body: Partial<ReportBody>, id: number | null) => {
    if (body.crontab !== undefined) checkCrontab(body.crontab);
    if (body.timezone !== undefined) checkTimezone(body.timezone);
    const format = body.report_format as ReportFormat | undefined;
    const onDashboard = body.dashboard !== undefined || (id !== null && reports.get(id)?.dashboard_id !== null);
    if (format && onDashboard && CHART_ONLY_FORMATS.includes(format))
      throw new ReportFieldError('report_format', `${format} needs a chart.`);
    // The API's shape (zod: a number) and the domain's rules, each naming its field.
    for (const key of NUMBERS)
      if (key in body && !(Number.isInteger(body[key]) && body[key]! >= 1))
        throw new ReportFieldError(
          key,
          key === 'log_retention' ? 'Whole days, at least 1.' : 'Whole seconds, at least 1.',
        );
    const width = body.custom_width;
    if (width !== undefined && width !== null && !(width >= SCREENSHOT_SIZE.min && width <= SCREENSHOT_SIZE.max))
      throw new ReportFieldError(
        'custom_width',
        `The screenshot size must be from ${SCREENSHOT_SIZE.min} to ${SCREENSHOT_SIZE.max} px.`,
      );
    if (body.extra?.dashboard && !onDashboard)
      throw new ReportFieldError('extra', 'Tabs, anchor and filter values only apply to a dashboard.');
    for (const r of body.recipients ?? [])
      for (const address of (r.type === 'Email'
        ? [r.recipient_config_json.target, r.recipient_config_json.ccTarget]
        : []
      )
        .join(',')
        .split(/[,;]/)
        .map((a) => a?.trim())
        .filter(Boolean))
        if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(address))
          throw new ReportFieldError('recipients', `'${address}' is not an e-mail address.`);
  };

  const toJson = (id: number, body: ReportBody, previous?: ReportRowView): ReportRowView => {
    const chart_id = body.chart ?? null;
    const dashboard_id = body.dashboard ?? null;
    return {
      ...previous,
      id,
      type: body.type,
      name: body.name,
      description: body.description ?? null,
      active: body.active,
      crontab: body.crontab,
      timezone: body.timezone,
      creation_method: body.creation_method,
      chart_id,
      dashboard_id,
      chart: CHARTS.find((c) => c.id === chart_id) ?? (previous?.chart_id === chart_id ? previous.chart : null) ?? null,
      dashboard:
        DASHBOARDS.find((d) => d.id === dashboard_id) ??
        (previous?.dashboard_id === dashboard_id ? previous.dashboard : null) ??
        null,
      database: DATABASES.find((d) => d.id === body.database) ?? null,
      report_format: body.report_format,
      recipients: body.recipients,
      sql: body.sql ?? null,
      validator_type: body.validator_type ?? null,
      validator_config_json: body.validator_config_json ?? {},
      working_timeout: body.working_timeout ?? previous?.working_timeout ?? 3600,
      grace_period: body.grace_period ?? previous?.grace_period ?? 14_400,
      log_retention: body.log_retention ?? previous?.log_retention ?? 90,
      custom_width: body.custom_width === undefined ? (previous?.custom_width ?? null) : body.custom_width,
      force_screenshot: body.force_screenshot ?? previous?.force_screenshot ?? false,
      extra: body.extra ?? previous?.extra ?? {},
      // The creator is always an owner of a new schedule (the domain's CreateReport).
      owners: body.owners
        ? USERS.filter((u) => body.owners!.includes(u.id) || (!previous && u.id === person.id))
        : (previous?.owners ?? [person]),
      created_by: previous?.created_by ?? person,
      last_state: previous?.last_state ?? 'Not triggered',
      last_eval_dttm: previous?.last_eval_dttm ?? null,
    };
  };

  const matches = (r: ReportRowView, f: Filter) => {
    switch (f.col) {
      case 'owners':
        return r.owners.some((o) => o.id === f.value);
      case 'created_by':
        return r.created_by?.id === f.value;
      case 'name':
        return JSON.stringify([r.name, r.description, r.recipients])
          .toLowerCase()
          .includes(String(f.value).toLowerCase());
      default:
        return (r as unknown as Record<string, unknown>)[f.col] === f.value;
    }
  };

  const runNow = (row: ReportRowView) => {
    if (options.runRefusal) return error(options.runRefusal.status, options.runRefusal.message);
    const run_id = `now-${++runCount}`;
    const at = new Date().toISOString();
    const log = (logs[row.id] ??= []);
    log.unshift({
      id: 1000 + runCount,
      uuid: run_id,
      scheduled_dttm: at,
      start_dttm: at,
      end_dttm: null,
      value: null,
      state: 'Working',
      error_message: null,
    });
    Object.assign(row, { last_state: 'Working', last_eval_dttm: at });
    if (!options.runHold) return json(200, { result: { state: 'Working', run_id } });
    return options.runHold.then(() => {
      Object.assign(
        log.find((r) => r.uuid === run_id)!,
        { state: 'Success', end_dttm: new Date().toISOString() },
      );
      row.last_state = 'Success';
      return json(200, { result: { state: 'Success', run_id } });
    });
  };

  const handler = (request: RecordedRequest) => {
    const url = new URL(request.url, 'http://x');
    const path = url.pathname;
    const q = rison.decode(url.searchParams.get('q') ?? '()') as {
      filters?: Filter[];
      order_column?: string;
      order_direction?: 'asc' | 'desc';
      page?: number;
      page_size?: number;
    };
    const page = <T>(items: T[], ids: number[] = []) => {
      const size = q.page_size ?? 25;
      const from = (q.page ?? 0) * size;
      return json(200, {
        count: items.length,
        ids: ids.slice(from, from + size),
        result: items.slice(from, from + size),
      });
    };
    if (path === '/api/v1/security/csrf_token/') return json(200, { result: 'csrf-1' });
    if (path === '/api/v1/database/') return json(200, { count: DATABASES.length, result: DATABASES });
    if (path === '/api/v1/chart/')
      return json(200, { count: CHARTS.length, result: CHARTS.map(({ id, slice_name }) => ({ id, slice_name })) });
    if (path === '/api/v1/dashboard/') return json(200, { count: DASHBOARDS.length, result: DASHBOARDS });
    if (path === '/api/v1/dashboard/7') return json(200, { id: 7, result: DASHBOARD_7 });
    if (path === '/api/v1/report/related/owners') {
      const filter = String((q as { filter?: unknown }).filter ?? '').toLowerCase();
      const found = USERS.filter((u) => `${u.first_name} ${u.last_name}`.toLowerCase().includes(filter));
      return json(200, {
        count: found.length,
        result: found.map((u) => ({ value: u.id, text: `${u.first_name} ${u.last_name}`, extra: { active: true } })),
      });
    }
    if (path === '/api/v1/report/' && request.method === 'GET') {
      const column = (q.order_column ?? 'name') as 'name' | 'id';
      const sign = q.order_direction === 'desc' ? -1 : 1;
      const found = [...reports.values()]
        .filter((r) => visible(r) && (q.filters ?? []).every((f) => matches(r, f)))
        .sort((a, b) => sign * (column === 'id' ? a.id - b.id : String(a[column]).localeCompare(String(b[column]))));
      return page(
        found,
        found.map((r) => r.id),
      );
    }
    const sent = (request.body ?? {}) as Record<string, unknown>;
    const notNumber = NUMBERS.find((key) => key in sent && typeof sent[key] !== 'number');
    if (path.startsWith('/api/v1/report/') && notNumber) return shapeRefusal(notNumber);
    try {
      if (path === '/api/v1/report/' && request.method === 'POST') {
        const body = request.body as ReportBody;
        judge(body, null);
        const name = body.name.trim().toLowerCase();
        if (!name) throw new ReportFieldError('name', 'A name is needed.');
        if ([...reports.values()].some((r) => r.type === body.type && r.name.trim().toLowerCase() === name))
          return refusal(422, 'name', `'${body.name}' is taken by another ${body.type.toLowerCase()}.`);
        const report = toJson(nextId++, body);
        reports.set(report.id, report);
        return json(201, { id: report.id, result: report });
      }
      const one = /^\/api\/v1\/report\/(\d+)(\/log\/|\/run)?$/.exec(path);
      if (!one) return undefined;
      const row = reports.get(Number(one[1]));
      if (!row || !visible(row)) return error(404, 'Not found', 'OBJECT_DOES_NOT_EXIST_ERROR');
      if (one[2] === '/log/') return page(logs[row.id] ?? []);
      if (one[2] === '/run') return request.method === 'POST' ? runNow(row) : undefined;
      if (request.method === 'GET') return json(200, { id: row.id, result: row });
      if (request.method === 'DELETE') {
        reports.delete(row.id);
        return json(200, { message: 'OK' });
      }
      if (request.method === 'PUT') {
        const body = request.body as Partial<ReportBody>;
        if (body?.active !== undefined && typeof body.active !== 'boolean')
          return error(400, 'active: expected a boolean');
        judge(body, row.id);
        const report =
          Object.keys(body).length === 1 && body.active !== undefined
            ? Object.assign(row, { active: body.active })
            : toJson(row.id, body as ReportBody, row);
        reports.set(report.id, report);
        return json(200, { id: report.id, result: report });
      }
    } catch (thrown) {
      if (thrown instanceof ReportFieldError)
        return refusal(400, thrown.field, thrown.message.slice(thrown.field.length + 2));
      throw thrown;
    }
    return undefined;
  };
  return { handler, reports };
}
