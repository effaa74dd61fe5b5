import { activeQueryEditor, visibleQueryEditors, SQLLAB_BROWSER_STORAGE_KEY } from '@strata/domain';
import { createTestContext } from '../../../shared/test-context';
import { currentValue } from '../../../shared/use-store-state';
import { TestServer } from '../../../testing/test-server';
import { HttpClient } from '../../api/http-client';
import { createErrors } from '../../errors/errors.feature';
import { createToasts, type ToastsFeature } from '../../toasts/toasts.feature';
import { createSqlLab, type SqlLabDeps, type SqlLabFeature } from '../sqllab.feature';
import { sqlLabTestApi } from '../testing/sqllab-test-api';

let server: TestServer;
let api: ReturnType<typeof sqlLabTestApi>;
let toasts: ToastsFeature;
const open: SqlLabFeature[] = [];

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until(check: () => boolean, ms = 30_000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`condition not met in time: ${check.toString()}`);
    await wait(20);
  }
}

function sqlLab(options: Partial<SqlLabDeps> = {}): SqlLabFeature {
  const context = createTestContext();
  const feature = createSqlLab({
    // One session per page load, as in the browser.
    context: { ...context, sessionId: `session-${open.length}`, newId: () => `${Math.random().toString(36).slice(2)}` },
    http: new HttpClient({ baseUrl: server.baseUrl }),
    toasts,
    errors: createErrors(context, toasts),
    storage: localStorage,
    backendPersistence: false,
    ...options,
  });
  open.push(feature);
  feature.open();
  return feature;
}

const tabsOf = (f: SqlLabFeature) => visibleQueryEditors(f.store.getState()).map((t) => ({ name: t.name, sql: t.sql }));

function threeTabs(f: SqlLabFeature) {
  const ids = [
    f.addTab({ name: 'First', sql: 'SELECT 1' }),
    f.addTab({ name: 'Second', sql: 'SELECT 2' }),
    f.addTab({ name: 'Third', sql: 'SELECT 3' }),
  ];
  f.execute({ type: 'SwitchTab', data: { queryEditorId: ids[1]! } });
  return ids;
}

beforeEach(async () => {
  localStorage.clear();
  api = sqlLabTestApi();
  server = await new TestServer(api.handler).start();
  toasts = createToasts(createTestContext());
});

afterEach(async () => {
  open.splice(0).forEach((f) => f.dispose());
  toasts.dispose();
  await server.stop();
});

describe('browser persistence (key redux)', () => {
  it('brings back the tabs, their SQL and names and the active tab after a reload', async () => {
    const first = sqlLab();
    threeTabs(first);
    await wait(400);
    first.dispose();

    const reloaded = sqlLab();
    expect(tabsOf(reloaded)).toEqual([
      { name: 'First', sql: 'SELECT 1' },
      { name: 'Second', sql: 'SELECT 2' },
      { name: 'Third', sql: 'SELECT 3' },
    ]);
    expect(activeQueryEditor(reloaded.store.getState())?.name).toBe('Second');
    // A restore is not an undo step: Ctrl+Z has nothing to take back.
    expect(reloaded.store.store.log.canUndo('1')).toBe(false);
  });

  it('never stores result rows', async () => {
    const f = sqlLab();
    const tab = f.addTab({ name: 'Flights', sql: 'SELECT * FROM flights', dbId: 1, schema: 'public' });
    await f.catalog.loadDatabases();
    const queryId = f.run(tab, 'all')!;
    await until(() => f.store.getState().queries[queryId]?.state === 'success');
    expect(f.store.getState().queries[queryId]!.results!.data).toHaveLength(1000);
    await wait(400);
    const stored = JSON.parse(localStorage.getItem(SQLLAB_BROWSER_STORAGE_KEY)!) as {
      sqlLab: { queries: Record<string, { results: { data: unknown[] } | null; rows: number }> };
    };
    expect(stored.sqlLab.queries[queryId]!.rows).toBe(1000);
    expect(stored.sqlLab.queries[queryId]!.results?.data ?? []).toEqual([]);

    // After a reload the run is there without rows; fetching runs it again (no stored results here).
    f.dispose();
    const reloaded = sqlLab();
    await reloaded.catalog.loadDatabases();
    expect(reloaded.store.getState().queries[queryId]!.rows).toBe(1000);
    reloaded.refetch(queryId);
    const tabId = activeQueryEditor(reloaded.store.getState())!.id;
    await until(() => {
      const latest =
        reloaded.store.getState().queries[activeQueryEditor(reloaded.store.getState())!.latestQueryId ?? ''];
      return latest?.state === 'success' && latest.results?.data.length === 1000;
    });
    expect(tabId).toBe(tab);
  });
});

