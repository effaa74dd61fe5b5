import { newColumn } from '../dataset-columns';
import { datasetEditBody, datasetDraftProblems } from './dataset-draft';
import type { DatasetView } from './dataset-view';
import { datasetsClientFold, type DatasetsClientEvent, type DatasetsClientState } from './datasets-client.fold';

const given = (events: DatasetsClientEvent[], state: DatasetsClientState = datasetsClientFold.initialState()) =>
  events.reduce(datasetsClientFold.evolve, state);

const cars = (over: Partial<DatasetView> = {}): DatasetView => ({
  id: 1,
  kind: 'physical',
  table_name: 'cars',
  database: { id: 1, database_name: 'examples' },
  catalog: null,
  schema: 'public',
  sql: null,
  template_params: null,
  columns: [
    { ...newColumn('model'), type: 'TEXT' },
    { ...newColumn('horsepower'), type: 'INTEGER' },
  ],
  metrics: [
    { metric_name: 'count', verbose_name: null, metric_type: 'count', expression: 'COUNT(*)', description: null },
  ],
  main_dttm_col: null,
  description: null,
  owners: [{ id: 1, first_name: 'Alice', last_name: 'Admin' }],
  changed_on: '2026-01-01T00:00:00Z',
  ...over,
});

const opened = (dataset = cars()): DatasetsClientEvent[] => [
  { type: 'datasets/datasetQueried', data: { id: dataset.id } },
  { type: 'datasets/datasetLoaded', data: { dataset } },
];

