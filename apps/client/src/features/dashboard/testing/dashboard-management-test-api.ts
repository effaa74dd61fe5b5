import rison from 'rison';
import { BUILT_IN_ROLES, normalizeDashboardSave } from '@strata/domain';
import type { RecordedRequest } from '../../../testing/test-server';
import type { TestDashboard } from './dashboard-test-api';

type Row = Record<string, unknown>;
type Answer = { status: number; body?: unknown };

const error = (status: number, message: string, error_type: string): Answer => ({
  status,
  body: { message, errors: [{ message, error_type, level: 'error' }] },
});

export interface ManagementDeps {
  dashboards: TestDashboard[];
  find(idOrSlug: string): TestDashboard | undefined;
  json(d: TestDashboard): Row;
  stale(d: TestDashboard, body: Row): boolean;
  conflict: Answer;
  written(d: TestDashboard): { version: number; last_modified_time: number };
}

/**
 * Managing dashboards as the server does (dashboards CONTEXT): create, the publish and full-save PUT
 * bodies (charts-dashboards-reports §5 rules by the domain, 409 on a stale `version`, 403 when `control.forbidden`), copy,
 * delete, and the owners search (GET /api/v1/dashboard/related/owners: active users by name or username;
 * `control.ownersForbidden` refuses it), and the roles a dashboard may name (GET .../related/roles: the
 * built-in ones and `control.customRoles`). Every write and every owners search text is kept.
 */
