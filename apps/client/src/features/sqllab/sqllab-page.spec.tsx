import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import ace from 'ace-builds';
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
let api: ReturnType<typeof sqlLabTestApi>;
let toasts: ToastsFeature;
let sqllab: SqlLabFeature;

beforeEach(async () => {
  localStorage.clear();
  api = sqlLabTestApi();
  server = await new TestServer(api.handler).start();
  const context = createTestContext();
  const http = new HttpClient({ baseUrl: server.baseUrl });
  toasts = createToasts(context);
  sqllab = createSqlLab({ context, http, toasts, errors: createErrors(context, toasts), backendPersistence: false });
  render(
    <MemoryRouter initialEntries={['/sqllab/']}>
      <SqlLabPage sqllab={sqllab} />
      <ToastList toasts={toasts} />
    </MemoryRouter>,
  );
  // The first tab opens on the examples database and its public schema.
  await waitFor(() => expect(screen.getByLabelText('Schema')).toHaveValue('public'));
});

afterEach(async () => {
  sqllab.dispose();
  toasts.dispose();
  await server.stop();
});

const tabNames = () =>
  within(screen.getByRole('tablist', { name: 'Query tabs' }))
    .getAllByRole('tab')
    .map((t) => t.textContent);
const editor = () => (screen.getByTestId('sql-editor') as HTMLElement & { env: { editor: ace.Ace.Editor } }).env.editor;

function type(sql: string) {
  act(() => {
    editor().setValue(sql, 1);
    sqllab.flushSql();
  });
}

