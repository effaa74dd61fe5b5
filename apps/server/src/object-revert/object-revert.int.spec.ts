/**
 * Reverting one past change of a chart or a dataset over real HTTP on a real PostgreSQL (issue 13 item
 * 2): the revert restores what that change replaced and keeps later changes of other fields; a later
 * change of the same field refuses it with a message naming who; no write right, no revert.
 */
import type { Envelope } from '@strata/events';
import { ChartsModule } from '../charts/charts.module';
import {
  createChartTestApp,
  loadExampleTables,
  registerExamples,
  type ExamplesFixture,
} from '../chart-data/testing/chart-test-app';
import { EventStore } from '../event-store/event-store.port';
import { userClient, type ApiClient } from '../sqllab/bootstrap/rest-testing';
import type { AuthTestApp } from '../testing/auth-test-app';
import { ObjectRevertModule } from './object-revert.module';

describe('POST /api/v1/{chart,dataset}/{id}/history/{batchId}/revert (real HTTP, real PostgreSQL)', () => {
  let fixture: ExamplesFixture;
  let t: AuthTestApp;
  let admin: ApiClient;
  let alice: ApiClient;
  let bob: ApiClient;
  let gamma: ApiClient;
  let carsId: number;

  /** The batch of `who`'s latest event of `type` on the stream (what the object's history lists). */
  async function batchOf(stream: string, type: string, who: ApiClient): Promise<string> {
    const events: Envelope[] = await t.app.get(EventStore).readStream(stream);
    const found = events.filter((e) => e.type === type && e.meta.actor === String(who.userId)).at(-1);
    if (!found) throw new Error(`no ${type} of user ${who.userId} on ${stream}`);
    return found.meta.batchId;
  }

  beforeAll(async () => {
    fixture = await loadExampleTables(['cars']);
    t = await createChartTestApp([ChartsModule, ObjectRevertModule]);
    admin = await userClient(t, ['Admin'], 'admin_reverter');
    alice = await userClient(t, ['Alpha'], 'alice');
    bob = await userClient(t, ['Alpha'], 'bob');
    gamma = await userClient(t, ['Gamma'], 'gamma');
    const dbId = await registerExamples(t, fixture);
    carsId = (await admin.post('/api/v1/dataset/', { database: dbId, schema: 'public', table_name: 'cars' })).body.id;
  }, 300_000);

  afterAll(async () => {
    await t?.close();
    await fixture?.close();
  });

  describe('a chart', () => {
    const params = (metric: string) =>
      JSON.stringify({ viz_type: 'table', metrics: [metric], datasource: `${carsId}__table` });
    let chartId: number;

    beforeAll(async () => {
      const created = await alice.post('/api/v1/chart/', {
        slice_name: 'Cars',
        viz_type: 'table',
        datasource_id: carsId,
        datasource_type: 'table',
        params: params('count'),
        owners: [alice.userId, bob.userId],
      });
      expect(created.status).toBe(201);
      chartId = created.body.id;
    });

    it("reverting alice's params change restores her old params and keeps bob's later name", async () => {
      expect((await alice.put(`/api/v1/chart/${chartId}`, { params: params('sum__horsepower') })).status).toBe(200);
      expect((await bob.put(`/api/v1/chart/${chartId}`, { slice_name: "Bob's cars" })).status).toBe(200);
      const change = await batchOf(`chart:${chartId}`, 'chart/chartParamsChanged', alice);

      const reverted = await admin.post(`/api/v1/chart/${chartId}/history/${change}/revert`, {});
      expect(reverted.status).toBe(200);
      expect(reverted.body.result).toMatchObject({ reverted_batch_id: change, batch_id: expect.any(String) });
      expect(reverted.body.result.batch_id).not.toBe(change);

      const chart = (await admin.get(`/api/v1/chart/${chartId}`)).body.result;
      expect(chart.params).toBe(params('count'));
      expect(chart.slice_name).toBe("Bob's cars");
      const events: Envelope[] = await t.app.get(EventStore).readStream(`chart:${chartId}`);
      expect(events.filter((e) => e.meta.batchId === reverted.body.result.batch_id).map((e) => e.type)).toEqual([
        'chart/chartParamsChanged',
        'chart/changeReverted',
      ]);
    });

    it("reverting alice's rename after bob renamed again is refused, naming bob", async () => {
      expect((await alice.put(`/api/v1/chart/${chartId}`, { slice_name: "Alice's cars" })).status).toBe(200);
      expect((await bob.put(`/api/v1/chart/${chartId}`, { slice_name: 'Cars again' })).status).toBe(200);
      const rename = await batchOf(`chart:${chartId}`, 'chart/chartRenamed', alice);

      const refused = await admin.post(`/api/v1/chart/${chartId}/history/${rename}/revert`, {});
      expect(refused.status).toBe(409);
      expect(refused.body.errors[0]).toMatchObject({ error_type: 'GENERIC_COMMAND_ERROR' });
      expect(refused.body.errors[0].message).toMatch(/^'Rename' cannot be reverted: bob changed the name again later/);
      expect((await admin.get(`/api/v1/chart/${chartId}`)).body.result.slice_name).toBe('Cars again');
    });

    it('a gamma user without the write right gets 403; an unknown change 404', async () => {
      const change = await batchOf(`chart:${chartId}`, 'chart/chartRenamed', bob);
      expect((await gamma.post(`/api/v1/chart/${chartId}/history/${change}/revert`, {})).status).toBe(403);
      const unknown = await admin.post(`/api/v1/chart/${chartId}/history/no-such-batch/revert`, {});
      expect(unknown.status).toBe(404);
      expect(unknown.body.errors[0].error_type).toBe('OBJECT_DOES_NOT_EXIST_ERROR');
    });
  });

  describe('a dataset', () => {
    type Column = Record<string, unknown> & { column_name: string };
    let datasetId: number;
    const columnsNow = async (): Promise<Column[]> =>
      (await admin.get(`/api/v1/dataset/${datasetId}`)).body.result.columns;
    const editColumn = async (who: ApiClient, name: string, change: Record<string, unknown>) => {
      const columns = (await columnsNow()).map((c) => (c.column_name === name ? { ...c, ...change } : c));
      expect((await who.put(`/api/v1/dataset/${datasetId}`, { columns })).status).toBe(200);
    };
    const verbose = async (name: string) => (await columnsNow()).find((c) => c.column_name === name)?.verbose_name;

    beforeAll(async () => {
      datasetId = carsId;
      expect((await admin.put(`/api/v1/dataset/${datasetId}`, { owners: [alice.userId, bob.userId] })).status).toBe(
        200,
      );
    });

    it("reverting alice's column edit restores the column; bob's later edit of another column stays", async () => {
      await editColumn(alice, 'horsepower', { verbose_name: 'Horse power' });
      await editColumn(bob, 'origin', { verbose_name: 'Made in' });
      const change = await batchOf(`dataset:${datasetId}`, 'dataset/datasetColumnEdited', alice);

      const reverted = await admin.post(`/api/v1/dataset/${datasetId}/history/${change}/revert`, {});
      expect(reverted.status).toBe(200);
      expect(await verbose('horsepower')).toBeNull();
      expect(await verbose('origin')).toBe('Made in');
    });

    it('reverting it after bob edited the same column is refused, naming bob and the column', async () => {
      await editColumn(alice, 'weight_in_lbs', { verbose_name: 'Weight' });
      await editColumn(bob, 'weight_in_lbs', { description: 'Pounds' });
      const change = await batchOf(`dataset:${datasetId}`, 'dataset/datasetColumnEdited', alice);

      const refused = await admin.post(`/api/v1/dataset/${datasetId}/history/${change}/revert`, {});
      expect(refused.status).toBe(409);
      expect(refused.body.errors[0].message).toMatch(
        /cannot be reverted: bob changed the column 'weight_in_lbs' again later/,
      );
      expect(await verbose('weight_in_lbs')).toBe('Weight');
      expect((await gamma.post(`/api/v1/dataset/${datasetId}/history/${change}/revert`, {})).status).toBe(403);
    });

    it('reverting a rename to a name another dataset took since is refused, not a server error', async () => {
      expect((await alice.put(`/api/v1/dataset/${datasetId}`, { table_name: 'cars_renamed' })).status).toBe(200);
      const rename = await batchOf(`dataset:${datasetId}`, 'dataset/datasetRenamed', alice);
      const dbId = (await admin.get(`/api/v1/dataset/${datasetId}`)).body.result.database.id;
      const other = await admin.post('/api/v1/dataset/', { database: dbId, schema: 'public', table_name: 'cars' });
      expect(other.status).toBe(201);

      const refused = await admin.post(`/api/v1/dataset/${datasetId}/history/${rename}/revert`, {});
      expect(refused.status).toBe(422);
      expect(refused.body.errors[0].message).toMatch(/another dataset .* has that name now/);
      expect((await admin.get(`/api/v1/dataset/${datasetId}`)).body.result.table_name).toBe('cars_renamed');
    });
  });
});
