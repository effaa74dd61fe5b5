/**
 * /api/v1/database/ on the embedded default (no DATABASE_URL): the metadata database is a PGlite in a
 * child process, which runs one transaction at a time. A read on another connection while the command's
 * transaction is open would wait for that transaction forever: everything must read inside it or before.
 */
import { DataSource } from 'typeorm';
import { EXAMPLES_DATABASE_NAME } from '../examples/register/register-examples';
import { ExamplesDatabase } from '../storage/examples-database';
import { startEmbeddedApp, type EmbeddedApp } from '../testing/embedded-app';
import type { RunningHttpApp } from '../testing/http-app';

jest.setTimeout(180_000);

describe('editing the examples database on the embedded default', () => {
  let app: EmbeddedApp | undefined;
  let server: RunningHttpApp;
  let token: string;

  beforeAll(async () => {
    app = await startEmbeddedApp('strata-dbs-embedded-');
    ({ server, token } = app);
  });

  afterAll(() => app?.close());

  const put = (id: number, body: unknown) =>
    fetch(`${server.url}/api/v1/database/${id}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
      // A deadlock would never answer: fail well before the test's timeout (generous: a loaded machine is slow).
      signal: AbortSignal.timeout(90_000),
    });

  it('answers (no deadlock) the first edit of an examples row registered outside the log (adopted, then changed)', async () => {
    const ds = server.app.get(DataSource);
    const examples = server.app.get(ExamplesDatabase);
    // As an earlier version registered it: a row written directly, the reader's password in its URI.
    const [{ id }] = (await ds.query(`INSERT INTO databases (database_name, uri) VALUES ($1, $2) RETURNING id`, [
      EXAMPLES_DATABASE_NAME,
      examples.readerUrl,
    ])) as {
      id: number;
    }[];
    const res = await put(id, { allow_run_async: true });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { result: { allow_run_async: boolean } }).result.allow_run_async).toBe(true);
    const events = (await ds.query(`SELECT type FROM events WHERE stream = $1 ORDER BY version`, [
      `database:${id}`,
    ])) as { type: string }[];
    expect(events.map((e) => e.type)).toEqual(['database/databaseAdopted', 'database/optionEnabled']);
    // The next edits go through the log's usual path.
    const again = await put(id, { allow_run_async: false, expose_in_sqllab: true });
    expect(again.status).toBe(200);
    expect(((await again.json()) as { result: { allow_run_async: boolean } }).result.allow_run_async).toBe(false);
  });
});
