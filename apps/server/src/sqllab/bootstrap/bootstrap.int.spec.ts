import { FeatureFlag } from '@strata/domain';
import { createAuthTestApp, type AuthTestApp } from '../../testing/auth-test-app';
import { TabStateModule } from '../tab-state/tab-state.module';
import { SqlLabBootstrapModule } from './bootstrap.module';
import { insertDatabase, insertQueryRun, userClient, type ApiClient } from './rest-testing';

describe('GET /api/v1/sqllab/ (real HTTP, real PostgreSQL)', () => {
  let t: AuthTestApp;
  let admin: ApiClient;
  let analyst: ApiClient;
  let alpha: ApiClient;
  let pgId: number;
  let mysqlId: number;
  let hiddenId: number;

  beforeAll(async () => {
    t = await createAuthTestApp({ extraModules: [TabStateModule, SqlLabBootstrapModule] });
    admin = await userClient(t, ['Admin']);
    analyst = await userClient(t, ['sql_lab']);
    alpha = await userClient(t, ['Alpha']);
    pgId = await insertDatabase(t, {
      name: 'warehouse',
      uri: 'postgresql://reader@127.0.0.1:5432/test',
      allows_cost_estimate: true,
    });
    mysqlId = await insertDatabase(t, { name: 'shop', uri: 'mysql://root@127.0.0.1:3306/test' });
    hiddenId = await insertDatabase(t, {
      name: 'hidden',
      uri: 'postgresql://reader@127.0.0.1:5432/test',
      expose_in_sqllab: false,
    });
  });
  afterAll(() => t.close());

  it('starts empty: the exposed databases and no tabs', async () => {
    const res = await admin.get('/api/v1/sqllab/');
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ active_tab: null, queries: {}, tab_state_ids: [] });
    expect(Object.keys(res.body.result.databases).map(Number).sort()).toEqual([pgId, mysqlId].sort());
    expect(res.body.result.databases[hiddenId]).toBeUndefined();
    expect(res.body.result.databases[pgId]).toEqual({
      id: pgId,
      database_name: 'warehouse',
      backend: 'postgresql',
      expose_in_sqllab: true,
      allow_run_async: false,
      allow_dml: false,
      allow_ctas: false,
      allow_cvas: false,
      allows_cost_estimate: true,
      allows_subquery: true,
      allows_virtual_table_explore: true,
      allow_file_upload: false,
      allow_multi_catalog: false,
      disable_data_preview: false,
      disable_drill_to_detail: false,
      force_ctas_schema: null,
      engine_information: {
        supports_file_upload: false,
        disable_ssh_tunneling: true,
        supports_dynamic_catalog: false,
        supports_oauth2: false,
      },
    });
    expect(res.body.result.databases[mysqlId].backend).toBe('mysql');
  });

  it('gives the feature flags from the configuration, each flag set explicitly', async () => {
    const flagsOf = async () => (await admin.get('/api/v1/sqllab/')).body.result.feature_flags;
    const defaults = await flagsOf();
    expect(defaults).toMatchObject({
      SQLLAB_BACKEND_PERSISTENCE: true,
      GLOBAL_ASYNC_QUERIES: false,
      SQLLAB_FORCE_RUN_ASYNC: false,
      DASHBOARD_CROSS_FILTERS: true,
    });
    expect(Object.keys(defaults).sort()).toEqual([...Object.values(FeatureFlag), 'SQLLAB_FORCE_RUN_ASYNC'].sort());
    const flags = t.config.featureFlags;
    const sqllab = t.config.sqllab;
    flags.GLOBAL_ASYNC_QUERIES = true;
    flags.HORIZONTAL_FILTER_BAR = true;
    sqllab.forceRunAsync = true;
    try {
      expect(await flagsOf()).toMatchObject({
        GLOBAL_ASYNC_QUERIES: true,
        HORIZONTAL_FILTER_BAR: true,
        SQLLAB_FORCE_RUN_ASYNC: true,
        SQLLAB_BACKEND_PERSISTENCE: true,
      });
    } finally {
      flags.GLOBAL_ASYNC_QUERIES = false;
      flags.HORIZONTAL_FILTER_BAR = false;
      delete sqllab.forceRunAsync;
    }
  });

  it("gives the user's tabs, the active one in full, and the tabs' recent runs and latest runs only", async () => {
    const tab = async (name: string) =>
      (await admin.post('/tabstateview/', { queryEditor: { name, dbId: pgId, sql: `-- ${name}` } })).body.id as number;
    const first = await tab('First');
    const second = await tab('Second');
    const hour = 60 * 60 * 1000;
    await insertQueryRun(t, {
      clientId: 'bRECENT0001',
      userId: admin.userId,
      databaseId: pgId,
      sqlEditorId: String(first),
    });
    await insertQueryRun(t, {
      clientId: 'bOLD0000001',
      userId: admin.userId,
      databaseId: pgId,
      sqlEditorId: String(first),
      startMs: Date.now() - 8 * hour,
    });
    await insertQueryRun(t, {
      clientId: 'bOLDLATEST1',
      userId: admin.userId,
      databaseId: pgId,
      sqlEditorId: String(second),
      startMs: Date.now() - 9 * hour,
    });
    await insertQueryRun(t, {
      clientId: 'bNOTAB00001',
      userId: admin.userId,
      databaseId: pgId,
      sqlEditorId: 'local-only',
    });
    await insertQueryRun(t, {
      clientId: 'bOTHERUSER1',
      userId: analyst.userId,
      databaseId: pgId,
      sqlEditorId: String(first),
    });
    expect((await admin.put(`/tabstateview/${second}`, { latest_query_id: 'bOLDLATEST1' })).status).toBe(200);
    expect((await admin.post(`/tabstateview/${first}/activate`)).status).toBe(200);

    const { result } = (await admin.get('/api/v1/sqllab/')).body;
    expect(result.tab_state_ids).toEqual([
      [first, 'First'],
      [second, 'Second'],
    ]);
    expect(result.active_tab).toMatchObject({
      id: first,
      label: 'First',
      active: true,
      sql: '-- First',
      table_schemas: [],
    });
    expect(Object.keys(result.queries).sort()).toEqual(['bOLDLATEST1', 'bRECENT0001']);
    expect(result.queries.bRECENT0001).toMatchObject({
      id: 'bRECENT0001',
      dbId: pgId,
      sqlEditorId: String(first),
      state: 'success',
    });

    // Another user sees none of it.
    const other = (await analyst.get('/api/v1/sqllab/')).body.result;
    expect(other).toMatchObject({ active_tab: null, queries: {}, tab_state_ids: [] });
  });

  it('with SQLLAB_BACKEND_PERSISTENCE off, gives the databases but no server tabs nor their runs', async () => {
    expect((await admin.get('/api/v1/sqllab/')).body.result.tab_state_ids.length).toBeGreaterThan(0);
    const flags = t.config.featureFlags;
    flags.SQLLAB_BACKEND_PERSISTENCE = false;
    try {
      const { result } = (await admin.get('/api/v1/sqllab/')).body;
      expect(result).toMatchObject({
        active_tab: null,
        queries: {},
        tab_state_ids: [],
        feature_flags: { SQLLAB_BACKEND_PERSISTENCE: false },
      });
      expect(Object.keys(result.databases).map(Number).sort()).toEqual([pgId, mysqlId].sort());
    } finally {
      flags.SQLLAB_BACKEND_PERSISTENCE = true;
    }
  });

  it('shows only databases the user can access, and needs SQL Lab access', async () => {
    // sql_lab alone grants the editor but no database: nothing to query until an admin grants one.
    expect((await analyst.get('/api/v1/sqllab/')).body.result.databases).toEqual({});
    expect((await alpha.get('/api/v1/sqllab/')).status).toBe(403);
  });

  it("lists the exposed databases granted to one of the user's roles (PUT /api/v1/database/{id}/access), and only those", async () => {
    const grantee = await userClient(t, ['sql_lab', 'Gamma']);
    expect((await grantee.get('/api/v1/sqllab/')).body.result.databases).toEqual({});
    // A grant on a database hidden from SQL Lab must not make it appear.
    for (const id of [pgId, hiddenId])
      expect((await admin.put(`/api/v1/database/${id}/access`, { roles: ['Gamma'] })).status).toBe(200);
    const { databases } = (await grantee.get('/api/v1/sqllab/')).body.result;
    expect(Object.keys(databases).map(Number)).toEqual([pgId]);
    expect(databases[pgId]).toMatchObject({ id: pgId, database_name: 'warehouse', backend: 'postgresql' });
    // The grant is per role: sql_lab alone still sees nothing.
    expect((await analyst.get('/api/v1/sqllab/')).body.result.databases).toEqual({});
    expect((await admin.put(`/api/v1/database/${pgId}/access`, { roles: [] })).status).toBe(200);
    expect((await grantee.get('/api/v1/sqllab/')).body.result.databases).toEqual({});
  });
});
