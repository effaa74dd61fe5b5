import { deciderSpec } from '@strata/domain/testing';
import { activeTabId, initialSqlLabState, queryEditorById, type SqlLabState } from '../editor/model';
import { sqlLabDecider } from '../sqllab.decider';
import type { SqlLabEvent } from '../sqllab.events';
import { added, QID, sqlEdited, started, tab } from '../testing/fixtures';
import { newTableEntry } from '../tables/table-events';
import { isUndoableSqlLabEvent } from '../undoable';
import { PERSISTENCE_EVENT_TYPES } from './persistence-events';
import {
  newTabStatePayload,
  savedQueryPayload,
  savedQueryToTabFields,
  tabStateToQueryEditor,
  tabStateToTables,
  tabStateUpdate,
  tabStubToQueryEditor,
  type TabStateDict,
} from './tab-state-mapping';

const spec = deciderSpec(sqlLabDecider);
const fold = (events: readonly SqlLabEvent[], from: SqlLabState = initialSqlLabState()) =>
  events.reduce(sqlLabDecider.evolve, from);
const table = newTableEntry({ id: 't1', dbId: 1, queryEditorId: 'loc', catalog: null, schema: 's', name: 'n' });
const local = [
  added(tab('loc', 'Local')),
  started({ sqlEditorId: 'loc' }),
  { type: 'sqllab/tableAdded', data: { table } } as SqlLabEvent,
];

describe('SQL Lab persistence events', () => {
  it('sqllab-and-platform §4 Persistence: a migrated tab takes its server id everywhere, with its tables and queries', () => {
    const state = fold([...local, { type: 'sqllab/tabMigrated', data: { localId: 'loc', remoteId: '42' } }]);
    expect(state.queryEditors.map((qe) => [qe.id, qe.inLocalStorage])).toEqual([['42', false]]);
    expect(state.tabHistory).toEqual(['42']);
    expect(state.tables[0]?.queryEditorId).toBe('42');
    expect(state.queries[QID]?.sqlEditorId).toBe('42');
    expect(queryEditorById(state, '42')?.latestQueryId).toBe(QID);
  });

  it('REFERENCE tabstateview: the server activates a tab it creates, so the shown tab must be activated again', () => {
    const state = fold([
      added(tab('41', 'Stored')),
      { type: 'sqllab/activeTabSynced', data: { queryEditorId: '41' } },
      ...local,
      { type: 'sqllab/tabSwitched', data: { queryEditorId: '41' } } as SqlLabEvent,
      { type: 'sqllab/tabMigrated', data: { localId: 'loc', remoteId: '42' } },
    ]);
    expect(state.lastUpdatedActiveTab).toBe('42');
    expect(activeTabId(state)).toBe('41');
  });

  it('a migration onto an id already used is refused', () => {
    spec
      .given([...local, added(tab('42', 'Other'))])
      .when({ type: 'RecordTabMigrated', data: { localId: 'loc', remoteId: '42' } })
      .thenThrows('tab_id_taken');
  });

  it('sqllab-and-platform §4 Persistence: a migrated table takes its server id and is no longer local-only', () => {
    const state = fold([...local, { type: 'sqllab/tableMigrated', data: { localId: 't1', remoteId: '9' } }]);
    expect(state.tables[0]).toMatchObject({ id: '9', inLocalStorage: false });
  });

  it('sqllab-and-platform §4 Persistence: a tab fetch returning 404 removes the tab locally, without a destroyed marker', () => {
    spec
      .given(local)
      .when({ type: 'DropTab', data: { queryEditorId: 'loc' } })
      .thenState({ ...initialSqlLabState() });
  });

  it('sqllab-and-platform §4 Tabs: a destroyed marker can be cleared later', () => {
    spec
      .given([...local, { type: 'sqllab/tabClosed', data: { queryEditorId: 'loc', at: 3 } }])
      .when({ type: 'ClearDestroyedTab', data: { queryEditorId: 'loc' } })
      .thenState(initialSqlLabState());
  });

  it('sqllab-and-platform §4 Persistence: on a successful save the last-update time is set', () => {
    expect(fold([{ type: 'sqllab/editorStateSaved', data: { at: 500 } }]).editorTabLastUpdatedAt).toBe(500);
  });

  it('a loaded tab replaces its stub and its tables', () => {
    const stub = tabStubToQueryEditor(5, 'Later');
    const full = { ...stub, loaded: true, sql: 'SELECT 5' };
    const state = fold([added(stub), { type: 'sqllab/tabLoaded', data: { queryEditor: full, tables: [] } }]);
    expect(state.queryEditors[0]).toMatchObject({ id: '5', loaded: true, sql: 'SELECT 5' });
  });

  it('restoring the editor state replaces it (hydration)', () => {
    const restored = fold(local);
    spec
      .given([added(tab('z', 'Z'))])
      .when({ type: 'RestoreEditorState', data: { state: restored } })
      .thenState(restored);
  });

  it('DESIGN: loading and syncing are never undo steps', () => {
    for (const type of Object.keys(PERSISTENCE_EVENT_TYPES)) expect(isUndoableSqlLabEvent(type)).toBe(false);
  });
});

