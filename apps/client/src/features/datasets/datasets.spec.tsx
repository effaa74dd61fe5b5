import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation, useParams } from 'react-router-dom';
import rison from 'rison';
import { createTestContext } from '../../shared/test-context';
import { TestServer } from '../../testing/test-server';
import { HttpClient } from '../api/http-client';
import { createToasts } from '../toasts/toasts.feature';
import { datasetsTestApi } from './api/testing/datasets-api';
import { createDatasets, type DatasetsFeature } from './datasets.feature';
import { DatasetEditorPage } from './editor/DatasetEditorPage';
import { DatasetListPage } from './list/DatasetListPage';

let server: TestServer;
let datasets: DatasetsFeature;

async function start() {
  server = await new TestServer(datasetsTestApi().handler).start();
  datasets = createDatasets(
    createTestContext(),
    new HttpClient({ baseUrl: server.baseUrl }),
    createToasts(createTestContext()),
  );
}

afterEach(async () => {
  await server.stop();
});

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

function EditorAt() {
  const { id } = useParams();
  return <DatasetEditorPage datasets={datasets} id={Number(id)} />;
}

function renderAt(url: string) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/tablemodelview/list/" element={<DatasetListPage datasets={datasets} canWrite />} />
        <Route path="/tablemodelview/edit/:id" element={<EditorAt />} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
}

const lastListFilters = () => {
  const lists = server.requests.filter((r) => r.method === 'GET' && r.url.startsWith('/api/v1/dataset/?'));
  const q = new URL(lists.at(-1)!.url, 'http://x').searchParams.get('q')!;
  return (rison.decode(q) as { filters: unknown[] }).filters;
};
const shownNames = () =>
  within(screen.getByRole('table', { name: 'Datasets' }))
    .queryAllByRole('link')
    .filter((a) => a.getAttribute('href')?.startsWith('/tablemodelview/edit/') && a.textContent !== 'Edit')
    .map((a) => a.textContent);
const puts = () => server.requests.filter((r) => r.method === 'PUT');

