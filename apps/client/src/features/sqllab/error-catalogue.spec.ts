// sqllab-and-platform §8 Toasts in the editor, and sqllab-and-platform §6 SQLLAB_BACKEND_PERSISTENCE read from the server's bootstrap.
import { EditorErrorMessages, visibleQueryEditors } from '@strata/domain';
import { createTestContext } from '../../shared/test-context';
import { currentValue } from '../../shared/use-store-state';
import { TestServer } from '../../testing/test-server';
import { HttpClient } from '../api/http-client';
import { createErrors } from '../errors/errors.feature';
import { createToasts, type ToastsFeature } from '../toasts/toasts.feature';
import { createSqlLab, type SqlLabDeps, type SqlLabFeature } from './sqllab.feature';
import { sqlLabTestApi } from './testing/sqllab-test-api';

let server: TestServer;
let api: ReturnType<typeof sqlLabTestApi>;
let toasts: ToastsFeature;
const pages: SqlLabFeature[] = [];

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until(check: () => boolean, ms = 30_000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`condition not met in time: ${check.toString()}`);
    await wait(20);
  }
}
const toastTexts = () => toasts.store.getState().toasts.map((t) => t.text);
const timing = { syncIntervalMs: 50, autosaveMs: 50 };

/** A SQL Lab page; backend persistence as the server's bootstrap says unless `options` decide. */
async function page(options: Partial<SqlLabDeps> = {}): Promise<SqlLabFeature> {
  const context = createTestContext();
  const lab = createSqlLab({
    context: { ...context, sessionId: `session-${pages.length}`, newId: () => Math.random().toString(36).slice(2) },
    http: new HttpClient({ baseUrl: server.baseUrl }),
    toasts,
    errors: createErrors(context, toasts),
    storage: localStorage,
    backendTiming: timing,
    openPush: null,
    ...options,
  });
  pages.push(lab);
  lab.open();
  await until(() => currentValue(lab.ready$));
  return lab;
}

/** A tab the server keeps (migrated from the page), with its id. */
async function serverTab(lab: SqlLabFeature): Promise<string> {
  lab.addTab({ name: 'Kept', dbId: 1, schema: 'public', sql: 'SELECT * FROM flights' });
  await until(() => visibleQueryEditors(lab.store.getState()).some((t) => !t.inLocalStorage));
  return visibleQueryEditors(lab.store.getState()).find((t) => !t.inLocalStorage)!.id;
}

beforeEach(async () => {
  localStorage.clear();
  api = sqlLabTestApi();
  server = await new TestServer(api.handler).start();
  toasts = createToasts(createTestContext());
});

afterEach(async () => {
  pages.splice(0).forEach((p) => p.dispose());
  toasts.dispose();
  await server.stop();
});

describe('backend persistence follows the bootstrap feature flag', () => {
  it('keeps tabs on the server when the flag is absent (its default is on)', async () => {
    const lab = await page();
    await serverTab(lab);
    expect(api.tabs).toHaveLength(1);
  });

  it('keeps tabs in the browser only when the server turns SQLLAB_BACKEND_PERSISTENCE off', async () => {
    api.control.featureFlags = { SQLLAB_BACKEND_PERSISTENCE: false };
    const lab = await page();
    lab.addTab({ name: 'Local only', dbId: 1, schema: 'public', sql: 'SELECT 1' });
    await wait(400); // several sync intervals and the browser write
    expect(api.tabRequests).toEqual([]);
    expect(visibleQueryEditors(lab.store.getState()).every((t) => t.inLocalStorage)).toBe(true);
    // The next page load brings the tab back from browser storage alone.
    const next = await page();
    expect(visibleQueryEditors(next.store.getState()).map((t) => t.name)).toEqual(['Local only']);
    expect(next.catalog.store.getState().databases?.map((d) => d.id)).toEqual([1, 2]);
  });
});

describe('sqllab-and-platform §8 toasts in the editor', () => {
  it("'Your query was not properly saved' when the server's tab cannot be linked to the new saved query", async () => {
    const lab = await page();
    const tab = await serverTab(lab);
    api.control.failing.add('savedQueryLink');
    expect(await lab.save(tab, { name: 'Linked', description: '' })).toBe(true);
    expect(api.saved[0]).toMatchObject({ label: 'Linked' });
    expect(toastTexts()).toContain(EditorErrorMessages.QUERY_NOT_PROPERLY_SAVED);
    expect(toastTexts()).not.toContain('Your query was saved');
    api.control.failing.delete('savedQueryLink');
    await lab.save(tab, { name: 'Linked' });
    expect(toastTexts()).toContain('Your query was updated');
  });

  it("'An error occurred while removing query…' when the server cannot remove a run from its tab", async () => {
    const lab = await page();
    const tab = await serverTab(lab);
    const run = lab.run(tab, 'all')!;
    await until(() => lab.store.getState().queries[run]?.state === 'success');
    api.control.failing.add('removeQuery');
    expect(await lab.remove(run, tab)).toBe(false);
    expect(toastTexts()).toContain(EditorErrorMessages.QUERY_REMOVE_FAILED);
    expect(lab.store.getState().queries[run]).toBeDefined();
    api.control.failing.delete('removeQuery');
    expect(await lab.remove(run, tab)).toBe(true);
    expect(lab.store.getState().queries[run]).toBeUndefined();
    expect(server.requests.filter((r) => r.method === 'DELETE').map((r) => r.url)).toContain(
      `/tabstateview/${tab}/query/${run}`,
    );
  });

  it("'Your query could not be scheduled' when the job queue refuses an async run", async () => {
    const lab = await page({ backendPersistence: false });
    await lab.catalog.loadDatabases();
    const tab = lab.addTab({ dbId: 2, schema: 'public', sql: 'SELECT 1 -- no workers' });
    const run = lab.run(tab, 'all')!;
    await until(() => lab.store.getState().queries[run]?.state === 'failed');
    expect(lab.store.getState().queries[run]!.errorMessage).toBe('Failed to start remote query on a worker.');
    expect(toastTexts()).toContain(EditorErrorMessages.QUERY_NOT_SCHEDULED);
  });
});
