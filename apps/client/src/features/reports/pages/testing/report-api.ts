import rison from 'rison';
import type { RecordedRequest } from '../../../../testing/test-server';
import type { LogRowView, Person, ReportRowView } from '../report-api';

export const ALICE: Person = { id: 1, first_name: 'Alice', last_name: 'Admin' };
export const BOB: Person = { id: 2, first_name: 'Bob', last_name: 'Gamma' };

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

type Filter = { col: string; opr: string; value: unknown };

/**
 * `/api/v1/report/` with the server's shapes and rules (apps/server/src/reports: non-admins see what
 * they created or own, another's schedule is 404; the list's filters, order by name and paging; `PUT
 * {active}`; DELETE; the log, newest first, paged) for the user `me`. `POST /{id}/run` answers
 * `{result: {state: 'Working', run_id}}` and starts a Working run (held until `runHold` settles, then a
 * Success), or `runRefusal` when given.
 */
export function reportApi(options: {
  me: Person & { admin: boolean };
  rows?: ReportRowView[];
  logs?: Record<number, LogRowView[]>;
  runRefusal?: { status: number; message: string };
  /** Run now is Working until this settles, then ends as Success (the server answers when the run ended). */
  runHold?: Promise<void>;
}) {
  const rows = options.rows ?? schedules();
  const logs = options.logs ?? {};
  const { me } = options;
  const visible = (r: ReportRowView) => me.admin || r.created_by?.id === me.id || r.owners.some((o) => o.id === me.id);
  const find = (id: number) => rows.find((r) => r.id === id && visible(r));
  let runs = 0;

  return (request: RecordedRequest) => {
    const url = new URL(request.url, 'http://x');
    const q = rison.decode(url.searchParams.get('q') ?? '()') as {
      filters?: Filter[];
      page?: number;
      page_size?: number;
    };
    const page = <T>(items: T[]) => {
      const size = q.page_size ?? 25;
      const from = (q.page ?? 0) * size;
      return json(200, { count: items.length, ids: [], result: items.slice(from, from + size) });
    };
    if (url.pathname === '/api/v1/security/csrf_token/') return json(200, { result: 'csrf-1' });
    if (url.pathname === '/api/v1/report/' && request.method === 'GET') {
      const matches = (r: ReportRowView, f: Filter) => {
        switch (f.col) {
          case 'type':
          case 'last_state':
          case 'active':
            return r[f.col] === f.value;
          case 'owners':
            return r.owners.some((o) => o.id === f.value);
          case 'name':
            return JSON.stringify([r.name, r.description, r.recipients])
              .toLowerCase()
              .includes(String(f.value).toLowerCase());
          default:
            return true;
        }
      };
      const found = rows
        .filter((r) => visible(r) && (q.filters ?? []).every((f) => matches(r, f)))
        .sort((a, b) => a.name.localeCompare(b.name));
      return page(found);
    }
    const one = /^\/api\/v1\/report\/(\d+)(\/log\/|\/run)?$/.exec(url.pathname);
    if (!one) return undefined;
    const row = find(Number(one[1]));
    if (!row) return error(404, 'Not found', 'OBJECT_DOES_NOT_EXIST_ERROR');
    if (one[2] === '/log/') return page(logs[row.id] ?? []);
    if (one[2] === '/run' && request.method === 'POST') {
      if (options.runRefusal) return error(options.runRefusal.status, options.runRefusal.message);
      const run_id = `now-${++runs}`;
      const at = new Date().toISOString();
      const log = (logs[row.id] ??= []);
      log.unshift({
        id: 1000 + runs,
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
          {
            state: 'Success',
            end_dttm: new Date().toISOString(),
          },
        );
        row.last_state = 'Success';
        return json(200, { result: { state: 'Success', run_id } });
      });
    }
    if (one[2]) return undefined;
    if (request.method === 'GET') return json(200, { id: row.id, result: row });
    if (request.method === 'PUT') {
      // `{active}` only, or the full body: its name, schedule and active flag are kept here.
      const body = request.body as { active?: unknown; name?: unknown; crontab?: unknown };
      if (body?.active !== undefined && typeof body.active !== 'boolean')
        return error(400, 'active: expected a boolean');
      if (typeof body.active === 'boolean') row.active = body.active;
      if (typeof body.name === 'string') row.name = body.name;
      if (typeof body.crontab === 'string') row.crontab = body.crontab;
      return json(200, { id: row.id, result: row });
    }
    if (request.method === 'DELETE') {
      rows.splice(rows.indexOf(row), 1);
      return json(200, { message: 'OK' });
    }
    return undefined;
  };
}
