/**
 * Helpers for the SQL Lab REST integration tests: users with roles, each with an API client that sends
 * its bearer token (no cookie, so no CSRF header), and rows in the `databases` table.
 */
import { DataSource } from 'typeorm';
import { ApiTokens } from '../../auth/tokens/api-tokens.service';
import { UsersService } from '../../auth/users/users.service';
import type { AuthTestApp } from '../../testing/auth-test-app';
import { HttpClient, type HttpResult } from '../../testing/auth-test-app';

// Test bodies are asserted field by field; typing each would only restate the assertions.
/* eslint-disable @typescript-eslint/no-explicit-any */
export class ApiClient {
  private readonly http: HttpClient;

  constructor(
    baseUrl: string,
    private readonly token: string,
    readonly userId: number,
  ) {
    this.http = new HttpClient(baseUrl);
  }

  private auth(extra?: Record<string, string>) {
    return { authorization: `Bearer ${this.token}`, ...extra };
  }

  get<T = any>(path: string): Promise<HttpResult<T>> {
    return this.http.get<T>(path, this.auth());
  }
  post<T = any>(path: string, json?: unknown): Promise<HttpResult<T>> {
    return this.http.post<T>(path, json ?? {}, this.auth());
  }
  put<T = any>(path: string, json?: unknown): Promise<HttpResult<T>> {
    return this.http.put<T>(path, json ?? {}, this.auth());
  }
  delete<T = any>(path: string): Promise<HttpResult<T>> {
    return this.http.request<T>('DELETE', path, { headers: this.auth() });
  }
  /** A raw body (form-encoded by default), for malformed-input tests. */
  request<T = any>(
    method: string,
    path: string,
    raw: string,
    contentType = 'application/x-www-form-urlencoded',
  ): Promise<HttpResult<T>> {
    return this.http.request<T>(method, path, { raw, contentType, headers: this.auth() });
  }
  /** A legacy form post/put: each field's value is JSON-encoded, as the old SQL Lab client sends them. */
  form<T = any>(method: 'POST' | 'PUT', path: string, fields: Record<string, unknown>): Promise<HttpResult<T>> {
    const raw = new URLSearchParams(
      Object.entries(fields).map(([k, v]): [string, string] => [k, JSON.stringify(v)]),
    ).toString();
    return this.http.request<T>(method, path, {
      raw,
      contentType: 'application/x-www-form-urlencoded',
      headers: this.auth(),
    });
  }
}

let counter = 0;

/** A new user with these roles and an API client acting as them. */
export async function userClient(t: AuthTestApp, roles: string[], name?: string): Promise<ApiClient> {
  const username = name ?? `user${++counter}_${roles.join('_').toLowerCase()}`;
  const user = await t.app
    .get(UsersService)
    .createUser({ username, password: 'a-password-for-tests', roles }, 'system');
  return new ApiClient(t.url, await t.app.get(ApiTokens).accessToken(user.id), user.id);
}

/** Registers a database row as an admin would (the databases feature owns the real CRUD). */
export async function insertDatabase(
  t: AuthTestApp,
  row: { name: string; uri: string; expose_in_sqllab?: boolean; allows_cost_estimate?: boolean },
): Promise<number> {
  const rows = (await t.app
    .get(DataSource)
    .query(
      `INSERT INTO databases (database_name, uri, expose_in_sqllab, allows_cost_estimate) VALUES ($1, $2, $3, $4) RETURNING id`,
      [row.name, row.uri, row.expose_in_sqllab ?? true, row.allows_cost_estimate ?? false],
    )) as { id: number }[];
  return rows[0].id;
}

/**
 * A finished run in SQL Lab's `query` read model, as EXECUTE's projection writes it, for tests of the
 * features that point at runs (tab state, bootstrap).
 */
export async function insertQueryRun(
  t: AuthTestApp,
  run: {
    clientId: string;
    userId: number;
    databaseId: number;
    sqlEditorId: string | null;
    sql?: string;
    startMs?: number;
  },
): Promise<void> {
  const start = run.startMs ?? Date.now();
  await t.app.get(DataSource).query(
    `INSERT INTO query (client_id, database_id, user_id, status, sql_editor_id, sql, rows, progress, start_time, end_time, changed_on, results_key)
     VALUES ($1, $2, $3, 'success', $4, $5, 1, 100, $6, $7, to_timestamp($8::double precision / 1000), $9)`,
    [
      run.clientId,
      run.databaseId,
      run.userId,
      run.sqlEditorId,
      run.sql ?? 'SELECT 1',
      start,
      start + 5,
      start + 5,
      `key-${run.clientId}`,
    ],
  );
}
