import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import ace from 'ace-builds';
import { activeQueryEditor } from '@strata/domain';
import { PAGE_BOOTSTRAP_ID } from '../../shared/page-bootstrap';
import { createTestContext } from '../../shared/test-context';
import { TestServer } from '../../testing/test-server';
import { HttpClient } from '../api/http-client';
import { createErrors } from '../errors/errors.feature';
import { ToastList } from '../toasts/ToastList';
import { createToasts, type ToastsFeature } from '../toasts/toasts.feature';
import { SqlLabPage } from './SqlLabPage';
import { createSqlLab, type SqlLabFeature } from './sqllab.feature';
import { sqlLabTestApi } from './testing/sqllab-test-api';

let server: TestServer;
let toasts: ToastsFeature;
const features: SqlLabFeature[] = [];

function page(path: string | { pathname: string; search?: string; state?: unknown }) {
  const context = createTestContext();
  const sqllab = createSqlLab({
    context,
    http: new HttpClient({ baseUrl: server.baseUrl }),
    toasts,
    errors: createErrors(context, toasts),
    backendPersistence: false,
    storage: null,
  });
  features.push(sqllab);
  const view = render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/sqllab/" element={<SqlLabPage sqllab={sqllab} />} />
        <Route path="/sqllab/p/:key" element={<SqlLabPage sqllab={sqllab} />} />
      </Routes>
      <ToastList toasts={toasts} />
    </MemoryRouter>,
  );
  return { sqllab, view };
}

beforeEach(async () => {
  server = await new TestServer(sqlLabTestApi().handler).start();
  toasts = createToasts(createTestContext());
});

afterEach(async () => {
  features.splice(0).forEach((f) => f.dispose());
  toasts.dispose();
  await server.stop();
});

describe('SQL Lab opened from a link: permalinks, chart queries, datasets (sqllab-and-platform §2)', () => {
  it('copies a link to the tab and opens it as a new tab elsewhere', async () => {
    const written: string[] = [];
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: async (t: string) => void written.push(t) },
      configurable: true,
    });
    const first = page('/sqllab/');
    await waitFor(() => expect(screen.getByLabelText('Schema')).toHaveValue('public'));
    const editor = (screen.getByTestId('sql-editor') as HTMLElement & { env: { editor: ace.Ace.Editor } }).env.editor;
    act(() => {
      editor.setValue('SELECT origin FROM flights', 1);
      first.sqllab.flushSql();
    });
    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await screen.findByText('Copied to clipboard!')).toBeInTheDocument();
    expect(written[0]).toMatch(/^http:\/\/localhost\/sqllab\/p\/key1\w+$/);
    first.view.unmount();

    const path = new URL(written[0]!).pathname;
    const second = page(path);
    await waitFor(() =>
      expect(activeQueryEditor(second.sqllab.store.getState())?.sql).toBe('SELECT origin FROM flights'),
    );
    expect(activeQueryEditor(second.sqllab.store.getState())).toMatchObject({
      name: 'Untitled Query 1',
      dbId: 1,
      schema: 'public',
    });
    // The link's tab is the only one: no empty tab was opened before it.
    expect(
      within(screen.getByRole('tablist', { name: 'Query tabs' }))
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['Untitled Query 1']);
  });

  it("opens a chart's query, pushed in the router state, in a new tab on its dataset's database and schema", async () => {
    const { sqllab } = page({
      pathname: '/sqllab/',
      state: {
        requestedQuery: { datasourceKey: '7__table', sql: 'SELECT origin, COUNT(*) FROM flights GROUP BY origin' },
      },
    });
    await waitFor(() =>
      expect(activeQueryEditor(sqllab.store.getState())?.sql).toBe(
        'SELECT origin, COUNT(*) FROM flights GROUP BY origin',
      ),
    );
    expect(activeQueryEditor(sqllab.store.getState())).toMatchObject({ dbId: 1, schema: 'public' });
    // The only tab: no empty one was opened before it.
    expect(within(screen.getByRole('tablist', { name: 'Query tabs' })).getAllByRole('tab')).toHaveLength(1);
  });

  it("opens a chart's query posted as form_data (the server put it in the page) once, not again on a later visit", async () => {
    const element = document.createElement('script');
    element.id = PAGE_BOOTSTRAP_ID;
    element.type = 'application/json';
    element.textContent = JSON.stringify({ requestedQuery: { datasourceKey: '7__table', sql: 'SELECT 7 AS posted' } });
    document.head.appendChild(element);
    const first = page('/sqllab/');
    await waitFor(() => expect(activeQueryEditor(first.sqllab.store.getState())?.sql).toBe('SELECT 7 AS posted'));
    expect(activeQueryEditor(first.sqllab.store.getState())).toMatchObject({ dbId: 1, schema: 'public' });
    expect(document.getElementById(PAGE_BOOTSTRAP_ID)).toBeNull();
    first.view.unmount();
    // Back on SQL Lab later in the same page: only the usual empty tab.
    const second = page('/sqllab/');
    await waitFor(() => expect(second.sqllab.store.getState().queryEditors).toHaveLength(1));
    expect(activeQueryEditor(second.sqllab.store.getState())?.sql).not.toBe('SELECT 7 AS posted');
  });

  it('opens a tab on a dataset from ?datasourceKey=: its table, or a virtual dataset its SQL', async () => {
    const first = page('/sqllab/?datasourceKey=7__table');
    await waitFor(() =>
      expect(activeQueryEditor(first.sqllab.store.getState())?.sql).toBe('SELECT * FROM public.flights'),
    );
    first.view.unmount();
    const second = page('/sqllab/?datasourceKey=8__table');
    await waitFor(() =>
      expect(activeQueryEditor(second.sqllab.store.getState())?.sql).toBe('SELECT * FROM flights WHERE delay > 60'),
    );
    expect(activeQueryEditor(second.sqllab.store.getState())).toMatchObject({ dbId: 1, schema: 'public' });
  });

  it("says the query couldn't be loaded for an unknown dataset", async () => {
    page('/sqllab/?datasourceKey=99__table');
    expect(await screen.findByText("The query couldn't be loaded")).toBeInTheDocument();
  });

  it("says the query couldn't be loaded for an unknown link", async () => {
    page('/sqllab/p/unknownkeyunknownkey');
    expect(await screen.findByText("The query couldn't be loaded")).toBeInTheDocument();
  });
});