describe('SQL Lab page', () => {
  it('opens a first tab on the default database and lists every table of its schema', async () => {
    expect(tabNames()).toEqual(['Untitled Query 1']);
    expect(screen.getByLabelText('Database')).toHaveValue('1');
    const tables = screen.getByLabelText('Add a table');
    await waitFor(() =>
      expect(
        within(tables)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Select a table to see its columns', 'cars', 'flights']),
    );
  });

  it('adds, renames, clones, cycles and closes tabs, with undo and redo of tab operations', async () => {
    fireEvent.click(screen.getByRole('button', { name: 'New tab' }));
    expect(tabNames()).toEqual(['Untitled Query 1', 'Untitled Query 2']);
    expect(screen.getByRole('tab', { name: 'Untitled Query 2' })).toHaveAttribute('aria-selected', 'true');

    fireEvent.doubleClick(screen.getByRole('tab', { name: 'Untitled Query 2' }));
    fireEvent.change(screen.getByLabelText('Tab name'), { target: { value: 'Sales' } });
    fireEvent.keyDown(screen.getByLabelText('Tab name'), { key: 'Enter' });
    expect(tabNames()).toEqual(['Untitled Query 1', 'Sales']);

    fireEvent.click(screen.getByRole('button', { name: 'Actions of Sales' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Duplicate tab' }));
    expect(tabNames()).toEqual(['Untitled Query 1', 'Sales', 'Copy of Sales']);

    // Alt+PageDown wraps from the last tab to the first.
    fireEvent.keyDown(window, { key: 'PageDown', altKey: true });
    expect(screen.getByRole('tab', { name: 'Untitled Query 1' })).toHaveAttribute('aria-selected', 'true');

    fireEvent.click(screen.getByRole('button', { name: 'Actions of Sales' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Close all other tabs' }));
    expect(tabNames()).toEqual(['Sales']);

    // Ctrl+Z outside the editor brings the closed tabs back in one step; Ctrl+Shift+Z closes them again.
    fireEvent.keyDown(document.body, { key: 'z', ctrlKey: true });
    expect(tabNames()).toEqual(['Untitled Query 1', 'Sales', 'Copy of Sales']);
    fireEvent.keyDown(document.body, { key: 'z', ctrlKey: true, shiftKey: true });
    expect(tabNames()).toEqual(['Sales']);
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(tabNames()).toEqual(['Untitled Query 1', 'Sales', 'Copy of Sales']);
  });

  it('reorders tabs by dragging one onto another or from its menu, each move one undo step', async () => {
    fireEvent.click(screen.getByRole('button', { name: 'New tab' }));
    fireEvent.click(screen.getByRole('button', { name: 'New tab' }));
    expect(tabNames()).toEqual(['Untitled Query 1', 'Untitled Query 2', 'Untitled Query 3']);
    const boxes = () => screen.getAllByTestId('sqllab-tab');
    fireEvent.dragStart(boxes()[2]!);
    fireEvent.dragOver(boxes()[0]!);
    expect(boxes()[0]).toHaveClass('sqllab-tab--drop-target');
    fireEvent.drop(boxes()[0]!);
    expect(tabNames()).toEqual(['Untitled Query 3', 'Untitled Query 1', 'Untitled Query 2']);
    // The dragged tab stays the active one.
    expect(screen.getByRole('tab', { name: 'Untitled Query 3' })).toHaveAttribute('aria-selected', 'true');

    fireEvent.click(screen.getByRole('button', { name: 'Actions of Untitled Query 1' }));
    expect(screen.getByRole('menuitem', { name: 'Move tab left' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Move tab right' }));
    expect(tabNames()).toEqual(['Untitled Query 3', 'Untitled Query 2', 'Untitled Query 1']);
    fireEvent.click(screen.getByRole('button', { name: 'Actions of Untitled Query 1' }));
    expect(screen.queryByRole('menuitem', { name: 'Move tab right' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(tabNames()).toEqual(['Untitled Query 3', 'Untitled Query 1', 'Untitled Query 2']);
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(tabNames()).toEqual(['Untitled Query 1', 'Untitled Query 2', 'Untitled Query 3']);
  });

  it('runs the SQL with the dropdown limit and shows the rows with the DROPDOWN limiting message', async () => {
    type('SELECT * FROM flights');
    fireEvent.click(screen.getByRole('button', { name: 'Run' }));
    expect(await screen.findByTestId('limiting-message')).toHaveTextContent(
      'The number of rows displayed is limited to 1000 by the limit dropdown.',
    );
    expect(screen.getByTestId('row-count')).toHaveTextContent('1,000 rows');
    expect(screen.getByTestId('query-state')).toHaveTextContent('success');
    const grid = screen.getByRole('grid', { name: 'Query results' });
    expect(grid).toHaveAttribute('aria-rowcount', '1001');
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['id', 'origin', 'delay']);
    const request = api.executed.at(-1)!;
    expect(request).toMatchObject({
      database_id: 1,
      sql: 'SELECT * FROM flights',
      queryLimit: 1000,
      schema: 'public',
      runAsync: false,
    });
    expect(String(request['client_id'])).toHaveLength(11);
    expect(screen.getByRole('link', { name: 'Download to CSV' })).toHaveAttribute(
      'href',
      `${server.baseUrl}/api/v1/sqllab/export/${String(request['client_id'])}/`,
    );
  });

  it('runs only the selection, and the limit chosen in the dropdown', async () => {
    fireEvent.change(screen.getByLabelText('Limit'), { target: { value: '10' } });
    type('SELECT 1;\nSELECT * FROM flights LIMIT 5');
    act(() => editor().selection.setRange(new ace.Range(1, 0, 1, 30)));
    fireEvent.click(screen.getByRole('button', { name: 'Run selection' }));
    expect(await screen.findByTestId('limiting-message')).toHaveTextContent('limited to 5 by the query');
    expect(api.executed.at(-1)).toMatchObject({ sql: 'SELECT * FROM flights LIMIT 5', queryLimit: 10 });
  });

  it('shows a failed query with the server message', async () => {
    type('SELECT * FROM nope');
    fireEvent.click(screen.getByRole('button', { name: 'Run' }));
    expect(await screen.findByTestId('query-error')).toHaveTextContent('relation "nope" does not exist');
    expect(screen.getByTestId('query-state')).toHaveTextContent('failed');
  });

  it('expands a table with its columns, keys and indexes, previews its data and puts SELECT * into the editor', async () => {
    await waitFor(() => expect(within(screen.getByLabelText('Add a table')).getAllByRole('option')).toHaveLength(3));
    fireEvent.change(screen.getByLabelText('Add a table'), { target: { value: 'flights' } });
    const entry = await screen.findByTestId('table-entry-flights');
    await within(entry).findByText('origin');
    expect(within(entry).getAllByText('PK')).toHaveLength(1);
    expect(within(entry).getByText('IDX')).toBeInTheDocument();
    expect(within(entry).getByText('text')).toBeInTheDocument();
    // The table's details: comment, keys, indexes and what /table_metadata/extra/ adds.
    const extras = await within(entry).findByTestId('table-extras');
    await within(extras).findByText('One row per flight');
    expect(extras).toHaveTextContent('Primary key flights_pkey: id');
    expect(extras).toHaveTextContent('origin → public.airports(iata)');
    expect(extras).toHaveTextContent('flights_origin_idx: origin');
    expect(extras).toHaveTextContent('partitions: {"cols":["origin"]}');

    fireEvent.click(within(entry).getByRole('button', { name: 'Select star from flights' }));
    expect(editor().getValue()).toBe('SELECT id, origin, delay FROM public.flights LIMIT 100');

    fireEvent.click(within(entry).getByRole('button', { name: 'Preview flights' }));
    expect(await screen.findByRole('tab', { name: /Preview: flights/ })).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(screen.getByTestId('row-count')).toHaveTextContent('100 rows'));

    fireEvent.click(within(entry).getByRole('button', { name: /flights/, expanded: true }));
    expect(within(entry).queryByText('origin')).toBeNull();
  });

  it('sends the template parameters with the run, refusing text that is not a JSON object', async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Parameters' }));
    const box = screen.getByLabelText('Template parameters');
    fireEvent.change(box, { target: { value: '{"origin": ' } });
    expect(screen.getByRole('alert')).toHaveTextContent('Template parameters must be a JSON object.');
    fireEvent.change(box, { target: { value: '{"origin": "SEA"}' } });
    fireEvent.blur(box);
    expect(screen.queryByRole('alert')).toBeNull();
    type("SELECT * FROM flights WHERE origin = '{{ origin }}'");
    fireEvent.click(screen.getByRole('button', { name: 'Run' }));
    await screen.findByTestId('row-count');
    expect(api.executed.at(-1)).toMatchObject({ templateParams: '{"origin": "SEA"}' });
  });

  it('runs CREATE TABLE AS under the typed name and offers to query the new table', async () => {
    expect(
      within(screen.getByLabelText('Run as'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Query', 'CREATE TABLE AS']);
    fireEvent.change(screen.getByLabelText('Run as'), { target: { value: 'TABLE' } });
    fireEvent.change(screen.getByLabelText('New table name'), { target: { value: 'bad name' } });
    type('SELECT origin FROM flights');
    expect(screen.getByRole('button', { name: 'Run' })).toBeDisabled();
    fireEvent.change(screen.getByLabelText('New table name'), { target: { value: 'origins' } });
    fireEvent.click(screen.getByRole('button', { name: 'Run' }));
    expect(await screen.findByTestId('ctas-result')).toHaveTextContent('Table public.origins was created.');
    expect(api.executed.at(-1)).toMatchObject({ select_as_cta: true, ctas_method: 'TABLE', tmp_table_name: 'origins' });
    fireEvent.click(screen.getByRole('button', { name: 'Query it in a new tab' }));
    expect(editor().getValue()).toBe('SELECT * FROM public.origins');
  });

  it('estimates the cost of the SQL', async () => {
    type('SELECT * FROM flights; SELECT 1');
    fireEvent.click(screen.getByRole('button', { name: 'Estimate cost' }));
    const table = within(await screen.findByTestId('cost-estimate')).getByRole('table', { name: 'Estimated cost' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Statement', 'Start-up cost', 'Total cost']);
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.textContent),
    ).toEqual(['10.0035.50', '20.0071.00']);
    type('SELECT * FROM nope');
    fireEvent.click(screen.getByRole('button', { name: 'Estimate cost' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('relation "nope" does not exist');
  });

  it('formats the SQL and saves the tab as a saved query with a name and description, then updates or saves it anew', async () => {
    type('select   *   from flights');
    fireEvent.click(screen.getByRole('button', { name: 'Format' }));
    await waitFor(() => expect(editor().getValue()).toBe('SELECT *\nFROM flights'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = screen.getByRole('dialog', { name: 'Save query' });
    expect(within(dialog).getByLabelText('Query name')).toHaveValue('Untitled Query 1');
    fireEvent.change(within(dialog).getByLabelText('Query name'), { target: { value: '' } });
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    fireEvent.change(within(dialog).getByLabelText('Query name'), { target: { value: 'All flights' } });
    fireEvent.change(within(dialog).getByLabelText('Description'), { target: { value: 'every column' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your query was saved')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.saved[0]).toMatchObject({
      label: 'All flights',
      description: 'every column',
      db_id: 1,
      schema: 'public',
      sql: 'SELECT *\nFROM flights',
    });
    // The tab takes the saved query's name.
    expect(tabNames()).toEqual(['All flights']);

    type('SELECT origin FROM flights');
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    const again = screen.getByRole('dialog', { name: 'Save query' });
    await waitFor(() => expect(within(again).getByLabelText('Description')).toHaveValue('every column'));
    fireEvent.click(within(again).getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Your query was updated')).toBeInTheDocument();
    expect(api.saved).toHaveLength(1);
    expect(api.saved[0]).toMatchObject({ label: 'All flights', sql: 'SELECT origin FROM flights' });

    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    const third = screen.getByRole('dialog', { name: 'Save query' });
    fireEvent.change(within(third).getByLabelText('Query name'), { target: { value: 'Origins' } });
    fireEvent.click(within(third).getByRole('button', { name: 'Save as new' }));
    await waitFor(() => expect(api.saved).toHaveLength(2));
    expect(api.saved[1]).toMatchObject({ id: 2, label: 'Origins', sql: 'SELECT origin FROM flights' });
    await waitFor(() => expect(tabNames()).toEqual(['Origins']));
  });

  it('says so when a saved query cannot be saved', async () => {
    type('SELECT 1');
    await server.stop();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Save query' })).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your query could not be saved')).toBeInTheDocument();
    // The dialog stays open so nothing typed is lost.
    expect(screen.getByRole('dialog', { name: 'Save query' })).toBeInTheDocument();
  });
});
