/**
 * A bug report of SQL Lab, a saved query or a database carries their server events: the time-travel
 * stream read answers `tabstate:<user>`, `saved_query:<id>` and `database:<id>` to whoever may read them
 * (the tab owner or an admin; the saved query's GET; the database's GET), 403 to others, and never shows
 * a secret (the audit's redaction). Real HTTP on a real PostgreSQL.
 */
import {
  createChartTestApp,
  loadExampleTables,
  registerExamples,
  type ExamplesFixture,
} from '../chart-data/testing/chart-test-app';
import { DatabasesModule } from '../databases/databases.module';
import { RealtimeModule } from '../realtime/realtime.module';
import { userClient, type ApiClient } from '../sqllab/bootstrap/rest-testing';
import { SavedQueriesModule } from '../sqllab/saved-queries/saved-queries.module';
import { TabStateModule } from '../sqllab/tab-state/tab-state.module';
import type { AuthTestApp } from '../testing/auth-test-app';
import { TimeTravelModule } from './timetravel.module';

describe('GET /api/v1/timetravel/events/ for SQL Lab tabs, saved queries and databases', () => {
  let fixture: ExamplesFixture;
  let t: AuthTestApp;
  let admin: ApiClient;
  let ana: ApiClient;
  let bob: ApiClient;
  let dbId: number;

  beforeAll(async () => {
    fixture = await loadExampleTables(['cars']);
    t = await createChartTestApp([
      RealtimeModule,
      TabStateModule,
      SavedQueriesModule,
      DatabasesModule,
      TimeTravelModule,
    ]);
    admin = await userClient(t, ['Admin']);
    ana = await userClient(t, ['Gamma', 'sql_lab']);
    bob = await userClient(t, ['Gamma', 'sql_lab']);
    dbId = await registerExamples(t, fixture);
  }, 300_000);

  afterAll(async () => {
    await t?.close();
    await fixture?.close();
  });

  const eventsOf = (who: ApiClient, stream: string) =>
    who.get(`/api/v1/timetravel/events/?stream=${encodeURIComponent(stream)}`);
  const types = (body: { result: { type: string }[] }) => body.result.map((e) => e.type);

  it("answers a user's SQL Lab tabs to that user and to admins, 403 to another user", async () => {
    const tab = await ana.form('POST', '/tabstateview/', {
      queryEditor: {
        id: 'local-report',
        name: 'Untitled Query 1',
        dbId,
        catalog: null,
        schema: 'public',
        sql: 'SELECT 42',
        queryLimit: 1000,
        hideLeftBar: false,
        templateParams: '{}',
      },
    });
    expect(tab.status).toBe(200);

    const own = await eventsOf(ana, `tabstate:${ana.userId}`);
    expect(own.status).toBe(200);
    expect(types(own.body).length).toBeGreaterThan(0);
    expect(JSON.stringify(own.body.result)).toContain('SELECT 42');
    expect((await eventsOf(admin, `tabstate:${ana.userId}`)).status).toBe(200);

    const refused = await eventsOf(bob, `tabstate:${ana.userId}`);
    expect(refused.status).toBe(403);
    expect(refused.body.errors[0].error_type).toBe('USER_ACTIVITY_SECURITY_ACCESS_ERROR');
  });

  it('answers a saved query to its creator and admins, 403 to another SQL Lab user', async () => {
    const created = await ana.post('/api/v1/saved_query/', {
      label: 'Heavy cars',
      db_id: dbId,
      schema: 'public',
      sql: 'SELECT * FROM cars WHERE weight > 3000',
    });
    expect(created.status).toBe(201);
    const stream = `saved_query:${created.body.id as number}`;

    const own = await eventsOf(ana, stream);
    expect(own.status).toBe(200);
    expect(types(own.body)).toEqual(['sqllab/savedQueryCreated']);
    expect((await eventsOf(admin, stream)).status).toBe(200);
    expect((await eventsOf(bob, stream)).status).toBe(403);
  });

  it('answers a database to admins with its secrets redacted, 403 to a user without it', async () => {
    const secret = 'Sup3rSecretPw';
    const url = new URL(fixture.readerUrl);
    url.password = secret;
    const created = await admin.post('/api/v1/database/', { database_name: 'reported-db', sqlalchemy_uri: url.href });
    expect(created.status).toBe(201);
    const stream = `database:${created.body.id as number}`;

    const read = await eventsOf(admin, stream);
    expect(read.status).toBe(200);
    expect(types(read.body)[0]).toBe('database/databaseCreated');
    expect(JSON.stringify(read.body)).not.toContain(secret);
    expect((await eventsOf(ana, stream)).status).toBe(403);
  });
});
