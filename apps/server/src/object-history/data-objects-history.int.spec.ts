/**
 * History and "as it was" for a dataset and a saved query, and the history of a database (real HTTP on a
 * real PostgreSQL): edits by two users, `?as_of=` between them answers the GET of then, bad input 400,
 * before creation 404, users without the read right 403 or 404.
 */
import { ChartsModule } from '../charts/charts.module';
import {
  createChartTestApp,
  loadExampleTables,
  registerExamples,
  type ExamplesFixture,
} from '../chart-data/testing/chart-test-app';
import { DatabasesModule } from '../databases/databases.module';
import { SavedQueriesModule } from '../sqllab/saved-queries/saved-queries.module';
import { userClient, type ApiClient } from '../sqllab/bootstrap/rest-testing';
import type { AuthTestApp } from '../testing/auth-test-app';
import { ObjectHistoryModule } from './object-history.module';

interface IntentRow {
  position: number;
  time: string;
  actor: { id: number; username: string };
  event_types: string[];
  undone: boolean;
}

describe('history and ?as_of= of datasets, saved queries and databases (real HTTP, real PostgreSQL)', () => {
  let fixture: ExamplesFixture;
  let t: AuthTestApp;
  let admin: ApiClient;
  let alice: ApiClient;
  let dbId: number;

  beforeAll(async () => {
    fixture = await loadExampleTables(['cars']);
    t = await createChartTestApp([ChartsModule, SavedQueriesModule, DatabasesModule, ObjectHistoryModule]);
    admin = await userClient(t, ['Admin']);
    alice = await userClient(t, ['Alpha', 'sql_lab']);
    dbId = await registerExamples(t, fixture);
  }, 300_000);

  afterAll(async () => {
    await t?.close();
    await fixture?.close();
  });

  it('a dataset: intents newest first, as it was between two users edits, 400, 404 before, 403/404 without the right', async () => {
    const id = (await alice.post('/api/v1/dataset/', { database: dbId, schema: 'public', table_name: 'cars' })).body
      .id as number;
    expect((await alice.put(`/api/v1/dataset/${id}`, { description: 'Cars by Alice' })).status).toBe(200);
    const afterAlice = (await alice.get(`/api/v1/dataset/${id}`)).body;
    expect((await admin.put(`/api/v1/dataset/${id}`, { description: 'Cars, checked by an admin' })).status).toBe(200);

    const history = await alice.get(`/api/v1/dataset/${id}/history`);
    expect(history.status).toBe(200);
    const rows = history.body.result as IntentRow[];
    expect(rows.map((r) => r.actor.id)).toEqual([admin.userId, alice.userId, alice.userId]);
    expect(rows[2]!.event_types).toContain('dataset/datasetCreated');
    expect(rows.every((r) => !r.undone)).toBe(true);

    const then = await alice.get(`/api/v1/dataset/${id}?as_of=${rows[1]!.position}`);
    expect(then.status).toBe(200);
    expect(then.body).toEqual(afterAlice);
    const byTime = await alice.get(`/api/v1/dataset/${id}?as_of=${encodeURIComponent(rows[1]!.time)}`);
    expect(byTime.body.result.description).toBe('Cars by Alice');
    expect((await alice.get(`/api/v1/dataset/${id}`)).body.result.description).toBe('Cars, checked by an admin');

    expect((await alice.get(`/api/v1/dataset/${id}?as_of=1.5`)).status).toBe(400);
    expect((await alice.get(`/api/v1/dataset/${id}?as_of=${rows[2]!.position - 1}`)).status).toBe(404);
    const sqlLabOnly = await userClient(t, ['sql_lab']);
    expect((await sqlLabOnly.get(`/api/v1/dataset/${id}/history`)).status).toBe(403);
    expect((await sqlLabOnly.get(`/api/v1/dataset/${id}?as_of=${rows[1]!.position}`)).status).toBe(403);
    const gamma = await userClient(t, ['Gamma']);
    expect((await gamma.get(`/api/v1/dataset/${id}/history`)).status).toBe(404);
    expect((await gamma.get(`/api/v1/dataset/${id}?as_of=${rows[1]!.position}`)).status).toBe(404);
  });

  it('a saved query: as it was before its rename, in the GET shape; others 403 or 404', async () => {
    const created = await alice.post('/api/v1/saved_query/', {
      label: 'Heavy cars',
      db_id: dbId,
      schema: 'public',
      sql: 'SELECT * FROM cars WHERE weight > 3000',
    });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    const first = (await alice.get(`/api/v1/saved_query/${id}`)).body;
    expect((await alice.put(`/api/v1/saved_query/${id}`, { label: 'Very heavy cars' })).status).toBe(200);
    expect((await admin.put(`/api/v1/saved_query/${id}`, { sql: 'SELECT 1' })).status).toBe(200);

    const rows = (await alice.get(`/api/v1/saved_query/${id}/history`)).body.result as IntentRow[];
    expect(rows.map((r) => r.actor.id)).toEqual([admin.userId, alice.userId, alice.userId]);
    const then = await alice.get(`/api/v1/saved_query/${id}?as_of=${rows[2]!.position}`);
    expect(then.status).toBe(200);
    expect(then.body).toEqual(first);
    const renamed = await alice.get(`/api/v1/saved_query/${id}?as_of=${rows[1]!.position}`);
    expect(renamed.body.result).toMatchObject({
      label: 'Very heavy cars',
      sql: 'SELECT * FROM cars WHERE weight > 3000',
    });

    expect((await alice.get(`/api/v1/saved_query/${id}?as_of=2026-02-30T25:00`)).status).toBe(400);
    expect((await alice.get(`/api/v1/saved_query/${id}?as_of=${rows[2]!.position - 1}`)).status).toBe(404);
    const gamma = await userClient(t, ['Gamma']);
    expect((await gamma.get(`/api/v1/saved_query/${id}/history`)).status).toBe(403);
    const otherEditor = await userClient(t, ['sql_lab']);
    expect((await otherEditor.get(`/api/v1/saved_query/${id}/history`)).status).toBe(404);
    expect((await otherEditor.get(`/api/v1/saved_query/${id}?as_of=${rows[1]!.position}`)).status).toBe(404);
  });

  it('a database: its history for those it is granted to, 403 for others', async () => {
    const created = await admin.post('/api/v1/database/', {
      database_name: 'history-db',
      sqlalchemy_uri: fixture.readerUrl,
    });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    expect((await admin.put(`/api/v1/database/${id}`, { database_name: 'history-db renamed' })).status).toBe(200);
    const history = await admin.get(`/api/v1/database/${id}/history`);
    expect(history.status).toBe(200);
    expect(history.body.count).toBe(2);
    expect((history.body.result as IntentRow[]).map((r) => r.actor.id)).toEqual([admin.userId, admin.userId]);
    const gamma = await userClient(t, ['Gamma']);
    expect((await gamma.get(`/api/v1/database/${id}/history`)).status).toBe(403);
    expect((await gamma.get(`/api/v1/database/999999/history`)).status).toBe(404);
  });
});
