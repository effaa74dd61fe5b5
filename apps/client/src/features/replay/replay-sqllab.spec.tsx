/**
 * Issue 13 item 4, a SQL Lab step of a replay: SQL Lab's real page (tab bar, left bar, editor, results
 * pane) as the replayed user had it, from their `tabstate:` and `query:` events read from the audit API
 * of a real HTTP server. A run shows its recorded status, row count or error, and says its results are
 * not kept; nothing is run, synced or read from a database: every request the page makes is a GET.
 */
import { fireEvent, screen, within } from '@testing-library/react';
import type ace from 'ace-builds';
import type { TestServer } from '../../testing/test-server';
import {
  at,
  auditAnswer,
  BOB,
  replayRow as row,
  replayServer,
  startReplayBed,
  type ReplayBed,
} from './testing/replay-test-bed';

const TAB = { type: 'sqllab_tab', id: 2, name: null };
const query = (id: string) => ({ type: 'query', id, name: null });
const tab = (id: number, label: string, sql: string) => ({
  tab_id: id,
  label,
  sql,
  database_id: 1,
  catalog: null,
  schema: 'public',
  query_limit: null,
  latest_query_id: null,
  template_params: null,
  hide_left_bar: false,
  autorun: false,
  saved_query_id: null,
  extra_json: null,
});
const started = (clientId: string, sql: string, startDttm: number) => ({
  clientId,
  userId: BOB.id,
  databaseId: 1,
  sql,
  renderedSql: sql,
  sqlEditorId: '11',
  tab: 'Bob query',
  catalog: null,
  schema: 'public',
  limit: 1000,
  limitingFactor: 'NOT_LIMITED',
  selectAsCta: false,
  ctasMethod: 'TABLE',
  tmpTableName: null,
  tmpSchemaName: null,
  runAsync: false,
  status: 'running',
  startDttm,
});

// Before the range bob had one tab; in it he opens a tab, types SQL, adds a table, runs it (3 rows),
// then runs a query that fails.
const BEFORE = [row(1, 'sqllab/tabStateCreated', tab(10, 'Old tab', 'SELECT 0'), TAB)];
const ROWS = [
  row(3, 'sqllab/tabStateCreated', tab(11, 'Bob query', ''), TAB),
  row(4, 'sqllab/tabStateSqlEdited', { tab_id: 11, sql: 'SELECT origin FROM cars' }, TAB),
  row(
    5,
    'sqllab/tableSchemaAdded',
    {
      table_schema_id: 7,
      tab_id: 11,
      replaced_ids: [],
      database_id: 1,
      catalog: null,
      schema: 'public',
      table: 'cars',
      description: { columns: [{ name: 'origin', type: 'TEXT' }] },
    },
    TAB,
  ),
  row(6, 'sqllab/queryStarted', started('q1', 'SELECT origin FROM cars', 6000), query('q1')),
  row(7, 'sqllab/tabStateLatestQueryChanged', { tab_id: 11, latest_query_id: 'q1' }, TAB, 6),
  row(
    8,
    'sqllab/querySucceeded',
    {
      rows: 3,
      limitingFactor: 'NOT_LIMITED',
      resultsKey: 'k1',
      columns: [],
      executedSql: 'SELECT origin FROM cars',
      tempTable: null,
      tempSchema: null,
      selectSql: null,
      endDttm: 8000,
    },
    query('q1'),
  ),
  row(9, 'sqllab/tabStateSqlEdited', { tab_id: 11, sql: 'SELECT * FROM nope' }, TAB),
  row(10, 'sqllab/queryStarted', started('q2', 'SELECT * FROM nope', 10000), query('q2')),
  row(11, 'sqllab/tabStateLatestQueryChanged', { tab_id: 11, latest_query_id: 'q2' }, TAB, 10),
  row(
    12,
    'sqllab/queryFailed',
    { errors: [], errorMessage: 'relation "nope" does not exist', executedSql: null, endDttm: 12000 },
    query('q2'),
  ),
];
const DATABASES = [{ id: 1, database_name: 'examples', backend: 'postgresql', allow_run_async: false }];

