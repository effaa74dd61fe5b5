import rison from 'rison';
import {
  checkCrontab,
  checkTimezone,
  CHART_ONLY_FORMATS,
  ReportFieldError,
  type ReportBody,
  type ReportFormat,
  type ReportJson,
} from '@strata/domain';
import type { RecordedRequest } from '../../../../testing/test-server';

const json = (status: number, body: unknown) => ({ status, body });
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

export const DATABASES = [
  { id: 1, database_name: 'examples' },
  { id: 2, database_name: 'warehouse' },
];
export const CHARTS = [{ id: 3, slice_name: 'Flights by month', viz_type: 'line' }];
export const DASHBOARDS = [{ id: 7, dashboard_title: 'Flights' }];

/**
 * The report API of apps/server/src/reports with the server's shapes and refusals, in memory: the cron and
 * time zone judged by the domain's own checks (400 naming the field), a name taken by a schedule of the
 * same type 422 on `name`, CSV/XLSX/TEXT refused for a dashboard, list filters on chart_id, dashboard_id,
 * creation_method and created_by. Signed in as user `userId`.
 */
export function reportApi(userId = 1) {
  const reports = new Map<number, ReportJson>();
  let nextId = 1;

  const judge = (body: Partial<ReportBody>, id: number | null) => {
    if (body.crontab !== undefined) checkCrontab(body.crontab);
    if (body.timezone !== undefined) checkTimezone(body.timezone);
    const format = body.report_format as ReportFormat | undefined;
    const onDashboard = body.dashboard !== undefined || (id !== null && reports.get(id)?.dashboard_id !== null);
    if (format && onDashboard && CHART_ONLY_FORMATS.includes(format))
      throw new ReportFieldError('report_format', `${format} needs a chart.`);
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

  const toJson = (id: number, body: ReportBody, previous?: ReportJson): ReportJson => ({
    ...previous,
    id,
    type: body.type,
    name: body.name,
    description: body.description ?? null,
    active: body.active,
    crontab: body.crontab,
    timezone: body.timezone,
    creation_method: body.creation_method,
    chart_id: body.chart ?? null,
    dashboard_id: body.dashboard ?? null,
    chart: CHARTS.find((c) => c.id === body.chart) ?? null,
    dashboard: DASHBOARDS.find((d) => d.id === body.dashboard) ?? null,
    database: DATABASES.find((d) => d.id === body.database) ?? null,
    report_format: body.report_format,
    recipients: body.recipients,
    sql: body.sql ?? null,
    validator_type: body.validator_type ?? null,
    validator_config_json: body.validator_config_json ?? {},
    last_state: previous?.last_state ?? 'Not triggered',
    created_by: { id: userId, first_name: 'Ada', last_name: 'Admin' },
  });

  const handler = (request: RecordedRequest) => {
    const url = new URL(request.url, 'http://x');
    const path = url.pathname;
    if (path === '/api/v1/security/csrf_token/') return json(200, { result: 'csrf-1' });
    if (path === '/api/v1/database/') return json(200, { count: DATABASES.length, result: DATABASES });
    if (path === '/api/v1/chart/')
      return json(200, { count: CHARTS.length, result: CHARTS.map(({ id, slice_name }) => ({ id, slice_name })) });
    if (path === '/api/v1/dashboard/') return json(200, { count: DASHBOARDS.length, result: DASHBOARDS });
    if (path === '/api/v1/report/' && request.method === 'GET') {
      const query = rison.decode(url.searchParams.get('q') ?? '()') as {
        filters?: { col: string; opr: string; value: unknown }[];
      };
      const rows = [...reports.values()].filter((r) =>
        (query.filters ?? []).every((f) => {
          if (f.col === 'created_by') return r.created_by?.id === f.value;
          return (r as unknown as Record<string, unknown>)[f.col] === f.value;
        }),
      );
      return json(200, { count: rows.length, ids: rows.map((r) => r.id), result: rows });
    }
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
      const one = /^\/api\/v1\/report\/(\d+)(\/run)?$/.exec(path);
      const held = one ? reports.get(Number(one[1])) : undefined;
      if (!one || !held) return undefined;
      if (one[2] && request.method === 'POST') return json(200, { message: 'OK' });
      if (request.method === 'GET') return json(200, { id: held.id, result: held });
      if (request.method === 'DELETE') {
        reports.delete(held.id);
        return json(200, { message: 'OK' });
      }
      if (request.method === 'PUT') {
        const body = request.body as Partial<ReportBody>;
        judge(body, held.id);
        const report =
          Object.keys(body).length === 1 && body.active !== undefined
            ? { ...held, active: body.active }
            : toJson(held.id, body as ReportBody, held);
        reports.set(report.id, report);
        return json(200, { id: report.id, result: report });
      }
    } catch (error) {
      if (error instanceof ReportFieldError)
        return refusal(400, error.field, error.message.slice(error.field.length + 2));
      throw error;
    }
    return undefined;
  };
  return { handler, reports };
}
