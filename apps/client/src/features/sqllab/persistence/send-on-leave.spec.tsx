import { act, fireEvent, render, screen } from '@testing-library/react';
import { Link, MemoryRouter, Route, Routes } from 'react-router-dom';
import type ace from 'ace-builds';
import { activeQueryEditor, SQLLAB_BROWSER_STORAGE_KEY } from '@strata/domain';
import { createTestContext } from '../../../shared/test-context';
import { currentValue } from '../../../shared/use-store-state';
import { TestServer } from '../../../testing/test-server';
import { HttpClient } from '../../api/http-client';
import { createErrors } from '../../errors/errors.feature';
import { createToasts, type ToastsFeature } from '../../toasts/toasts.feature';
import { LiveSqlLabPage } from '../LiveSqlLabPage';
import { createSqlLab, type SqlLabFeature } from '../sqllab.feature';
import { sqlLabTestApi } from '../testing/sqllab-test-api';

// Issue 13 "Nothing lost": SQL typed just before the user leaves SQL Lab reaches the server's tab state
// (and so the audit and the replay), though its quiet time and the 5 s autosave never end on this page.
// The autosave and the tab sync wait a minute here: only leaving can send the SQL in time.

let server: TestServer;
let api: ReturnType<typeof sqlLabTestApi>;
let toasts: ToastsFeature;
let sqllab: SqlLabFeature;
/** Every request the page made: method, path and whether it was sent keepalive. */
let sent: { method: string; path: string; keepalive: boolean }[];

async function until(check: () => boolean, what: string, ms = 30_000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`not in time: ${what}`);
    await act(() => new Promise((r) => setTimeout(r, 20)));
  }
}

const tabOnServer = () => api.tabs[0] as { id: number; sql: string } | undefined;
const editor = () => (screen.getByTestId('sql-editor') as HTMLElement & { env: { editor: ace.Ace.Editor } }).env.editor;
const writes = () => sent.filter((r) => r.method !== 'GET');

/** Types in the editor as the user does: the SQL waits for its quiet time. */
function type(sql: string) {
  act(() => editor().setValue(sql, 1));
}

beforeEach(async () => {
  localStorage.clear();
  api = sqlLabTestApi();
  server = await new TestServer(api.handler).start();
  sent = [];
  const context = createTestContext();
  const fetchSeen: typeof fetch = (input, init) => {
    sent.push({
      method: init?.method ?? 'GET',
      path: new URL(String(input)).pathname,
      keepalive: init?.keepalive === true,
    });
    return fetch(input, init);
  };
  const http = new HttpClient({ baseUrl: server.baseUrl, fetch: fetchSeen });
  toasts = createToasts(context);
  sqllab = createSqlLab({
    context,
    http,
    toasts,
    errors: createErrors(context, toasts),
    storage: localStorage,
    backendPersistence: true,
    backendTiming: { syncIntervalMs: 60_000, autosaveMs: 60_000 },
  });
  render(
    <MemoryRouter initialEntries={['/sqllab/']}>
      <Link to="/dashboard/list/">Dashboards</Link>
      <Routes>
        <Route path="/sqllab/" element={<LiveSqlLabPage sqllab={sqllab} />} />
        <Route path="/dashboard/list/" element={<h1>Dashboards</h1>} />
      </Routes>
    </MemoryRouter>,
  );
  await screen.findByTestId('sql-editor', {}, { timeout: 30_000 });
  // The first tab is stored on the server (a new tab is synced at once), under the server's id.
  await until(
    () => tabOnServer() !== undefined && activeQueryEditor(sqllab.store.getState())?.id === String(tabOnServer()!.id),
    'the first tab stored on the server',
  );
});

afterEach(async () => {
  sqllab.dispose();
  toasts.dispose();
  await server.stop();
});