export function dashboardManagementTestApi({ dashboards, find, json, stale, conflict, written }: ManagementDeps) {
  const control = {
    forbidden: false,
    ownersForbidden: false,
    roleBasedAccess: false,
    /** The custom roles the server knows (GET .../related/roles lists them after the built-in ones). */
    customRoles: [] as string[],
  };
  const users = [
    { id: 1, username: 'admin', first_name: 'Ada', last_name: 'Admin', email: 'ada@example.com', active: true },
    { id: 2, username: 'bob', first_name: 'Bob', last_name: 'Gamma', email: 'bob@example.com', active: true },
    { id: 3, username: 'cy', first_name: 'Cy', last_name: 'Alpha', email: 'cy@example.com', active: true },
    { id: 4, username: 'dee', first_name: 'Dee', last_name: 'Gone', email: 'dee@example.com', active: false },
  ];
  /** The `filter` of every owners search, in order. */
  const ownerSearches: string[] = [];
  const saves: Row[] = [];
  const copies: { from: number; body: Row }[] = [];
  const deleted: number[] = [];
  const forbidden = () =>
    error(403, 'You do not have permission to edit this dashboard', 'DASHBOARD_SECURITY_ACCESS_ERROR');
  const saved = (d: TestDashboard) => ({ status: 200, body: { id: d.id, result: json(d), ...written(d) } });

  const put = (d: TestDashboard, body: Row): Answer => {
    saves.push(body);
    if (control.forbidden) return forbidden();
    if (stale(d, body)) return conflict;
    const { version: _version, ...input } = body;
    if (Object.keys(input).length === 1 && typeof input.published === 'boolean') {
      d.published = input.published;
      return saved(d);
    }
    const normalized = normalizeDashboardSave(input, {
      roleBasedAccess: control.roleBasedAccess,
      customRoles: control.customRoles,
    });
    if (!normalized.ok)
      return error(400, `Invalid request: ${normalized.problems.join('; ')}`, 'INVALID_PAYLOAD_SCHEMA_ERROR');
    const b = normalized.body;
    if (b.slug && dashboards.some((o) => o.slug === b.slug && o.id !== d.id))
      return error(422, 'Must be unique: slug', 'GENERIC_COMMAND_ERROR');
    Object.assign(d, {
      dashboard_title: b.dashboard_title,
      slug: b.slug,
      css: b.css,
      certified_by: b.certified_by,
      certification_details: b.certification_details,
      json_metadata: b.json_metadata,
      ...(b.owners
        ? { owners: b.owners.map((id) => users.find((u) => u.id === id) ?? { id, first_name: '', last_name: '' }) }
        : {}),
      ...(b.roles ? { roles: b.roles } : {}),
    });
    return saved(d);
  };

  const handle = (request: RecordedRequest, path: string): Answer | undefined => {
    const body = (request.body ?? {}) as Row;
    if (path === '/api/v1/dashboard/related/roles' && request.method === 'GET') {
      const names = [...Object.keys(BUILT_IN_ROLES), ...control.customRoles];
      return { status: 200, body: { count: names.length, result: names.map((n) => ({ value: n, text: n })) } };
    }
    if (path === '/api/v1/dashboard/related/owners' && request.method === 'GET') {
      const raw = new URL(request.url, 'http://x').searchParams.get('q');
      const q = (raw ? rison.decode(raw) : {}) as { filter?: string; page?: number; page_size?: number };
      const text = String(q.filter ?? '').toLowerCase();
      ownerSearches.push(text);
      if (control.ownersForbidden) return error(403, 'Forbidden', 'GENERIC_BACKEND_ERROR');
      const matching = users
        .filter(
          (u) =>
            u.active && (`${u.first_name} ${u.last_name}`.toLowerCase().includes(text) || u.username.includes(text)),
        )
        .sort((a, b) => `${a.first_name} ${a.last_name}`.localeCompare(`${b.first_name} ${b.last_name}`));
      const size = q.page_size ?? 25;
      const page = matching.slice((q.page ?? 0) * size, ((q.page ?? 0) + 1) * size);
      return {
        status: 200,
        body: {
          count: matching.length,
          result: page.map((u) => ({
            value: u.id,
            text: `${u.first_name} ${u.last_name}`,
            extra: { active: u.active, email: u.email },
          })),
        },
      };
    }
    if (path === '/api/v1/dashboard/' && request.method === 'POST') {
      const id = Math.max(0, ...dashboards.map((d) => d.id)) + 1;
      const d: TestDashboard = {
        id,
        dashboard_title: String(body.dashboard_title ?? ''),
        slug: null,
        owners: [users[0]!],
        published: false,
        position_json: null,
        json_metadata: {},
        charts: [],
      };
      dashboards.push(d);
      return { status: 201, body: { id, result: json(d) } };
    }
    const copy = /^\/api\/v1\/dashboard\/(\d+)\/copy\/$/.exec(path);
    if (copy && request.method === 'POST') {
      const source = find(copy[1]!);
      if (!source) return error(404, 'Dashboard not found.', 'OBJECT_DOES_NOT_EXIST_ERROR');
      copies.push({ from: source.id, body });
      const id = Math.max(0, ...dashboards.map((d) => d.id)) + 1;
      const metadata =
        typeof body.json_metadata === 'string'
          ? (JSON.parse(body.json_metadata) as Row)
          : ((body.json_metadata ?? {}) as Row);
      const d: TestDashboard = {
        ...source,
        id,
        slug: null,
        dashboard_title: String(body.dashboard_title ?? ''),
        published: false,
        css: String(body.css ?? ''),
        json_metadata: metadata,
        version: 1,
      };
      dashboards.push(d);
      return { status: 200, body: { result: { id }, id, dashboard: json(d) } };
    }
    const one = /^\/api\/v1\/dashboard\/(\d+)$/.exec(path);
    if (one && request.method === 'DELETE') {
      const d = find(one[1]!);
      if (!d) return error(404, 'Dashboard not found.', 'OBJECT_DOES_NOT_EXIST_ERROR');
      if (control.forbidden) return forbidden();
      dashboards.splice(dashboards.indexOf(d), 1);
      deleted.push(d.id);
      return { status: 200, body: { message: 'OK' } };
    }
    // The metadata-only body (json_metadata alone) is the page's other PUT; these are publish and full saves.
    if (one && request.method === 'PUT' && ('published' in body || 'dashboard_title' in body)) {
      const d = find(one[1]!);
      return d ? put(d, body) : error(404, 'Dashboard not found.', 'OBJECT_DOES_NOT_EXIST_ERROR');
    }
    return undefined;
  };

  return { handle, control, users, saves, copies, deleted, ownerSearches };
}
