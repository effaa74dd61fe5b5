import rison from 'rison';
import { BUILT_IN_ROLES, type DatabaseView, type RelatedObjectsView } from '@strata/domain';
import type { RecordedRequest } from '../../../testing/test-server';

/** A database as apps/server/src/databases/database-json.ts answers it (the password masked). */
export function databaseView(id: number, database_name: string, patch: Partial<DatabaseView> = {}): DatabaseView {
  return {
    id,
    database_name,
    backend: 'postgresql',
    sqlalchemy_uri: `postgresql://reader:XXXXXXXXXX@db.internal:5432/${database_name}`,
    parameters: {
      engine: 'postgresql',
      host: 'db.internal',
      port: 5432,
      database: database_name,
      username: 'reader',
      password: 'XXXXXXXXXX',
      query: {},
    },
    expose_in_sqllab: true,
    allow_run_async: false,
    allow_dml: false,
    allow_ctas: false,
    allow_cvas: false,
    allows_cost_estimate: false,
    allow_file_upload: false,
    force_ctas_schema: null,
    cache_timeout: null,
    extra: '{}',
    roles_with_access: [],
    changed_on: '2026-11-27T10:00:00.000Z',
    ...patch,
  };
}

const json = (status: number, body: unknown) => ({ status, body });
const refusal = (status: number, error_type: string, message: string) =>
  json(status, { message, errors: [{ message, error_type, level: 'warning' }] });

/** The engine's failures test_connection answers, by host (the server's translations, connection-errors.ts). */
const FAILING_HOSTS: Record<string, [string, string]> = {
  'no-such-host.invalid': [
    'CONNECTION_INVALID_HOSTNAME_ERROR',
    'The hostname "no-such-host.invalid" cannot be resolved.',
  ],
  'closed.example': ['CONNECTION_PORT_CLOSED_ERROR', 'Port 5432 on hostname "closed.example" refused the connection.'],
};

/**
 * `/api/v1/database/` with the server's shapes (databases.controller.ts) over `databases`; `related`
 * says what uses each database (a delete is refused while it has datasets, as the server does).
 */
export function databasesApi(
  databases: DatabaseView[],
  related: Record<number, RelatedObjectsView> = {},
  /** The custom roles `GET /api/v1/security/roles/` lists after the built-in ones. */
  customRoles: string[] = [],
) {
  let nextId = 100;
  return (request: RecordedRequest) => {
    const url = new URL(request.url, 'http://x');
    const path = url.pathname;
    if (path === '/api/v1/security/csrf_token/') return json(200, { result: 'csrf-1' });
    if (request.method !== 'GET' && request.headers['x-csrftoken'] !== 'csrf-1')
      return refusal(400, 'FRONTEND_CSRF_ERROR', 'CSRF token missing');
    if (path === '/api/v1/security/roles/' && request.method === 'GET') {
      const roles = [
        ...Object.keys(BUILT_IN_ROLES).map((name) => ({ id: null, name, built_in: true })),
        ...customRoles.map((name, i) => ({ id: i + 1, name, built_in: false })),
      ];
      return json(200, { count: roles.length, result: roles });
    }
    if (path === '/api/v1/database/' && request.method === 'GET') {
      const q = rison.decode(url.searchParams.get('q') ?? '()') as { filters?: { value: string }[] };
      const text = (q.filters?.[0]?.value ?? '').toLowerCase();
      const rows = databases.filter((d) => d.database_name.toLowerCase().includes(text));
      return json(200, { count: rows.length, ids: rows.map((d) => d.id), result: rows });
    }
    if (path === '/api/v1/database/' && request.method === 'POST') {
      const body = request.body as { database_name: string; parameters?: DatabaseView['parameters'] };
      const created = databaseView(nextId++, body.database_name, {
        parameters: body.parameters ? { ...body.parameters, password: 'XXXXXXXXXX' } : null,
      });
      databases.push(created);
      return json(201, { id: created.id, result: created });
    }
    if (path === '/api/v1/database/test_connection/') {
      const host = (request.body as { parameters?: { host: string } }).parameters?.host ?? '';
      const failure = FAILING_HOSTS[host];
      return failure ? refusal(422, failure[0], failure[1]) : json(200, { message: 'OK' });
    }
    const related_ = /^\/api\/v1\/database\/(\d+)\/related_objects\/$/.exec(path);
    if (related_) {
      const id = Number(related_[1]);
      return json(200, related[id] ?? { charts: { count: 0, result: [] }, datasets: { count: 0, result: [] } });
    }
    const access = /^\/api\/v1\/database\/(\d+)\/access$/.exec(path);
    if (access && request.method === 'PUT') {
      const db = databases.find((d) => d.id === Number(access[1]));
      if (!db) return refusal(404, 'DATABASE_NOT_FOUND_ERROR', 'Database not found.');
      db.roles_with_access = (request.body as { roles: string[] }).roles;
      return json(200, { id: db.id, result: { roles: db.roles_with_access } });
    }
    const one = /^\/api\/v1\/database\/(\d+)$/.exec(path);
    const index = one ? databases.findIndex((d) => d.id === Number(one[1])) : -1;
    if (one && index < 0) return refusal(404, 'DATABASE_NOT_FOUND_ERROR', 'Database not found.');
    if (one && request.method === 'PUT') {
      const body = request.body as Partial<DatabaseView>;
      const updated = { ...databases[index], ...body, sqlalchemy_uri: databases[index].sqlalchemy_uri } as DatabaseView;
      databases[index] = updated;
      return json(200, { id: updated.id, result: updated });
    }
    if (one && request.method === 'DELETE') {
      const used = related[databases[index].id]?.datasets.count ?? 0;
      if (used > 0)
        return refusal(
          422,
          'GENERIC_COMMAND_ERROR',
          `Cannot delete a database that has datasets attached (${used}). Delete its datasets first.`,
        );
      databases.splice(index, 1);
      return json(200, { message: 'OK' });
    }
    return undefined;
  };
}
