import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { DatabaseView, RelatedObjectsView } from '@strata/domain';
import { createTestContext } from '../../shared/test-context';
import { TestServer } from '../../testing/test-server';
import { HttpClient } from '../api/http-client';
import { ToastList } from '../toasts/ToastList';
import { createToasts, type ToastsFeature } from '../toasts/toasts.feature';
import { createDatabases, type DatabasesFeature } from './databases.feature';
import { DatabasesPage } from './DatabasesPage';
import { databasesApi, databaseView } from './testing/databases-api';

let server: TestServer;
let toasts: ToastsFeature;
let databases: DatabasesFeature;

async function start(
  rows: DatabaseView[],
  related: Record<number, RelatedObjectsView> = {},
  customRoles: string[] = [],
) {
  server = await new TestServer(databasesApi(rows, related, customRoles)).start();
  const context = createTestContext();
  toasts = createToasts(context);
  databases = createDatabases(context, new HttpClient({ baseUrl: server.baseUrl }), toasts);
  render(
    <MemoryRouter>
      <DatabasesPage databases={databases} />
      <ToastList toasts={toasts} />
    </MemoryRouter>,
  );
}

afterEach(async () => {
  databases.dispose();
  toasts.dispose();
  await server.stop();
});

const dialog = () => screen.getByRole('dialog');
const type = (label: string, value: string) =>
  fireEvent.change(within(dialog()).getByLabelText(label), { target: { value } });
const posted = (path: string) => server.requests.filter((r) => r.method !== 'GET' && r.url === path);
/** The page's log as a bug report or time travel export would carry it. */
const logText = () => JSON.stringify(databases.store.store.log$.value);