describe('SQL typed just before leaving SQL Lab', () => {
  it('reaches the server when the user goes to another page of the app', async () => {
    type('SELECT origin, count(*) FROM flights GROUP BY origin');
    fireEvent.click(screen.getByRole('link', { name: 'Dashboards' }));
    expect(screen.getByRole('heading', { name: 'Dashboards' })).toBeInTheDocument();
    await until(
      () => tabOnServer()?.sql === 'SELECT origin, count(*) FROM flights GROUP BY origin',
      'the typed SQL in the server tab state',
    );
    // Recorded in the log as typed, not as a partial text.
    expect(activeQueryEditor(sqllab.store.getState())?.sql).toBe(
      'SELECT origin, count(*) FROM flights GROUP BY origin',
    );
  });

  it('reaches the server with a request that outlives the page when the browser page goes away', async () => {
    type('SELECT delay FROM flights WHERE origin = ');
    type("SELECT delay FROM flights WHERE origin = 'SEA'");
    act(() => void window.dispatchEvent(new Event('pagehide')));
    await until(() => tabOnServer()?.sql === "SELECT delay FROM flights WHERE origin = 'SEA'", 'the typed SQL');
    // The same write as the autosave (PUT of the tab state, CSRF header checked by the server), keepalive.
    expect(writes().filter((r) => r.path.startsWith('/tabstateview/'))).toContainEqual({
      method: 'PUT',
      path: `/tabstateview/${tabOnServer()!.id}`,
      keepalive: true,
    });
    // The browser keeps it too, for a reload that comes before the server's answer.
    const stored = JSON.parse(localStorage.getItem(SQLLAB_BROWSER_STORAGE_KEY)!) as {
      sqlLab: { queryEditors: { sql: string }[] };
    };
    expect(stored.sqlLab.queryEditors.map((qe) => qe.sql)).toEqual(["SELECT delay FROM flights WHERE origin = 'SEA'"]);
  });

  it('leaves browser storage alone before the saved tabs are restored', () => {
    const saved = JSON.stringify({ sqlLab: { queryEditors: [{ id: 'local-1', name: 'Kept', sql: 'SELECT 1' }] } });
    localStorage.setItem(SQLLAB_BROWSER_STORAGE_KEY, saved);
    const opening = createSqlLab({
      context: createTestContext(),
      http: new HttpClient({ baseUrl: server.baseUrl }),
      toasts,
      errors: createErrors(createTestContext(), toasts),
      storage: localStorage,
    });
    // Not open yet (its bootstrap not answered): the restore still has to read what storage holds.
    opening.leave();
    opening.dispose();
    expect(localStorage.getItem(SQLLAB_BROWSER_STORAGE_KEY)).toBe(saved);
  });

  it('sends nothing when the log shown was imported (time travel)', async () => {
    const other = createSqlLab({
      context: { ...createTestContext('2'), sessionId: 'someone-else' },
      http: new HttpClient({ baseUrl: server.baseUrl }),
      toasts,
      errors: createErrors(createTestContext(), toasts),
      storage: null,
      backendPersistence: false,
    });
    other.addTab({ name: 'Theirs', sql: 'SELECT 1', dbId: 1, schema: 'public' });
    act(() => sqllab.store.store.importLog(other.store.store.exportLog()));
    other.dispose();
    expect(currentValue(sqllab.ready$)).toBe(true);
    const before = writes().length;
    const storedBefore = localStorage.getItem(SQLLAB_BROWSER_STORAGE_KEY);
    act(() => void window.dispatchEvent(new Event('pagehide')));
    fireEvent.click(screen.getByRole('link', { name: 'Dashboards' }));
    // Leaving decides synchronously; a request would be on its way once pending promises have run.
    await act(() => new Promise((r) => setTimeout(r, 0)));
    expect(writes().slice(before)).toEqual([]);
    expect(localStorage.getItem(SQLLAB_BROWSER_STORAGE_KEY)).toBe(storedBefore);
  });
});
