/**
 * The whole server as `main.ts` wires it, on the embedded databases of a fresh STRATA_HOME: health
 * without a login, the error shape on real endpoints, and the example data loading in the background.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { AppModule } from './app.module';
import { AppConfig } from './config/app-config';
import { parseConnectionUri } from './engines/connection-uri';
import { ExamplesService, ExamplesStatus } from './examples/examples.service';
import { ExamplesDatabase } from './storage/examples-database';
import { RunningHttpApp, startHttpApp } from './testing/http-app';

describe('the Strata server (AppModule, embedded mode)', () => {
  let home: string;
  let server: RunningHttpApp;
  let token: string;

  beforeAll(async () => {
    home = mkdtempSync(join(tmpdir(), 'strata-app-'));
    const config = new AppConfig(
      0,
      undefined,
      undefined,
      undefined,
      'a'.repeat(48),
      home,
      undefined,
      undefined,
      'development',
    );
    server = await startHttpApp(
      { imports: [AppModule] },
      { customize: (b) => b.overrideProvider(AppConfig).useValue(config) },
    );
    const password = readFileSync(join(home, 'admin-password'), 'utf8').trim();
    const login = await post('/api/v1/security/login', JSON.stringify({ username: 'admin', password, provider: 'db' }));
    expect(login.status).toBe(200);
    token = ((await login.json()) as { access_token: string }).access_token;
  }, 180000);

  afterAll(async () => {
    await server?.close();
    rmSync(home, { recursive: true, force: true });
  });

  const post = (path: string, body: string) =>
    fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  const status = async (): Promise<ExamplesStatus> => {
    const response = await fetch(`${server.url}/api/v1/examples/status`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { result: ExamplesStatus }).result;
  };

  it('GET /health answers without a login', async () => {
    const response = await fetch(`${server.url}/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('malformed JSON, missing fields and unknown routes are 4xx in the error shape, never 500', async () => {
    const malformed = await post('/api/v1/security/login', '{"username": "admin", ');
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as { errors: { error_type: string }[] }).errors[0].error_type).toBe(
      'INVALID_PAYLOAD_FORMAT_ERROR',
    );
    const missing = await post('/api/v1/security/login', JSON.stringify({ username: 'admin' }));
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { errors: { error_type: string }[] }).errors[0].error_type).toBe(
      'INVALID_PAYLOAD_SCHEMA_ERROR',
    );
    const unknown = await fetch(`${server.url}/api/v1/no/such/thing`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { message: string }).message).toBe('Not found');
  });

  it('GET /api/v1/examples/status needs a login', async () => {
    const response = await fetch(`${server.url}/api/v1/examples/status`);
    expect(response.status).toBe(401);
  });

  it('loads the example data in the background, reports progress, and registers the read-only `examples` database', async () => {
    const before = await status();
    expect(before.state).toBe('loading');
    expect(before.tables.map((t) => t.name)).toContain('flights_200k');
    expect(before.tables.every((t) => !t.loaded)).toBe(true);

    const loading = server.app.get(ExamplesService).loadInBackground();
    // /health keeps answering while the data loads.
    const health = await fetch(`${server.url}/health`);
    expect(health.status).toBe(200);
    await loading;

    const after = await status();
    expect(after.state).toBe('ready');
    expect(after.tables).toHaveLength(12);
    for (const table of after.tables)
      expect(table).toEqual({
        name: table.name,
        rows: table.expected_rows,
        expected_rows: expect.any(Number),
        loaded: true,
      });
    expect(after.tables.find((t) => t.name === 'flights_200k')?.rows).toBe(200000);

    const examples = server.app.get(ExamplesDatabase);
    const [registered] = await server.app
      .get(DataSource)
      .query(`SELECT uri, allow_dml, expose_in_sqllab FROM databases WHERE database_name = 'examples'`);
    // Registered through the databases command path: the same connection, written in its canonical form.
    // The embedded database's password is not in the URI: it is kept encrypted in database_credentials.
    expect({ ...registered, uri: parseConnectionUri(registered.uri) }).toEqual({
      uri: { ...parseConnectionUri(examples.readerUrl), password: undefined },
      allow_dml: false,
      expose_in_sqllab: true,
    });
    const reader = new Client({ connectionString: examples.readerUrl });
    await reader.connect();
    try {
      expect((await reader.query('SELECT count(*)::int AS n FROM flights_200k')).rows[0].n).toBe(200000);
    } finally {
      await reader.end();
    }
  });
});