describe('Datasets list', () => {
  it('lists the datasets and filters them by database, schema, owner and certification, in the address', async () => {
    await start();
    renderAt('/tablemodelview/list/');
    await waitFor(() => expect(shownNames()).toEqual(['cars', 'expensive_stocks', 'orders']));
    const cars = screen.getByTestId('dataset-row-1');
    expect(cars).toHaveTextContent('Physical');
    expect(cars).toHaveTextContent('examples');
    expect(cars).toHaveTextContent('Alice Admin');
    expect(screen.getByTestId('dataset-row-2')).toHaveTextContent('Virtual');
    expect(within(cars).getByRole('link', { name: 'Explore' })).toHaveAttribute(
      'href',
      '/explore/?datasource_type=table&datasource_id=1',
    );

    await screen.findByRole('option', { name: 'warehouse' });
    fireEvent.change(screen.getByRole('combobox', { name: 'Database' }), { target: { value: '2' } });
    await waitFor(() => expect(shownNames()).toEqual(['orders']));
    expect(lastListFilters()).toEqual([{ col: 'database', opr: 'rel_o_m', value: 2 }]);
    expect(screen.getByTestId('where')).toHaveTextContent('/tablemodelview/list/?database=2');

    fireEvent.change(screen.getByRole('combobox', { name: 'Database' }), { target: { value: '1' } });
    await screen.findByRole('option', { name: 'staging' });
    fireEvent.change(screen.getByRole('combobox', { name: 'Schema' }), { target: { value: 'public' } });
    await waitFor(() => expect(shownNames()).toEqual(['cars', 'expensive_stocks']));

    await screen.findByRole('option', { name: 'Bob Alpha' });
    fireEvent.change(screen.getByRole('combobox', { name: 'Owner' }), { target: { value: '2' } });
    await waitFor(() => expect(shownNames()).toEqual(['expensive_stocks']));
    expect(lastListFilters()).toEqual([
      { col: 'database', opr: 'rel_o_m', value: 1 },
      { col: 'schema', opr: 'eq', value: 'public' },
      { col: 'owners', opr: 'rel_m_m', value: 2 },
    ]);

    fireEvent.change(screen.getByRole('combobox', { name: 'Owner' }), { target: { value: '' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Certified' }), { target: { value: 'true' } });
    await waitFor(() => expect(shownNames()).toEqual(['cars']));
    expect(lastListFilters()).toContainEqual({ col: 'id', opr: 'dataset_is_certified', value: true });

    fireEvent.change(screen.getByRole('combobox', { name: 'Certified' }), { target: { value: '' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Database' }), { target: { value: '' } });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search datasets' }), { target: { value: 'stock' } });
    await waitFor(() => expect(shownNames()).toEqual(['expensive_stocks']));
    expect(lastListFilters()).toEqual([{ col: 'table_name', opr: 'ct', value: 'stock' }]);
  });

  it('creates a dataset from a table with the database, schema and table pickers, then opens the editor', async () => {
    await start();
    renderAt('/tablemodelview/list/');
    await waitFor(() => expect(shownNames()).toHaveLength(3));
    fireEvent.click(screen.getByRole('button', { name: '+ Dataset' }));
    const dialog = await screen.findByRole('dialog', { name: 'New dataset' });
    await within(dialog).findByRole('option', { name: 'stocks' });
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Table' }), { target: { value: 'stocks' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create dataset' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/tablemodelview/edit/101'));
    expect(server.requests.find((r) => r.method === 'POST' && r.url === '/api/v1/dataset/')!.body).toEqual({
      database: 1,
      schema: 'public',
      table_name: 'stocks',
    });
    await screen.findByRole('heading', { name: /stocks/ });
    expect(screen.getByRole('table', { name: 'Columns' })).toHaveTextContent('price');
  });

  it("refuses a virtual dataset whose SQL fails, showing the database's message", async () => {
    await start();
    renderAt('/tablemodelview/list/');
    await waitFor(() => expect(shownNames()).toHaveLength(3));
    fireEvent.click(screen.getByRole('button', { name: '+ Dataset' }));
    const dialog = await screen.findByRole('dialog', { name: 'New dataset' });
    fireEvent.click(within(dialog).getByRole('radio', { name: /From SQL/ }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Dataset name' }), { target: { value: 'bad' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'SQL' }), {
      target: { value: 'SELECT * FROM planets' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create dataset' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('relation "planets" does not exist');
    expect(screen.getByTestId('where')).toHaveTextContent('/tablemodelview/list/');
  });
});

describe('Dataset editor', () => {
  it('adds a calculated column and a metric; Save sends only them (the PUT body)', async () => {
    await start();
    renderAt('/tablemodelview/edit/1');
    await screen.findByRole('table', { name: 'Columns' });
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();

    fireEvent.click(screen.getByRole('tab', { name: 'Calculated columns' }));
    fireEvent.click(screen.getByRole('button', { name: '+ Calculated column' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'SQL expression of calculated_1' }), {
      target: { value: 'horsepower * 0.7457' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Label of calculated_1' }), {
      target: { value: 'Kilowatts' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Name of calculated_1' }), { target: { value: 'kw' } });

    fireEvent.click(screen.getByRole('tab', { name: 'Metrics' }));
    fireEvent.click(screen.getByRole('button', { name: '+ Metric' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'SQL expression of metric_1' }), {
      target: { value: 'AVG(horsepower)' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'D3 format of metric_1' }), { target: { value: ',.1f' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Certified by of metric_1' }), {
      target: { value: 'Data team' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Name of metric_1' }), { target: { value: 'avg_hp' } });

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts()).toHaveLength(1));
    const body = puts()[0]!.body as { columns: { column_name: string }[]; metrics: { metric_name: string }[] };
    expect(Object.keys(body).sort()).toEqual(['columns', 'metrics']);
    expect(body.columns.map((c) => c.column_name)).toEqual(['model', 'horsepower', 'year', 'kw']);
    expect(body.columns[3]).toMatchObject({ expression: 'horsepower * 0.7457', verbose_name: 'Kilowatts' });
    expect(body.metrics[1]).toMatchObject({
      metric_name: 'avg_hp',
      expression: 'AVG(horsepower)',
      d3format: ',.1f',
      certified_by: 'Data team',
      verbose_name: null,
    });
    // The form starts again from the server's answer: nothing left to save.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled());
    expect(screen.getByRole('textbox', { name: 'Name of avg_hp' })).toHaveValue('avg_hp');
  });

  it("shows the database's message when a virtual dataset's new SQL fails; the typed SQL stays", async () => {
    await start();
    renderAt('/tablemodelview/edit/2');
    await screen.findByRole('table', { name: 'Columns' });
    fireEvent.click(screen.getByRole('tab', { name: 'Source' }));
    const sql = screen.getByRole('textbox', { name: 'Dataset SQL' });
    fireEvent.change(sql, { target: { value: 'SELECT * FROM moons' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('relation "moons" does not exist');
    expect(puts().at(-1)!.body).toEqual({ sql: 'SELECT * FROM moons' });
    expect(screen.getByRole('textbox', { name: 'Dataset SQL' })).toHaveValue('SELECT * FROM moons');
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('syncs columns from the source and sets the owners, default time grain and cache timeout', async () => {
    await start();
    renderAt('/tablemodelview/edit/3');
    await screen.findByRole('table', { name: 'Columns' });
    fireEvent.click(screen.getByRole('button', { name: 'Sync columns from source' }));
    await waitFor(() => expect(server.requests.some((r) => r.url === '/api/v1/dataset/3/refresh')).toBe(true));

    fireEvent.click(screen.getByRole('tab', { name: 'Settings' }));
    await screen.findByRole('option', { name: 'Bob Alpha' });
    const owners = screen.getByRole('listbox', { name: 'Owners' }) as HTMLSelectElement;
    for (const option of owners.options) option.selected = true;
    fireEvent.change(owners);
    fireEvent.change(screen.getByRole('combobox', { name: 'Default time grain' }), { target: { value: 'P1W' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Cache timeout' }), { target: { value: '600' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(puts().at(-1)!.body).toEqual({ owners: [1, 2], cache_timeout: 600, default_time_grain: 'P1W' }),
    );
  });

  it('keeps the unsaved edits as the fold of the page log: undo restores the previous label, redo and Save follow', async () => {
    await start();
    renderAt('/tablemodelview/edit/1');
    await screen.findByRole('table', { name: 'Columns' });
    const label = () => screen.getByRole('textbox', { name: 'Label of horsepower' });
    const undo = () => screen.getByRole('button', { name: 'Undo' });
    const redo = () => screen.getByRole('button', { name: 'Redo' });
    expect(undo()).toBeDisabled();
    fireEvent.change(label(), { target: { value: 'HP' } });
    fireEvent.change(label(), { target: { value: 'Horse power' } });
    expect(datasets.store.getState().editor.draft!.columns[1]!.verbose_name).toBe('Horse power');

    fireEvent.click(undo());
    expect(label()).toHaveValue('HP');
    fireEvent.click(undo());
    expect(label()).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    fireEvent.click(redo());
    expect(label()).toHaveValue('HP');
    // The exported log holds the edits (a bug report replays them).
    const types = datasets.store.store.exportLog().map((e) => e.type);
    expect(types.filter((t) => t === 'datasetEditor/columnVerboseNameEdited')).toHaveLength(2);

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts()).toHaveLength(1));
    const body = puts()[0]!.body as { columns: { column_name: string; verbose_name: string | null }[] };
    expect(body.columns.find((c) => c.column_name === 'horsepower')?.verbose_name).toBe('HP');
    // The draft starts again from the answer: the edits before it are not undo steps any more.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled());
    expect(undo()).toBeDisabled();
    expect(label()).toHaveValue('HP');
  });

  it('time travel shows the draft as it was; an edit there is refused and undo is off', async () => {
    await start();
    renderAt('/tablemodelview/edit/1');
    await screen.findByRole('table', { name: 'Columns' });
    const label = () => screen.getByRole('textbox', { name: 'Label of horsepower' });
    // The pickers' answers are in the log too: wait for them, so nothing lands between the steps below.
    await waitFor(() => {
      const { pickers } = datasets.store.getState();
      expect(pickers.owners.length * pickers.databases.length).toBeGreaterThan(0);
    });
    const before = datasets.store.store.log$.value.length;
    fireEvent.change(label(), { target: { value: 'HP' } });
    expect(label()).toHaveValue('HP');

    act(() => datasets.store.store.scrubTo(before));
    expect(label()).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Undo' })).toBeDisabled();
    fireEvent.change(label(), { target: { value: 'Horse power' } });
    expect(datasets.store.store.log$.value).toHaveLength(before + 1);

    act(() => datasets.store.store.resume());
    expect(label()).toHaveValue('HP');
    expect(screen.getByRole('button', { name: 'Undo' })).toBeEnabled();
  });
});
