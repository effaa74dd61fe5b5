/**
 * The upload on the embedded default (no DATABASE_URL): the embedded PGlite is reached over the
 * PostgreSQL protocol by the same engine and the same batched INSERTs; its examples login may not create
 * tables, so the answer is the database's refusal as a 4xx, and the server keeps answering.
 */
import { ExamplesDatabase } from '../storage/examples-database';
import { startEmbeddedApp, type EmbeddedApp } from '../testing/embedded-app';
import type { RunningHttpApp } from '../testing/http-app';

jest.setTimeout(180_000);

describe('upload on the embedded default (PGlite)', () => {
  let app: EmbeddedApp | undefined;
  let server: RunningHttpApp;
  let token: string;

  beforeAll(async () => {
    app = await startEmbeddedApp('strata-upload-embedded-');
    ({ server, token } = app);
  });

  afterAll(() => app?.close());

  const call = async (path: string, init: RequestInit) => {
    const res = await fetch(`${server.url}${path}`, {
      ...init,
      headers: { ...(init.headers as Record<string, string>), authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(90_000),
    });
    return { status: res.status, body: (await res.json()) as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
  };

  it('reaches the embedded PGlite through the same engine; its refusal to create a table is a 4xx with its message', async () => {
    const created = await call('/api/v1/database/', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        database_name: 'embedded uploads',
        sqlalchemy_uri: server.app.get(ExamplesDatabase).adminUrl,
        allow_file_upload: true,
        confirm_dangerous_login: true,
      }),
    });
    expect(created.status).toBe(201);
    const form = new FormData();
    form.append('table_name', 'embedded_upload');
    form.append('column_types', JSON.stringify({ n: 'integer' }));
    form.append('file', new Blob(['n,word\n1,a\n2,b\n3,c\n']), 'x.csv');
    const res = await call(`/api/v1/database/${created.body.id}/upload/`, { method: 'POST', body: form });
    // The embedded examples login may not create tables (PostgreSQL 15 rights on `public`, read-only by
    // default): the database's own refusal is answered as a 4xx, nothing half-made, no intent recorded.
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('permission denied for schema public');
    expect((await call('/api/v1/database/' + created.body.id, { method: 'GET' })).status).toBe(200);
  });
});
