import { createTestContext } from '../../../shared/test-context';
import { TestServer } from '../../../testing/test-server';
import { HttpClient } from '../../api/http-client';
import { createErrors } from '../../errors/errors.feature';
import { createToasts, type ToastsFeature } from '../../toasts/toasts.feature';
import { createSqlLab, type SqlLabFeature } from '../sqllab.feature';
import { sqlLabTestApi } from '../testing/sqllab-test-api';

let server: TestServer;
let api: ReturnType<typeof sqlLabTestApi>;
let toasts: ToastsFeature;
let sqllab: SqlLabFeature;

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until(check: () => boolean, ms = 8000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`condition not met in time: ${check.toString()}`);
    await wait(25);
  }
}

beforeEach(async () => {
  api = sqlLabTestApi();
  server = await new TestServer(api.handler).start();
  const context = createTestContext();
  toasts = createToasts(context);
  sqllab = createSqlLab({ context, http: new HttpClient({ baseUrl: server.baseUrl }), toasts, errors: createErrors(context, toasts), backendPersistence: false, storage: null });
  await sqllab.catalog.loadDatabases();
});

afterEach(async () => {
  sqllab.dispose();
  toasts.dispose();
  await server.stop();
});

const runOf = (id: string) => sqllab.store.getState().queries[id]!;

describe('async runs (database with allow_run_async)', () => {
  it('starts pending, follows the server while it runs, then fetches the stored results', async () => {
    const tab = sqllab.addTab({ dbId: 2, schema: 'public', sql: 'SELECT * FROM flights' });
    const id = sqllab.run(tab, 'all')!;
    expect(runOf(id).state).toBe('pending');
    await until(() => runOf(id).state === 'running');
    expect(api.executed.at(-1)).toMatchObject({ client_id: id, runAsync: true });
    await until(() => runOf(id).state === 'success' && runOf(id).results?.data.length === 1000);
    expect(runOf(id)).toMatchObject({ rows: 1000, limitingFactor: 'DROPDOWN', resultsKey: 'key-1' });
  });

  it('stops a running query: stopped at once, the server asked to cancel it, and it stays stopped', async () => {
    const tab = sqllab.addTab({ dbId: 2, schema: 'public', sql: 'SELECT pg_sleep(30)' });
    const id = sqllab.run(tab, 'all')!;
    await until(() => runOf(id).state === 'running');
    await sqllab.stop(id);
    expect(runOf(id).state).toBe('stopped');
    expect(api.stopped).toEqual([id]);
    await wait(2500); // one more poll interval: nothing brings it back
    expect(runOf(id).state).toBe('stopped');
  });
});
