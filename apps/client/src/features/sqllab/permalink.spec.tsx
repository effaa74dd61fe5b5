import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import ace from 'ace-builds';
import { activeQueryEditor } from '@strata/domain';
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

function page(path: string) {
  const context = createTestContext();
  const sqllab = createSqlLab({ context, http: new HttpClient({ baseUrl: server.baseUrl }), toasts, errors: createErrors(context, toasts), backendPersistence: false, storage: null });
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

describe('SQL Lab permalinks', () => {
  it('copies a link to the tab and opens it as a new tab elsewhere', async () => {
    const written: string[] = [];
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: async (t: string) => void written.push(t) }, configurable: true });
    const first = page('/sqllab/');
    await waitFor(() => expect(screen.getByLabelText('Schema')).toHaveValue('public'), { timeout: 5000 });
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
    await waitFor(() => expect(activeQueryEditor(second.sqllab.store.getState())?.sql).toBe('SELECT origin FROM flights'));
    expect(activeQueryEditor(second.sqllab.store.getState())).toMatchObject({ name: 'Untitled Query 1', dbId: 1, schema: 'public' });
    // The link's tab is the only one: no empty tab was opened before it.
    expect(within(screen.getByRole('tablist', { name: 'Query tabs' })).getAllByRole('tab').map((t) => t.textContent)).toEqual(['Untitled Query 1']);
  });

  it("says the query couldn't be loaded for an unknown link", async () => {
    page('/sqllab/p/unknownkeyunknownkey');
    expect(await screen.findByText("The query couldn't be loaded")).toBeInTheDocument();
  });
});
