import { activeTabId, initialSqlLabState, type SqlLabState } from '../editor/model';
import { newEditorQuery } from '../queries/query';
import { sqlLabDecider } from '../sqllab.decider';
import type { SqlLabEvent } from '../sqllab.events';
import { added, QID, QID2, runRequest, sqlEdited, started, successResults, switched, tab } from '../testing/fixtures';
import { newTableEntry } from '../tables/table-events';
import {
  browserStorageState,
  isBrowserStorageNearlyFull,
  mergeBrowserState,
  serializeBrowserState,
  shouldEmptyQueryResults,
  storableQuery,
  storageSizeKb,
  tabSyncPlan,
} from './browser-storage';

const fold = (events: readonly SqlLabEvent[], from: SqlLabState = initialSqlLabState()): SqlLabState =>
  events.reduce(sqlLabDecider.evolve, from);
const DAY = 86_400_000;
const succeeded: SqlLabEvent = {
  type: 'sqllab/runSucceeded',
  data: { queryId: QID, results: successResults(), endDttm: 2000 },
};

describe('SQL Lab browser storage: results', () => {
  it('sqllab-and-platform §4: result rows are never written to browser storage', () => {
    const query = fold([added(tab('a', 'A')), started(), succeeded]).queries[QID]!;
    const stored = storableQuery(query, 1000);
    expect(stored.results?.data).toEqual([]);
    expect(stored.results?.columns).toEqual(query.results?.columns);
  });

  it('sqllab-and-platform §9: results of a run started more than 86400000 ms ago are dropped', () => {
    const query = newEditorQuery(runRequest({ startDttm: 0 }));
    expect(shouldEmptyQueryResults(query, DAY)).toBe(false);
    expect(shouldEmptyQueryResults(query, DAY + 1)).toBe(true);
  });

  it('sqllab-and-platform §9: results whose size estimate (2 bytes per char) exceeds 1024 KB are dropped', () => {
    const base = newEditorQuery(runRequest({ startDttm: 0 }));
    const sized = (chars: number) => ({ ...base, results: { ...successResults(), data: [{ v: 'x'.repeat(chars) }] } });
    // 1024 KB = 524288 characters at 2 bytes each; the JSON wrapper adds a few more.
    expect(shouldEmptyQueryResults(sized(500_000), 10)).toBe(false);
    expect(shouldEmptyQueryResults(sized(530_000), 10)).toBe(true);
    expect(storableQuery(sized(530_000), 10).results).toBeNull();
  });

  it('sqllab-and-platform §4: the stored size is recorded in kilobytes rounded to 2 decimals', () => {
    expect(storageSizeKb('x'.repeat(1000))).toBe(1.95);
    expect(storageSizeKb('')).toBe(0);
    const { json, sizeKb } = serializeBrowserState({ queryEditors: [] });
    expect(json).toBe('{"sqlLab":{"queryEditors":[]}}');
    expect(sizeKb).toBe(storageSizeKb(json));
  });

  it('sqllab-and-platform §9: the storage warning starts past 90% of 5120 KB', () => {
    expect(isBrowserStorageNearlyFull(4608)).toBe(false);
    expect(isBrowserStorageNearlyFull(4608.01)).toBe(true);
  });
});

describe('SQL Lab browser storage: what is written', () => {
  const state = fold([
    added(tab('a', 'A', { updatedAt: 10, inLocalStorage: false })),
    added(tab('b', 'B', { updatedAt: 30, inLocalStorage: true })),
    sqlEdited('b', 'SELECT 2', 40),
    started({ sqlEditorId: 'b' }),
    started({ id: QID2, sqlEditorId: null, isDataPreview: true }),
    {
      type: 'sqllab/tableAdded',
      data: { table: newTableEntry({ id: 't1', dbId: 1, queryEditorId: 'b', catalog: null, schema: 's', name: 'x' }) },
    },
    { type: 'sqllab/editorStateSaved', data: { at: 20 } },
    { type: 'sqllab/tabClosed', data: { queryEditorId: 'a', at: 50 } },
  ]);
  const withLocalQueries = {
    ...state,
    queries: Object.fromEntries(Object.entries(state.queries).map(([k, q]) => [k, { ...q, inLocalStorage: true }])),
  };

  it('sqllab-and-platform §4: with backend persistence, only changed tabs (with their unsaved edits) are written', () => {
    const stored = browserStorageState(withLocalQueries, { backendPersistence: true, now: 100 });
    expect(stored.queryEditors.map((qe) => [qe.id, qe.sql])).toEqual([['b', 'SELECT 2']]);
  });

  it('sqllab-and-platform §4: with backend persistence, the history, local-only tables and queries (no data previews) and destroyed tabs', () => {
    const stored = browserStorageState(withLocalQueries, { backendPersistence: true, now: 100 });
    expect(stored.tabHistory).toEqual(['b']);
    expect(stored.tables?.map((t) => t.id)).toEqual(['t1']);
    expect(Object.keys(stored.queries ?? {})).toEqual([QID]);
    expect(stored.destroyedQueryEditors).toEqual({ a: 50 });
  });

  it('sqllab-and-platform §4: once every changed tab is on the server, no history, tables or queries are written', () => {
    const migrated = fold([{ type: 'sqllab/tabMigrated', data: { localId: 'b', remoteId: '12' } }], withLocalQueries);
    const stored = browserStorageState(migrated, { backendPersistence: true, now: 100 });
    expect(stored.queryEditors.map((qe) => qe.id)).toEqual(['12']);
    expect(stored.tabHistory).toBeUndefined();
    expect(stored.queries).toBeUndefined();
  });

  it('without backend persistence every tab, table and query is written, still without rows', () => {
    const s = fold(
      [
        started({ id: 'q0000000003', sqlEditorId: 'b' }),
        { type: 'sqllab/runSucceeded', data: { queryId: 'q0000000003', results: successResults(), endDttm: 5 } },
      ],
      state,
    );
    const stored = browserStorageState(s, { backendPersistence: false, now: 100 });
    expect(stored.queryEditors.map((qe) => qe.id)).toEqual(['b']);
    expect(Object.keys(stored.queries ?? {}).sort()).toEqual([QID, QID2, 'q0000000003'].sort());
    expect(JSON.stringify(stored)).not.toContain('"x":1');
  });
});

