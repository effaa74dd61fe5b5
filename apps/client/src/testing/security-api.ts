import type { UserRow } from '@strata/domain';
import type { RecordedRequest } from './test-server';

const bookkeeping = {
  created_on: '2026-01-01T00:00:00.000Z',
  changed_on: '2026-01-01T00:00:00.000Z',
  last_login: null,
  login_count: 0,
};

const refused = (message: string) => ({
  status: 422,
  body: { message, errors: [{ message, error_type: 'GENERIC_COMMAND_ERROR', level: 'error' }] },
});

// A small security API with the server's shapes: list, roles, create (422 on a taken username), update;
// custom roles (create, replace permissions, delete: 422 while a user holds it).
export function securityApi() {
  const users: UserRow[] = [
    {
      id: 1,
      username: 'admin',
      first_name: 'Ada',
      last_name: 'Admin',
      email: 'admin@example.com',
      active: true,
      roles: ['Admin'],
      ...bookkeeping,
    },
  ];
  const custom: { id: number; name: string; permissions: [string, string][] }[] = [];
  return (request: RecordedRequest) => {
    const { method, url } = request;
    if (url === '/api/v1/security/csrf_token/') return { status: 200, body: { result: 'csrf-1' } };
    if (method !== 'GET' && request.headers['x-csrftoken'] !== 'csrf-1') {
      return {
        status: 400,
        body: {
          message: 'CSRF',
          errors: [{ message: 'The CSRF token is missing.', error_type: 'FRONTEND_CSRF_ERROR', level: 'error' }],
        },
      };
    }
    if (url === '/api/v1/security/roles/' && method === 'GET') {
      const result = [
        { id: null, name: 'Admin', built_in: true, permissions: [['can_write', 'User']] },
        { id: null, name: 'Alpha', built_in: true, permissions: [['can_read', 'Chart']] },
        { id: null, name: 'Gamma', built_in: true, permissions: [['can_read', 'Dashboard']] },
        ...custom.map((role) => ({ ...role, built_in: false })),
      ];
      return { status: 200, body: { count: result.length, result } };
    }
    if (url === '/api/v1/security/roles/' && method === 'POST') {
      const { name, permissions } = request.body as { name: string; permissions: [string, string][] };
      const role = { id: 100 + custom.length, name, permissions };
      custom.push(role);
      return { status: 201, body: { id: role.id, result: { ...role, built_in: false } } };
    }
    const role = /^\/api\/v1\/security\/roles\/(\d+)(\/permissions)?$/.exec(url);
    const target = role ? custom.find((r) => r.id === Number(role[1])) : undefined;
    if (role && !target) return { status: 404, body: { message: 'Not found' } };
    if (role && target && role[2] && method === 'POST') {
      target.permissions = (request.body as { permissions: [string, string][] }).permissions;
      return { status: 200, body: { id: target.id, result: { ...target, built_in: false } } };
    }
    if (role && target && method === 'DELETE') {
      if (users.some((u) => u.roles.includes(target.name)))
        return refused(`1 user(s) hold the role ${target.name}: take it from them first.`);
      custom.splice(custom.indexOf(target), 1);
      return { status: 200, body: { message: 'OK' } };
    }
    if (url === '/api/v1/security/users/' && method === 'GET')
      return { status: 200, body: { count: users.length, result: users } };
    if (url === '/api/v1/security/users/' && method === 'POST') {
      const input = request.body as UserRow & { password: string };
      if (users.some((u) => u.username === input.username)) {
        const message = `A user named ${input.username} already exists.`;
        return {
          status: 422,
          body: { message, errors: [{ message, error_type: 'INVALID_PAYLOAD_SCHEMA_ERROR', level: 'error' }] },
        };
      }
      const { password: _password, ...fields } = input;
      const created: UserRow = { ...fields, ...bookkeeping, id: users.length + 1, active: true };
      users.push(created);
      return { status: 201, body: { id: created.id, result: created } };
    }
    const match = /^\/api\/v1\/security\/users\/(\d+)$/.exec(url);
    if (match && method === 'PUT') {
      const target = users.find((u) => u.id === Number(match[1]));
      if (!target) return { status: 404, body: { message: 'Not found' } };
      const { password: _password, ...fields } = request.body as Partial<UserRow> & { password?: string };
      if (fields.active === false && target.id === 1) return refused('You cannot deactivate your own account.');
      Object.assign(target, fields);
      return { status: 200, body: { id: target.id, result: target } };
    }
    if (match && method === 'DELETE') {
      const index = users.findIndex((u) => u.id === Number(match[1]));
      if (index < 0) return { status: 404, body: { message: 'Not found' } };
      if (users[index].id === 1) return refused('You cannot delete your own account.');
      users.splice(index, 1);
      return { status: 200, body: { message: 'OK' } };
    }
    if (url === '/api/v1/me/password' && method === 'POST') {
      const { current_password } = request.body as { current_password: string };
      if (current_password !== 'the-current-one') {
        const message = 'The current password is not correct.';
        return {
          status: 400,
          body: { message, errors: [{ message, error_type: 'INVALID_PAYLOAD_SCHEMA_ERROR', level: 'error' }] },
        };
      }
      return { status: 200, body: { message: 'Password changed. Sign in again with the new password.' } };
    }
    return undefined;
  };
}
