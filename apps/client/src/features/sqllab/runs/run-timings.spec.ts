/**
 * A SQL Lab run's time reaches the user log (sqllab-and-platform §7 timing events): the page's services
 * as the app makes them, the run going to a real node:http server, and the log's transport recording
 * what would leave the page.
 */
import { Subject } from 'rxjs';
import type { UserLogBody, UserLogEvent } from '@strata/domain';
import { createAppServices, type AppServices } from '../../../app/services';
import { TestServer } from '../../../testing/test-server';
import { HttpClient } from '../../api/http-client';
import type { SqlLabFeature } from '../sqllab.feature';
import { sqlLabTestApi } from '../testing/sqllab-test-api';

let server: TestServer;
let services: AppServices;
let sqllab: SqlLabFeature;
const pageHide$ = new Subject<void>();
const sent: { path: string; body: UserLogBody }[] = [];

async function until(check: () => boolean, ms = 30_000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`condition not met in time: ${check.toString()}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

beforeEach(async () => {
  localStorage.clear();
  sent.length = 0;
  server = await new TestServer(sqlLabTestApi().handler).start();
  services = createAppServices({
    http: new HttpClient({ baseUrl: server.baseUrl }),
    userLogTransport: {
      post: (path, body) => Promise.resolve(sent.push({ path, body })),
      beacon: (path, body) => sent.push({ path, body }) > 0,
    },
    pageHide$,
  });
  sqllab = services.sqllab;
  await sqllab.catalog.loadDatabases();
});

afterEach(async () => {
  services.dispose();
  await server.stop();
});

const logged = (): UserLogEvent[] => {
  pageHide$.next();
  return sent.flatMap((r) => r.body.events);
};

describe('SQL Lab run timings', () => {
  it('a run logs sqllab_query from its start to its results, and a failed run how long it took to fail', async () => {
    const tab = sqllab.addTab({ dbId: 1, schema: 'public', sql: 'SELECT * FROM flights' });
    const ran = sqllab.run(tab, 'all')!;
    await until(() => sqllab.store.getState().queries[ran]?.state === 'success');
    const failed = sqllab.run(sqllab.addTab({ dbId: 1, schema: 'public', sql: 'SELECT * FROM nope' }), 'all')!;
    await until(() => sqllab.store.getState().queries[failed]?.state === 'failed');

    const entries = logged();
    expect(entries).toEqual([
      expect.objectContaining({
        event_name: 'sqllab_query',
        event_type: 'timing',
        version: 'v2',
        source: 'sqlLab',
        source_id: tab,
        db_id: 1,
        schema: 'public',
        status: 'success',
        row_count: expect.any(Number),
        duration: expect.any(Number),
        start_offset: expect.any(Number),
      }),
      expect.objectContaining({ event_name: 'sqllab_query', status: 'failed', duration: expect.any(Number) }),
    ]);
    expect(entries[0]!.duration).toBeGreaterThanOrEqual(0);
    // SQL Lab is no dashboard or chart: nothing rides in the URL.
    expect(new Set(sent.map((r) => r.path))).toEqual(new Set(['/strata/log/?explode=events']));
  });
});