describe('the dataset editor draft, a fold of the page log (issue 15 item 2)', () => {
  it('starts from the server answer', () => {
    const { editor } = given(opened());
    expect(editor.draft?.table_name).toBe('cars');
    expect(editor.draft?.owners).toEqual([1]);
    expect(datasetEditBody(editor.dataset!, editor.draft!)).toEqual({});
  });

  it('labels a column, flags it and sets the settings; the PUT body holds only those changes', () => {
    const { editor } = given([
      ...opened(),
      { type: 'datasetEditor/columnVerboseNameEdited', data: { index: 1, column: 'horsepower', verboseName: 'HP' } },
      { type: 'datasetEditor/columnFlagged', data: { index: 1, column: 'horsepower', flag: 'is_dttm' } },
      { type: 'datasetEditor/columnUnflagged', data: { index: 0, column: 'model', flag: 'groupby' } },
      { type: 'datasetEditor/cacheTimeoutEdited', data: { text: '600' } },
      { type: 'datasetEditor/ownersChosen', data: { owners: [1, 2] } },
      { type: 'datasetEditor/mainDatetimeColumnChosen', data: { column: 'horsepower' } },
    ]);
    const body = datasetEditBody(editor.dataset!, editor.draft!);
    expect(Object.keys(body).sort()).toEqual(['cache_timeout', 'columns', 'main_dttm_col', 'owners']);
    expect(body.cache_timeout).toBe(600);
    expect(body.columns?.[1]).toMatchObject({ column_name: 'horsepower', verbose_name: 'HP', is_dttm: true });
    expect(body.columns?.[0]).toMatchObject({ column_name: 'model', groupby: false });
  });

  it('adds a calculated column and a metric by their place in the lists, then removes the column', () => {
    const added = given([
      ...opened(),
      { type: 'datasetEditor/calculatedColumnAdded', data: { column: 'calculated_1' } },
      {
        type: 'datasetEditor/columnExpressionEdited',
        data: { index: 2, column: 'calculated_1', expression: 'horsepower * 0.7457' },
      },
      { type: 'datasetEditor/calculatedColumnTypeChosen', data: { index: 2, column: 'calculated_1', typeGeneric: 2 } },
      { type: 'datasetEditor/calculatedColumnRenamed', data: { index: 2, column: 'calculated_1', name: 'kw' } },
      { type: 'datasetEditor/metricAdded', data: { metric: 'metric_1' } },
      { type: 'datasetEditor/metricExpressionEdited', data: { index: 1, metric: 'metric_1', expression: 'AVG(x)' } },
      { type: 'datasetEditor/metricD3FormatEdited', data: { index: 1, metric: 'metric_1', d3format: ',.1f' } },
      { type: 'datasetEditor/metricRenamed', data: { index: 1, metric: 'metric_1', name: 'avg_x' } },
    ]);
    const draft = added.editor.draft!;
    expect(draft.columns[2]).toMatchObject({
      column_name: 'kw',
      expression: 'horsepower * 0.7457',
      type_generic: 2,
      type: 'TEMPORAL',
      is_dttm: true,
    });
    expect(draft.metrics[1]).toMatchObject({ metric_name: 'avg_x', expression: 'AVG(x)', d3format: ',.1f' });
    expect(datasetDraftProblems(draft)).toEqual([]);

    const removed = given([{ type: 'datasetEditor/calculatedColumnRemoved', data: { index: 2, column: 'kw' } }], added);
    expect(removed.editor.draft!.columns.map((c) => c.column_name)).toEqual(['model', 'horsepower']);
  });

  it('a new metric without SQL is a problem the form shows before asking the server', () => {
    const { editor } = given([...opened(), { type: 'datasetEditor/metricAdded', data: { metric: 'metric_1' } }]);
    expect(datasetDraftProblems(editor.draft!)).toEqual(['Every metric needs a SQL expression.']);
  });

  it('Discard returns to the server answer; a refused save keeps the draft; a stored save restarts it', () => {
    const edited = given([
      ...opened(cars({ kind: 'virtual', sql: 'SELECT 1' })),
      { type: 'datasetEditor/sqlEdited', data: { sql: 'SELECT * FROM moons' } },
    ]);
    expect(given([{ type: 'datasetEditor/draftDiscarded', data: { id: 1 } }], edited).editor.draft!.sql).toBe(
      'SELECT 1',
    );
    const refused = given(
      [
        { type: 'datasets/saveRequested', data: { id: 1 } },
        { type: 'datasets/writeRefused', data: { id: 1, message: 'relation "moons" does not exist' } },
      ],
      edited,
    );
    expect(refused.editor.draft!.sql).toBe('SELECT * FROM moons');
    expect(refused.editor.writeError).toBe('relation "moons" does not exist');
    const stored = given(
      [{ type: 'datasets/datasetSaved', data: { dataset: cars({ kind: 'virtual', sql: 'SELECT 2' }) } }],
      refused,
    );
    expect(stored.editor.draft!.sql).toBe('SELECT 2');
    expect(stored.editor.writeError).toBeNull();
  });

  it("an edit made in another dataset's draft, or before any is read, changes nothing", () => {
    const none = given([{ type: 'datasetEditor/nameEdited', data: { tableName: 'x' } }]);
    expect(none).toEqual(datasetsClientFold.initialState());
    const other = given([
      ...opened(),
      { type: 'datasetEditor/nameEdited', data: { tableName: 'autos' } },
      { type: 'datasetEditor/draftDiscarded', data: { id: 9 } },
    ]);
    expect(other.editor.draft!.table_name).toBe('autos');
    const next = given([{ type: 'datasets/datasetQueried', data: { id: 2 } }], other);
    expect(next.editor.draft).toBeNull();
  });
});