describe('SQL Lab browser storage: merge on load', () => {
  const server = fold([
    added(tab('1', 'Server one', { updatedAt: 100, inLocalStorage: false })),
    added(tab('2', 'Server two', { updatedAt: 100, inLocalStorage: false })),
  ]);

  it('sqllab-and-platform §4: local entries win when newer than the server', () => {
    const { state } = mergeBrowserState(server, {
      queryEditors: [tab('1', 'Local one', { updatedAt: 200, sql: 'SELECT local' })],
    });
    expect(state.queryEditors.find((qe) => qe.id === '1')).toMatchObject({
      name: 'Local one',
      sql: 'SELECT local',
      inLocalStorage: false,
    });
  });

  it('sqllab-and-platform §4: older local entries lose to the server', () => {
    const { state } = mergeBrowserState(server, { queryEditors: [tab('1', 'Old local', { updatedAt: 50 })] });
    expect(state.queryEditors.find((qe) => qe.id === '1')?.name).toBe('Server one');
  });

  it('sqllab-and-platform §4: local entries unknown to the server are kept, marked local-only', () => {
    const { state } = mergeBrowserState(server, {
      queryEditors: [tab('x', 'Local only', { updatedAt: 1 })],
      tabHistory: ['x'],
    });
    expect(state.queryEditors.map((qe) => qe.id)).toEqual(['1', '2', 'x']);
    expect(state.queryEditors[2]?.inLocalStorage).toBe(true);
    expect(activeTabId(state)).toBe('x');
  });

  it('sqllab-and-platform §4: an empty stored tab list removes the stored state', () => {
    expect(mergeBrowserState(server, { queryEditors: [] })).toEqual({ state: server, removeStored: true });
  });

  it('sqllab-and-platform §4: destroyed tabs are removed from the list', () => {
    const { state } = mergeBrowserState(server, {
      queryEditors: [tab('x', 'X')],
      destroyedQueryEditors: { '2': 77 },
      tabHistory: ['2'],
    });
    expect(state.queryEditors.map((qe) => qe.id)).toEqual(['1', 'x']);
    expect(state.destroyedQueryEditors).toEqual({ '2': 77 });
    expect(state.tabHistory).not.toContain('2');
  });

  it('stored local-only queries and tables of known tabs come back', () => {
    const query = { ...newEditorQuery(runRequest({ sqlEditorId: 'x' })) };
    const table = newTableEntry({ id: 't', dbId: 1, queryEditorId: 'x', catalog: null, schema: 's', name: 'n' });
    const orphan = newTableEntry({ id: 'o', dbId: 1, queryEditorId: 'gone', catalog: null, schema: 's', name: 'n' });
    const { state } = mergeBrowserState(server, {
      queryEditors: [tab('x', 'X')],
      queries: { [QID]: query },
      tables: [table, orphan],
    });
    expect(state.queries[QID]?.inLocalStorage).toBe(true);
    expect(state.tables.map((t) => t.id)).toEqual(['t']);
  });
});

describe('SQL Lab tab sync plan', () => {
  it('sqllab-and-platform §4: the active tab is activated on the server when it differs from the last activated one, unless local-only', () => {
    const state = fold([
      added(tab('1', 'One', { inLocalStorage: false })),
      added(tab('2', 'Two', { inLocalStorage: false })),
      { type: 'sqllab/activeTabSynced', data: { queryEditorId: '1' } },
    ]);
    expect(tabSyncPlan(state).activate).toBe('2');
    expect(tabSyncPlan(fold([switched('1')], state)).activate).toBeNull();
    const local = fold([added(tab('3', 'Three'))], state);
    expect(tabSyncPlan(local)).toEqual({ activate: null, migrate: ['3'], deleteRemote: [] });
  });

  it('sqllab-and-platform §4: destroyed tabs are deleted remotely and then cleared locally', () => {
    const state = fold([
      added(tab('1', 'One', { inLocalStorage: false })),
      added(tab('2', 'Two', { inLocalStorage: false })),
      { type: 'sqllab/tabClosed', data: { queryEditorId: '2', at: 9 } },
    ]);
    expect(tabSyncPlan(state).deleteRemote).toEqual(['2']);
    const cleared = fold([{ type: 'sqllab/destroyedTabCleared', data: { queryEditorId: '2' } }], state);
    expect(tabSyncPlan(cleared).deleteRemote).toEqual([]);
  });
});