const tabState: TabStateDict = {
  id: 12,
  user_id: 1,
  label: null,
  active: true,
  database_id: 3,
  catalog: null,
  schema: 'public',
  table_schemas: [
    {
      id: 7,
      tab_state_id: 12,
      database_id: 3,
      catalog: null,
      schema: 'public',
      table: 'flights',
      expanded: false,
      description: { dataPreviewQueryId: QID, selectStar: 'SELECT *' },
    },
    {
      id: 8,
      tab_state_id: 12,
      database_id: 3,
      catalog: null,
      schema: 'public',
      table: 'gone',
      expanded: true,
      description: null,
    },
  ],
  sql: 'SELECT 1',
  query_limit: 100,
  latest_query: { id: QID },
  autorun: false,
  template_params: '{"a":1}',
  hide_left_bar: true,
  saved_query: { id: 4 },
  extra_json: { updatedAt: 1234, version: 1 },
};

describe('SQL Lab tab state mapping (REFERENCE §1.9)', () => {
  it("sqllab-and-platform §2: a tab saved without a name is called 'Untitled query'", () => {
    expect(tabStateToQueryEditor(tabState).name).toBe('Untitled query');
  });

  it('sqllab-and-platform §3: the server tab maps to the editor tab', () => {
    expect(tabStateToQueryEditor({ ...tabState, label: 'Sales' })).toMatchObject({
      id: '12',
      name: 'Sales',
      sql: 'SELECT 1',
      dbId: 3,
      schema: 'public',
      queryLimit: 100,
      latestQueryId: QID,
      remoteId: 4,
      templateParams: '{"a":1}',
      hideLeftBar: true,
      updatedAt: 1234,
      loaded: true,
      inLocalStorage: false,
    });
  });

  it('sqllab-and-platform §3: table schemas map to table entries; those without a description are skipped', () => {
    const tables = tabStateToTables(tabState);
    expect(tables).toHaveLength(1);
    expect(tables[0]).toMatchObject({
      id: '7',
      queryEditorId: '12',
      name: 'flights',
      expanded: false,
      dataPreviewQueryId: QID,
      selectStar: 'SELECT *',
    });
  });

  it('sqllab-and-platform §7: the update sends the tab fields with extra_json (updatedAt, version)', () => {
    const qe = { ...tabStateToQueryEditor({ ...tabState, label: 'Sales' }) };
    expect(tabStateUpdate(qe)).toEqual({
      database_id: 3,
      catalog: null,
      schema: 'public',
      sql: 'SELECT 1',
      label: 'Sales',
      query_limit: 100,
      latest_query_id: QID,
      template_params: '{"a":1}',
      hide_left_bar: true,
      autorun: false,
      extra_json: { updatedAt: 1234, version: 1 },
    });
    expect(newTabStatePayload(qe)).toMatchObject({ name: 'Sales', dbId: 3, remoteId: 4, templateParams: '{"a":1}' });
  });

  it('sqllab-and-platform §3 Saved query payload: label, db_id, catalog, schema, sql, template_parameters and back', () => {
    const qe = fold([added(tab('a', 'Revenue', { dbId: 2, schema: 's', sql: 'SELECT 2', templateParams: '{}' }))])
      .queryEditors[0]!;
    const payload = savedQueryPayload(qe);
    expect(payload).toEqual({
      label: 'Revenue',
      db_id: 2,
      catalog: null,
      schema: 's',
      sql: 'SELECT 2',
      template_parameters: '{}',
    });
    expect(savedQueryToTabFields({ ...payload, id: 33 })).toEqual({
      remoteId: 33,
      dbId: 2,
      name: 'Revenue',
      templateParams: '{}',
      catalog: null,
      schema: 's',
      sql: 'SELECT 2',
    });
  });

  it('a tab stub is known by id and name only, until loaded', () => {
    expect(tabStubToQueryEditor(5, 'Later')).toMatchObject({
      id: '5',
      name: 'Later',
      loaded: false,
      inLocalStorage: false,
    });
  });

  it('unsaved edits travel with the active tab into the mapping', () => {
    const state = fold([added(tab('a', 'A')), sqlEdited('a', 'SELECT 7')]);
    expect(tabStateUpdate(queryEditorById(state, activeTabId(state)!)!).sql).toBe('SELECT 7');
  });
});