describe('the new dataset dialog, a fold of the page log', () => {
  it('takes the database answer of the schemas: public when it has it; drops an answer for another database', () => {
    const chosen = given([
      { type: 'datasetCreate/dialogOpened', data: {} },
      { type: 'datasetCreate/schemasLoaded', data: { databaseId: 1, schemas: ['main', 'public'] } },
      { type: 'datasetCreate/tablesLoaded', data: { databaseId: 1, schema: 'public', tables: ['cars'] } },
      { type: 'datasetCreate/tableChosen', data: { table: 'cars' } },
    ]);
    expect(chosen.create.form).toMatchObject({ schema: 'public', table: 'cars', tables: { list: ['cars'] } });

    const moved = given(
      [
        { type: 'datasetCreate/databaseChosen', data: { databaseId: 2 } },
        { type: 'datasetCreate/schemasLoaded', data: { databaseId: 1, schemas: ['late'] } },
        { type: 'datasetCreate/schemasLoaded', data: { databaseId: 2, schemas: ['sales'] } },
      ],
      chosen,
    );
    expect(moved.create.form).toMatchObject({ databaseId: 2, schema: 'sales', table: '', tables: null });
    expect(moved.create.form.schemas).toEqual({ databaseId: 2, list: ['sales'] });
  });

  // The picker shows the first database before any choice; choosing that same one after its schemas came
  // emptied the list for good (the dialog reloads only when the database changes): seen in the e2e under load.
  it('choosing the database already shown keeps its schemas and tables; another database reads them again', () => {
    const shown = given([
      { type: 'datasetCreate/dialogOpened', data: {} },
      { type: 'datasetCreate/schemasLoaded', data: { databaseId: 2, schemas: ['public', 'sales'] } },
      { type: 'datasetCreate/tablesLoaded', data: { databaseId: 2, schema: 'public', tables: ['orders'] } },
      { type: 'datasetCreate/tableChosen', data: { table: 'orders' } },
    ]);
    const same = given([{ type: 'datasetCreate/databaseChosen', data: { databaseId: 2 } }], shown);
    expect(same.create.form).toMatchObject({ databaseId: 2, schema: 'public', table: 'orders' });
    expect(same.create.form.schemas).toEqual({ databaseId: 2, list: ['public', 'sales'] });
    expect(same.create.form.tables).toEqual({ databaseId: 2, schema: 'public', list: ['orders'] });
    const again = given([{ type: 'datasetCreate/databaseChosen', data: { databaseId: 2 } }], same);
    expect(again.create.form.schemas).toEqual(same.create.form.schemas);

    const other = given([{ type: 'datasetCreate/databaseChosen', data: { databaseId: 3 } }], same);
    expect(other.create.form).toMatchObject({ databaseId: 3, schemas: null, tables: null, table: '' });
  });

  it('a new opening forgets the choices and the refusal of the last one', () => {
    const refused = given([
      { type: 'datasetCreate/dialogOpened', data: {} },
      { type: 'datasetCreate/sourceChosen', data: { source: 'sql' } },
      { type: 'datasetCreate/nameEdited', data: { name: 'bad' } },
      { type: 'datasetCreate/sqlEdited', data: { sql: 'SELECT * FROM planets' } },
      { type: 'datasets/createRequested', data: { table_name: 'bad' } },
      { type: 'datasets/createRefused', data: { message: 'relation "planets" does not exist' } },
    ]);
    expect(refused.create.form).toMatchObject({ source: 'sql', name: 'bad', sql: 'SELECT * FROM planets' });
    expect(refused.create.error).toBe('relation "planets" does not exist');
    const again = given([{ type: 'datasetCreate/dialogOpened', data: {} }], refused);
    expect(again.create.error).toBeNull();
    expect(again.create.form.source).toBe('table');
    expect(again.create.form.sql).toBe('');
  });
});

describe('the pickers, a fold of the page log', () => {
  it('hold the databases, users and each database schemas the server last answered', () => {
    const state = given([
      { type: 'datasets/databaseOptionsLoaded', data: { options: [{ value: 1, label: 'examples' }] } },
      { type: 'datasets/ownerOptionsLoaded', data: { options: [{ value: 2, label: 'Bob Alpha' }] } },
      { type: 'datasets/schemaOptionsLoaded', data: { databaseId: 1, schemas: ['public'] } },
      { type: 'datasets/schemaOptionsLoaded', data: { databaseId: 1, schemas: ['public', 'staging'] } },
    ]);
    expect(state.pickers).toEqual({
      databases: [{ value: 1, label: 'examples' }],
      owners: [{ value: 2, label: 'Bob Alpha' }],
      schemas: { 1: ['public', 'staging'] },
    });
  });
});
