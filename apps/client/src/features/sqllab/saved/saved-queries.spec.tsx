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

  const rowOf = async (label: string) => {
    const table = screen.getByRole('table', { name: 'Saved queries' });
    return (await within(table).findByText(label)).closest('tr')!;
  };
  const requestsTo = (method: string, path: string) =>
    server.requests.filter((r) => r.method === method && r.url === path);

  it('edits the name, description and SQL: the PUT carries them and the row shows the answer', async () => {
    fireEvent.click(within(await rowOf('All cars')).getByRole('button', { name: 'Edit' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit saved query All cars' });
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Cars by make' } });
    fireEvent.change(within(dialog).getByLabelText('Description'), { target: { value: 'for the weekly review' } });
    fireEvent.change(within(dialog).getByLabelText('SQL'), {
      target: { value: 'SELECT make, count(*) FROM cars GROUP BY 1' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requestsTo('PUT', '/api/v1/saved_query/2').map((r) => r.body)).toEqual([
      {
        label: 'Cars by make',
        description: 'for the weekly review',
        sql: 'SELECT make, count(*) FROM cars GROUP BY 1',
      },
    ]);
    const row = await rowOf('Cars by make');
    expect(within(row).getByText('for the weekly review')).toBeInTheDocument();
    expect(within(row).getByText('SELECT make, count(*) FROM cars GROUP BY 1')).toBeInTheDocument();
  });

  it('an empty name cannot be saved', async () => {
    fireEvent.click(within(await rowOf('All cars')).getByRole('button', { name: 'Edit' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit saved query All cars' });
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: '  ' } });
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('deletes only after the confirmation: Cancel keeps it, Delete removes it from the server and the list', async () => {
    fireEvent.click(within(await rowOf('All cars')).getByRole('button', { name: 'Delete' }));
    let dialog = screen.getByRole('dialog', { name: 'Delete saved query?' });
    expect(within(dialog).getByText(/All cars/)).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(requestsTo('DELETE', '/api/v1/saved_query/2')).toHaveLength(0);

    fireEvent.click(within(await rowOf('All cars')).getByRole('button', { name: 'Delete' }));
    dialog = screen.getByRole('dialog', { name: 'Delete saved query?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const table = screen.getByRole('table', { name: 'Saved queries' });
    await waitFor(() => expect(within(table).queryByText('All cars')).toBeNull());
    expect(requestsTo('DELETE', '/api/v1/saved_query/2')).toHaveLength(1);
    expect(api.saved.map((r) => r.label)).toEqual(['Delays by origin']);
    expect(within(table).getByText('Delays by origin')).toBeInTheDocument();
  });

  it('previews the whole SQL, and opens it in SQL Lab from there', async () => {
    fireEvent.click(within(await rowOf('Delays by origin')).getByRole('button', { name: 'Preview' }));
    const dialog = screen.getByRole('dialog', { name: 'Query preview: Delays by origin' });
    expect(within(dialog).getByLabelText('SQL of the saved query')).toHaveTextContent(
      'SELECT origin, avg(delay) FROM flights GROUP BY 1',
    );
    fireEvent.click(within(dialog).getByRole('link', { name: 'Open in SQL Lab' }));
    await waitFor(() =>
      expect(visibleQueryEditors(sqllab.store.getState()).map((t) => t.name)).toContain('Delays by origin'),
    );
  });

  it('copies an absolute link that opens the saved query', async () => {
    const written: string[] = [];
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: async (t: string) => void written.push(t) },
      configurable: true,
    });
    fireEvent.click(within(await rowOf('Delays by origin')).getByRole('button', { name: 'Copy link' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Link to “Delays by origin” copied');
    expect(written).toEqual([`${window.location.origin}/sqllab/?savedQueryId=1`]);
    expect(written[0]).toMatch(/^http:\/\/localhost(:\d+)?\/sqllab\/\?savedQueryId=1$/);
  });

  it('stars a saved query for the home page: the status read for the rows shown, the star once the server said yes', async () => {
    api.savedFavorites.add(2);
    const starred = await within(await rowOf('All cars')).findByRole('button', { name: 'Unstar All cars' });
    expect(starred).toHaveTextContent('★');
    expect(server.requests.map((r) => decodeURIComponent(r.url))).toContain(
      '/api/v1/saved_query/favorite_status/?q=!(1,2)',
    );

    fireEvent.click(within(await rowOf('Delays by origin')).getByRole('button', { name: 'Star Delays by origin' }));
    expect(
      await within(await rowOf('Delays by origin')).findByRole('button', { name: 'Unstar Delays by origin' }),
    ).toHaveTextContent('★');
    expect(requestsTo('POST', '/api/v1/saved_query/1/favorites/')).toHaveLength(1);

    fireEvent.click(starred);
    await within(await rowOf('All cars')).findByRole('button', { name: 'Star All cars' });
    expect(requestsTo('DELETE', '/api/v1/saved_query/2/favorites/')).toHaveLength(1);
    expect([...api.savedFavorites]).toEqual([1]);
  });

  it('a refused star stays as it was and says why', async () => {
    api.control.failing.add('savedQueryFavorite');
    fireEvent.click(within(await rowOf('All cars')).getByRole('button', { name: 'Star All cars' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Could not star “All cars”: Not found');
    expect(within(await rowOf('All cars')).getByRole('button', { name: 'Star All cars' })).toHaveTextContent('☆');
  });
});
