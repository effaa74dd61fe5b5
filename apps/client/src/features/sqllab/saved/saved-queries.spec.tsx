import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { visibleQueryEditors } from '@strata/domain';
import { createTestContext } from '../../../shared/test-context';
import { TestServer } from '../../../testing/test-server';
import { HttpClient } from '../../api/http-client';
import { createErrors } from '../../errors/errors.feature';
import { createToasts, type ToastsFeature } from '../../toasts/toasts.feature';
import { SqlLabPage } from '../SqlLabPage';
import { createSqlLab, type SqlLabFeature } from '../sqllab.feature';
import { sqlLabTestApi } from '../testing/sqllab-test-api';
import { SavedQueriesPage } from './SavedQueriesPage';
import { createSavedQueries } from './saved-queries.feature';

let server: TestServer;
let api: ReturnType<typeof sqlLabTestApi>;
let toasts: ToastsFeature;
let sqllab: SqlLabFeature;

beforeEach(async () => {
  localStorage.clear();
  api = sqlLabTestApi();
  const row = (id: number, label: string, sql: string) => ({
    id,
    label,
    sql,
    db_id: 1,
    schema: 'public',
    catalog: null,
    template_parameters: '',
    changed_on: '2026-01-01T00:00:00.000Z',
  });
  api.saved.push(
    row(1, 'Delays by origin', 'SELECT origin, avg(delay) FROM flights GROUP BY 1'),
    row(2, 'All cars', 'SELECT * FROM cars'),
  );
  server = await new TestServer(api.handler).start();
  const context = createTestContext();
  toasts = createToasts(context);
  sqllab = createSqlLab({
    context,
    http: new HttpClient({ baseUrl: server.baseUrl }),
    toasts,
    errors: createErrors(context, toasts),
    backendPersistence: false,
  });
  const saved = createSavedQueries(context, sqllab.api);
  render(
    <MemoryRouter initialEntries={['/sqllab/saved_queries/']}>
      <Routes>
        <Route path="/sqllab/saved_queries/" element={<SavedQueriesPage saved={saved} />} />
        <Route path="/sqllab/" element={<SqlLabPage sqllab={sqllab} />} />
      </Routes>
    </MemoryRouter>,
  );
});

afterEach(async () => {
  sqllab.dispose();
  toasts.dispose();
  await server.stop();
});

describe('saved queries list', () => {
  it('searches by label and opens a saved query in a new SQL Lab tab', async () => {
    const table = screen.getByRole('table', { name: 'Saved queries' });
    await within(table).findByText('All cars');
    fireEvent.change(screen.getByLabelText('Search saved queries'), { target: { value: 'delay' } });
    await waitFor(() => expect(within(table).queryByText('All cars')).toBeNull());
    fireEvent.click(within(table).getByRole('link', { name: 'Delays by origin' }));

    // The page opens (and the first tab restores) before the saved query is fetched: slow on a busy machine.
    await waitFor(() =>
      expect(visibleQueryEditors(sqllab.store.getState()).map((t) => t.name)).toContain('Delays by origin'),
    );
    const tab = visibleQueryEditors(sqllab.store.getState()).find((t) => t.name === 'Delays by origin')!;
    expect(tab).toMatchObject({
      remoteId: 1,
      dbId: 1,
      schema: 'public',
      sql: 'SELECT origin, avg(delay) FROM flights GROUP BY 1',
    });
    expect(await screen.findByRole('tab', { name: 'Delays by origin' })).toHaveAttribute('aria-selected', 'true');
  });
});