describe('databases page', () => {
  it('lists the databases and searches them by name on the server', async () => {
    await start([databaseView(1, 'examples', { allow_dml: true }), databaseView(2, 'warehouse', { backend: 'mysql' })]);
    const row = await screen.findByTestId('database-examples');
    expect(row).toHaveTextContent('PostgreSQL');
    expect(screen.getByTestId('database-warehouse')).toHaveTextContent('MySQL');
    fireEvent.change(screen.getByLabelText('Search databases'), { target: { value: 'ware' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(screen.queryByTestId('database-examples')).not.toBeInTheDocument());
    expect(screen.getByTestId('database-warehouse')).toBeInTheDocument();
    const last = server.requests.filter((r) => r.url.startsWith('/api/v1/database/?')).at(-1)!;
    expect(decodeURIComponent(last.url)).toContain('filters:!((col:database_name,opr:ct,value:ware))');
    expect(databases.store.getState().searchText).toBe('ware');
    expect(logText()).toContain('databaseList/searchTyped');
  });

  it('offers "Upload file" (CSV or Excel) for a database that allows uploads, linking to the upload page with it chosen', async () => {
    await start([databaseView(1, 'examples'), databaseView(2, 'warehouse', { allow_file_upload: true })]);
    const link = within(await screen.findByTestId('database-warehouse')).getByRole('link', {
      name: 'Upload a CSV or Excel file to warehouse',
    });
    expect(link).toHaveAttribute('href', '/upload/?database=2');
    expect(link).toHaveTextContent('Upload file');
    // The examples database refuses uploads: no entry for it.
    expect(within(screen.getByTestId('database-examples')).queryByRole('link')).not.toBeInTheDocument();
  });

  it('adds a MySQL database from its engine fields: the body carries parameters with the SSL mode, and settings', async () => {
    await start([]);
    await screen.findByText('No database yet.');
    fireEvent.click(screen.getByRole('button', { name: '+ Database' }));
    type('Display name', 'Sales');
    fireEvent.change(within(dialog()).getByLabelText('Engine'), { target: { value: 'mysql' } });
    expect(within(dialog()).getByLabelText('Port')).toHaveValue('3306');
    type('Host', 'mysql.internal');
    type('Database name', 'sales');
    type('Username', 'bi');
    type('Password', 's3cret');
    type('SSL mode', 'REQUIRED');
    fireEvent.click(within(dialog()).getByRole('tab', { name: 'Advanced' }));
    fireEvent.click(within(dialog()).getByLabelText('Allow DML'));
    fireEvent.click(within(dialog()).getByLabelText('Allow file uploads to database'));
    type('Schemas allowed for file upload', 'uploads, tmp');
    type('Chart cache timeout (seconds)', '600');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Connect' }));

    expect(await screen.findByTestId('database-Sales')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(posted('/api/v1/database/')[0].body).toMatchObject({
      database_name: 'Sales',
      engine: 'mysql',
      parameters: {
        engine: 'mysql',
        host: 'mysql.internal',
        port: 3306,
        database: 'sales',
        username: 'bi',
        password: 's3cret',
        query: { ssl_mode: 'REQUIRED' },
      },
      allow_dml: true,
      allow_file_upload: true,
      extra: JSON.stringify({ schemas_allowed_for_file_upload: ['uploads', 'tmp'] }),
      cache_timeout: 600,
      expose_in_sqllab: true,
    });
    expect(await screen.findByText('Database Sales was saved')).toBeInTheDocument();
    // The form was the page's log, one intent per gesture; the typed password never entered it.
    expect(logText()).toContain('databaseForm/passwordTyped');
    expect(logText()).toContain('"option":"allow_dml"');
    expect(logText()).not.toContain('s3cret');
  });

  it('adds a database from a SQLAlchemy URI', async () => {
    await start([]);
    await screen.findByText('No database yet.');
    fireEvent.click(screen.getByRole('button', { name: '+ Database' }));
    type('Display name', 'Lake');
    type('Connect with', 'uri');
    type('SQLAlchemy URI', 'postgresql://u:p@lake:5432/lake');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Connect' }));
    await waitFor(() => expect(posted('/api/v1/database/')).toHaveLength(1));
    expect(posted('/api/v1/database/')[0].body).toMatchObject({
      database_name: 'Lake',
      sqlalchemy_uri: 'postgresql://u:p@lake:5432/lake',
    });
    expect(posted('/api/v1/database/')[0].body).not.toHaveProperty('parameters');
    expect(logText()).toContain('postgresql://u:XXXXXXXXXX@lake:5432/lake');
    expect(logText()).not.toContain('u:p@');
  });

  it('tests a connection and shows the engine failure as its connection error type; OK once fixed', async () => {
    await start([]);
    await screen.findByText('No database yet.');
    fireEvent.click(screen.getByRole('button', { name: '+ Database' }));
    type('Host', 'no-such-host.invalid');
    type('Database name', 'x');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Test connection' }));
    const alert = await within(dialog()).findByRole('alert', { name: 'Connection test' });
    expect(alert).toHaveTextContent('Unknown host');
    expect(alert).toHaveTextContent('The hostname "no-such-host.invalid" cannot be resolved.');
    expect(posted('/api/v1/database/test_connection/')[0].body).toMatchObject({
      parameters: { engine: 'postgresql', host: 'no-such-host.invalid', port: 5432, database: 'x' },
    });
    // Changing the form puts the old answer away.
    type('Host', 'db.internal');
    expect(within(dialog()).queryByRole('alert', { name: 'Connection test' })).not.toBeInTheDocument();
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Test connection' }));
    expect(await within(dialog()).findByRole('status', { name: 'Connection test' })).toHaveTextContent(
      'Connection looks good!',
    );
  });

  it('edits settings: the form shows the mask, sends only the settings, and grants roles through the access endpoint', async () => {
    await start([databaseView(1, 'examples')]);
    fireEvent.click(within(await screen.findByTestId('database-examples')).getByRole('button', { name: 'Edit' }));
    expect(within(dialog()).getByLabelText('Password')).toHaveValue('XXXXXXXXXX');
    expect(within(dialog()).getByLabelText('Host')).toHaveValue('db.internal');
    fireEvent.click(within(dialog()).getByRole('tab', { name: 'Advanced' }));
    fireEvent.click(within(dialog()).getByLabelText('Asynchronous query execution'));
    fireEvent.click(within(within(dialog()).getByRole('group', { name: 'Roles with access' })).getByLabelText('Gamma'));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Finish' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posted('/api/v1/database/1')[0]).toMatchObject({ method: 'PUT', body: { allow_run_async: true } });
    // Settings alone: the connection (and its login) is not sent again, nor the roles.
    expect(posted('/api/v1/database/1')[0].body).not.toHaveProperty('parameters');
    expect(posted('/api/v1/database/1')[0].body).not.toHaveProperty('roles');
    // The roles go to the access endpoint after the save.
    expect(posted('/api/v1/database/1/access')).toMatchObject([{ method: 'PUT', body: { roles: ['Gamma'] } }]);
  });

  it('offers the custom roles in "Roles with access" (not Admin) and grants one', async () => {
    await start([databaseView(1, 'examples')], {}, ['Analysts']);
    fireEvent.click(within(await screen.findByTestId('database-examples')).getByRole('button', { name: 'Edit' }));
    fireEvent.click(within(dialog()).getByRole('tab', { name: 'Advanced' }));
    const group = within(dialog()).getByRole('group', { name: 'Roles with access' });
    const offered = () =>
      within(group)
        .queryAllByRole('checkbox')
        .map((c) => c.parentElement?.textContent);
    await waitFor(() => expect(offered()).toEqual(['Alpha', 'Gamma', 'sql_lab', 'Public', 'Analysts']));
    fireEvent.click(within(group).getByLabelText('Analysts'));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Finish' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posted('/api/v1/database/1/access')).toMatchObject([{ method: 'PUT', body: { roles: ['Analysts'] } }]);
  });

  it('edits the connection: the mask goes back with it, so the stored password stays', async () => {
    await start([databaseView(1, 'examples')]);
    fireEvent.click(within(await screen.findByTestId('database-examples')).getByRole('button', { name: 'Edit' }));
    type('Host', 'db2.internal');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Finish' }));
    await waitFor(() => expect(posted('/api/v1/database/1')).toHaveLength(1));
    expect(posted('/api/v1/database/1')[0].body).toMatchObject({
      parameters: { host: 'db2.internal', password: 'XXXXXXXXXX', username: 'reader' },
    });
    expect(posted('/api/v1/database/1/access')).toEqual([]);
  });

  it('lists what uses a database and offers no delete while it has datasets; deletes an unused one', async () => {
    const used: RelatedObjectsView = {
      charts: { count: 1, result: [{ id: 7, slice_name: 'Orders by day', viz_type: 'table' }] },
      datasets: { count: 1, result: [{ id: 3, table_name: 'orders', schema: 'shop' }] },
    };
    await start([databaseView(1, 'examples'), databaseView(2, 'scratch')], { 1: used });
    fireEvent.click(within(await screen.findByTestId('database-examples')).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog()).findByText('shop.orders')).toBeInTheDocument();
    expect(within(dialog()).getByRole('link', { name: 'Orders by day' })).toHaveAttribute(
      'href',
      '/explore/?slice_id=7',
    );
    expect(within(dialog()).getByRole('alert')).toHaveTextContent('Delete its datasets first');
    expect(within(dialog()).getByRole('button', { name: 'Delete' })).toBeDisabled();
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Cancel' }));

    fireEvent.click(within(screen.getByTestId('database-scratch')).getByRole('button', { name: 'Delete' }));
    const confirm = await within(dialog()).findByLabelText('Type DELETE to confirm');
    expect(within(dialog()).getByRole('button', { name: 'Delete' })).toBeDisabled();
    fireEvent.change(confirm, { target: { value: 'DELETE' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByTestId('database-scratch')).not.toBeInTheDocument());
    expect(posted('/api/v1/database/2')).toMatchObject([{ method: 'DELETE' }]);
    expect(screen.getByTestId('database-examples')).toBeInTheDocument();
  });
});