let server: TestServer;
let bed: ReplayBed;

beforeEach(async () => {
  server = await replayServer((url) =>
    url.pathname === '/api/v1/database/'
      ? { status: 200, body: { count: 1, result: DATABASES } }
      : auditAnswer(url, ROWS, BEFORE),
  );
  bed = startReplayBed({ server, services: false });
  await bed.open({ since: at(2) });
  bed.render();
});

afterEach(() => bed.stop());

const lab = () => within(screen.getByTestId('replay-sqllab'));
const sql = async () =>
  ((await lab().findByTestId('sql-editor')) as HTMLElement & { env: { editor: ace.Ace.Editor } }).env.editor.getValue();
const forwardTo = (step: number) => {
  fireEvent.change(screen.getByRole('slider', { name: 'Timeline' }), { target: { value: String(step - 1) } });
  expect(screen.getByTestId('replay-step')).toHaveTextContent(`Step ${step} of`);
};

describe('a SQL Lab step of a replay: the real SQL Lab page as the user had it', () => {
  it("shows the user's tabs, the active tab's SQL in the editor and its database, schema and tables", async () => {
    forwardTo(3);
    expect(lab().getByTestId('sqllab')).toBeInTheDocument();
    expect(lab().getByRole('tab', { name: /Old tab/ })).toBeInTheDocument();
    expect(lab().getByRole('tab', { name: /Bob query/ })).toHaveAttribute('aria-selected', 'true');
    expect(await sql()).toBe('SELECT origin FROM cars');
    const leftBar = within(lab().getByRole('complementary', { name: 'Database explorer' }));
    expect(await leftBar.findByRole('option', { name: 'examples', selected: true })).toBeInTheDocument();
    expect(leftBar.getByRole('combobox', { name: 'Schema' })).toHaveValue('public');
    expect(leftBar.getByTestId('table-entry-cars')).toBeInTheDocument();
    expect(lab().getByText('Run a query to see its results here (Ctrl+Enter).')).toBeInTheDocument();

    forwardTo(1);
    expect(await sql()).toBe('');
  });

  it('shows the recorded run: its status and row count, or its error; its results are said not to be kept', async () => {
    forwardTo(4);
    expect(lab().getByTestId('query-state')).toHaveTextContent('running');
    forwardTo(5);
    const results = within(lab().getByTestId('result-set'));
    expect(results.getByTestId('query-state')).toHaveTextContent('success');
    expect(results.getByTestId('row-count')).toHaveTextContent('3 rows');
    expect(results.getByTestId('rows-not-kept')).toHaveTextContent(
      'Results are not kept: the replay does not run the query again.',
    );
    expect(results.queryByRole('button', { name: 'Fetch the results' })).toBeNull();

    forwardTo(8);
    expect(await sql()).toBe('SELECT * FROM nope');
    expect(lab().getByTestId('query-state')).toHaveTextContent('failed');
    expect(lab().getByTestId('query-error')).toHaveTextContent('relation "nope" does not exist');
    expect(lab().getByTestId('rows-not-kept')).toBeInTheDocument();
  });

  it('runs nothing and writes nothing: only GETs leave, none to a database, and Run is refused', async () => {
    forwardTo(5);
    await lab().findByTestId('sql-editor');
    await lab().findByRole('option', { name: 'examples', selected: true });
    fireEvent.click(lab().getByRole('button', { name: 'Run' }));
    fireEvent.click(lab().getByRole('tab', { name: /Old tab/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('nothing here can be changed');
    expect(lab().getByRole('tab', { name: /Bob query/ })).toHaveAttribute('aria-selected', 'true');
    const paths = server.requests.map((r) => `${r.method} ${new URL(r.url, 'http://x').pathname}`);
    expect(paths.filter((p) => !p.startsWith('GET '))).toEqual([]);
    expect(paths.filter((p) => /execute|tabstateview|\/database\/\d+\/|\/query\//.test(p))).toEqual([]);
    expect(new Set(paths)).toEqual(new Set(['GET /api/v1/audit/', 'GET /api/v1/database/']));
  });
});