describe('backend persistence (tabstateview)', () => {
  const timing = { syncIntervalMs: 50, autosaveMs: 50 };

  it('migrates local tabs to the server, saves edits, deletes closed tabs and restores from the server', async () => {
    const f = sqlLab({ backendPersistence: true, backendTiming: timing });
    await until(() => currentValue(f.ready$));
    const [first, second] = threeTabs(f);
    await until(() => api.tabs.length === 3 && visibleQueryEditors(f.store.getState()).every((t) => !t.inLocalStorage));
    // Local ids became the server's ids.
    const ids = visibleQueryEditors(f.store.getState()).map((t) => t.id);
    expect(ids).toEqual(api.tabs.map((t) => String(t['id'])));
    expect(ids).not.toContain(first);
    expect(ids).not.toContain(second);
    // A keystroke or selection handled under the old local id still reaches the tab.
    f.editSql(first!, 'SELECT 11', true);
    f.execute({ type: 'SetSelectedText', data: { queryEditorId: second!, selectedText: 'SELECT' } });
    expect(visibleQueryEditors(f.store.getState()).map((t) => [t.sql, t.selectedText])).toEqual([
      ['SELECT 11', null],
      ['SELECT 2', 'SELECT'],
      ['SELECT 3', null],
    ]);

    f.editSql(ids[1]!, 'SELECT 22', true);
    await until(() => api.tabs[1]!['sql'] === 'SELECT 22');
    await until(() => api.tabs[1]!['active'] === true);

    f.execute({ type: 'CloseTab', data: { queryEditorId: ids[2]!, at: f.now() } });
    await until(() => api.tabs.length === 2 && Object.keys(f.store.getState().destroyedQueryEditors).length === 0);
    f.dispose();

    // A new browser: nothing stored locally, everything from the server.
    localStorage.clear();
    const other = sqlLab({ backendPersistence: true, backendTiming: timing });
    await until(() => other.store.getState().queryEditors.length === 2);
    expect(activeQueryEditor(other.store.getState())?.sql).toBe('SELECT 22');
    // The inactive tab is known by name until it is opened, then fetched.
    other.execute({ type: 'SwitchTab', data: { queryEditorId: ids[0]! } });
    await until(() => activeQueryEditor(other.store.getState())?.loaded === true);
    expect(activeQueryEditor(other.store.getState())?.sql).toBe('SELECT 11');
  });

  it('comes back on the tab switched to and with a rename not yet saved, after a quick reload', async () => {
    const f = sqlLab({ backendPersistence: true, backendTiming: timing });
    await until(() => currentValue(f.ready$));
    threeTabs(f);
    await until(() => api.tabs.length === 3 && visibleQueryEditors(f.store.getState()).every((t) => !t.inLocalStorage));
    const ids = visibleQueryEditors(f.store.getState()).map((t) => t.id);
    f.dispose();

    const slow = { syncIntervalMs: 60_000, autosaveMs: 60_000 };
    const g = sqlLab({ backendPersistence: true, backendTiming: slow });
    await until(() => currentValue(g.ready$) && g.store.getState().queryEditors.length === 3);
    g.execute({ type: 'RenameTab', data: { queryEditorId: ids[2]!, name: 'Renamed', at: g.now() } });
    g.execute({ type: 'SwitchTab', data: { queryEditorId: ids[0]! } });
    await until(() => api.tabs[0]!['active'] === true);
    await wait(400);
    g.dispose();
    expect(api.tabs[2]!['label']).not.toBe('Renamed'); // the autosave has not run

    const h = sqlLab({ backendPersistence: true, backendTiming: slow });
    await until(() => currentValue(h.ready$) && h.store.getState().queryEditors.length === 3);
    expect(activeQueryEditor(h.store.getState())?.id).toBe(ids[0]);
    expect(visibleQueryEditors(h.store.getState()).map((t) => t.name)).toEqual(['First', 'Second', 'Renamed']);
  });

  // The server makes a tab it creates its active one: a switch made while a new tab was being stored
  // must still reach it, or a reload comes back on the new tab.
  it('activates the tab switched to while a new tab was being stored', async () => {
    const f = sqlLab({ backendPersistence: true, backendTiming: timing });
    await until(() => currentValue(f.ready$));
    const first = f.addTab({ name: 'First', sql: 'SELECT 1' });
    await until(() => api.tabs.length === 1 && f.store.getState().lastUpdatedActiveTab === String(api.tabs[0]!['id']));
    let release = () => undefined as void;
    api.control.tabCreateHeld = new Promise<void>((resolve) => (release = resolve));
    f.addTab({ name: 'Second', sql: 'SELECT 2' });
    await until(
      () =>
        api.tabRequests.includes('POST /tabstateview/') &&
        api.tabRequests.filter((r) => r === 'POST /tabstateview/').length === 2,
    );
    f.execute({ type: 'SwitchTab', data: { queryEditorId: first } });
    api.control.tabCreateHeld = null;
    release();
    await until(() => api.tabs.length === 2 && api.tabs[0]!['active'] === true && api.tabs[1]!['active'] === false);
  });

  it('stores a rename made while its tab was being stored', async () => {
    const f = sqlLab({ backendPersistence: true, backendTiming: timing });
    await until(() => currentValue(f.ready$));
    f.addTab({ name: 'Stored', sql: 'SELECT 1' });
    await until(() => api.tabs.length === 1 && !f.store.getState().queryEditors[0]!.inLocalStorage);
    let release = () => undefined as void;
    api.control.tabCreateHeld = new Promise<void>((resolve) => (release = resolve));
    const tab = f.addTab({ name: 'Untitled Query 2', sql: 'SELECT 2' });
    await until(() => api.tabRequests.filter((r) => r === 'POST /tabstateview/').length === 2);
    f.execute({ type: 'RenameTab', data: { queryEditorId: tab, name: 'Renamed', at: f.now() } });
    // The autosave stores the other tab's edit while this one is still local: it must not count the
    // rename as stored.
    f.editSql(f.store.getState().queryEditors[0]!.id, 'SELECT 11', true);
    await until(() => api.tabs[0]!['sql'] === 'SELECT 11');
    api.control.tabCreateHeld = null;
    release();
    await until(() => api.tabs.length === 2 && api.tabs[1]!['label'] === 'Renamed');
  });

  it('shows the stored results of the latest run of the tab the server restores', async () => {
    const latest = {
      id: 'storedquery',
      dbId: 1,
      sql: 'SELECT * FROM flights',
      sqlEditorId: '1',
      state: 'success',
      rows: 1000,
      limitingFactor: 'DROPDOWN',
      resultsKey: 'key-1',
      startDttm: 1000,
      endDttm: 2000,
    };
    api.tabs.push({
      id: 1,
      user_id: 1,
      label: 'Stored',
      active: true,
      database_id: 1,
      catalog: null,
      schema: 'public',
      table_schemas: [],
      sql: 'SELECT * FROM flights',
      query_limit: 1000,
      latest_query: latest,
      autorun: false,
      template_params: null,
      hide_left_bar: false,
      saved_query: null,
      extra_json: null,
    });
    const f = sqlLab({ backendPersistence: true, backendTiming: timing });
    await until(() => f.store.getState().queries['storedquery']?.results?.data.length === 1000);
    expect(activeQueryEditor(f.store.getState())).toMatchObject({ name: 'Stored', latestQueryId: 'storedquery' });
    expect(f.store.getState().queries['storedquery']).toMatchObject({
      state: 'success',
      rows: 1000,
      limitingFactor: 'DROPDOWN',
    });
  });

  it('stores a tab again when its close is undone after the server deleted it', async () => {
    const f = sqlLab({ backendPersistence: true, backendTiming: timing });
    await until(() => currentValue(f.ready$));
    threeTabs(f);
    await until(() => api.tabs.length === 3 && visibleQueryEditors(f.store.getState()).every((t) => !t.inLocalStorage));
    const closed = visibleQueryEditors(f.store.getState())[2]!.id;
    f.execute({ type: 'CloseTab', data: { queryEditorId: closed, at: f.now() } });
    await until(() => api.tabs.length === 2 && Object.keys(f.store.getState().destroyedQueryEditors).length === 0);
    f.undo();
    f.editSql(visibleQueryEditors(f.store.getState())[2]!.id, 'SELECT 33', true);
    await until(() => api.tabs.length === 3 && api.tabs[2]!['sql'] === 'SELECT 33');
    expect(visibleQueryEditors(f.store.getState()).map((t) => t.name)).toEqual(['First', 'Second', 'Third']);
    expect(visibleQueryEditors(f.store.getState())[2]!.id).toBe(String(api.tabs[2]!['id']));
  });

  it('never saves a log imported for a look (time travel)', async () => {
    const other = sqlLab({ storage: null });
    threeTabs(other);
    const f = sqlLab({ backendPersistence: true, backendTiming: timing });
    await until(() => currentValue(f.ready$));
    const before = localStorage.getItem(SQLLAB_BROWSER_STORAGE_KEY);
    f.store.store.importLog(other.store.store.exportLog());
    expect(visibleQueryEditors(f.store.getState()).map((t) => t.name)).toEqual(['First', 'Second', 'Third']);
    await wait(400);
    expect(api.tabRequests.filter((r) => !r.startsWith('GET'))).toEqual([]);
    expect(localStorage.getItem(SQLLAB_BROWSER_STORAGE_KEY)).toBe(before);
  });

  it('drops a tab the server no longer knows', async () => {
    const f = sqlLab({ backendPersistence: true, backendTiming: timing });
    await until(() => currentValue(f.ready$));
    threeTabs(f);
    await until(() => api.tabs.length === 3 && visibleQueryEditors(f.store.getState()).every((t) => !t.inLocalStorage));
    f.dispose();
    localStorage.clear();
    const gone = String(api.tabs[0]!['id']);
    api.tabs.splice(0, 1);
    api.tabs.push({ ...api.tabs[0]!, id: Number(gone), active: false, label: 'ghost' });
    const other = sqlLab({ backendPersistence: true, backendTiming: timing });
    await until(() => other.store.getState().queryEditors.length === 3);
    api.tabs.splice(api.tabs.length - 1, 1);
    other.execute({ type: 'SwitchTab', data: { queryEditorId: gone } });
    await until(() => other.store.getState().queryEditors.length === 2);
  });
});
