/** `/api/v1/database/` as the databases page calls it (apps/server/src/databases), and the roles list it grants from. */
import rison from 'rison';
import type { DatabaseView, RelatedObjectsView } from '@strata/domain';
import type { HttpClient } from '../api/http-client';

export const DATABASE_PATH = '/api/v1/database/';

const q = (value: unknown) => encodeURIComponent(rison.encode(value));

export interface DatabasesApi {
  list(search: string): Promise<{ count: number; result: DatabaseView[] }>;
  create(body: Record<string, unknown>): Promise<{ id: number; result: DatabaseView }>;
  update(id: number, body: Record<string, unknown>): Promise<{ id: number; result: DatabaseView }>;
  remove(id: number): Promise<unknown>;
  testConnection(body: Record<string, unknown>): Promise<unknown>;
  related(id: number): Promise<RelatedObjectsView>;
  setAccess(id: number, roles: string[]): Promise<{ id: number; result: { roles: string[] } }>;
  /** The names of every role, built-in and custom (`GET /api/v1/security/roles/`, admins'). */
  roleNames(): Promise<string[]>;
}

export function databasesApi(http: HttpClient): DatabasesApi {
  return {
    list: (search) => {
      const filters = search.trim() ? [{ col: 'database_name', opr: 'ct', value: search.trim() }] : [];
      return http.get(
        `${DATABASE_PATH}?q=${q({ filters, order_column: 'database_name', order_direction: 'asc', page: 0, page_size: 1000 })}`,
      );
    },
    create: (body) => http.post(DATABASE_PATH, body),
    update: (id, body) => http.put(`${DATABASE_PATH}${id}`, body),
    remove: (id) => http.delete(`${DATABASE_PATH}${id}`),
    testConnection: (body) => http.post(`${DATABASE_PATH}test_connection/`, body),
    related: (id) => http.get(`${DATABASE_PATH}${id}/related_objects/`),
    setAccess: (id, roles) => http.put(`${DATABASE_PATH}${id}/access`, { roles }),
    roleNames: async () => {
      const answer = await http.get<{ result?: { name: string }[] }>('/api/v1/security/roles/');
      return (answer.result ?? []).map((r) => r.name);
    },
  };
}
