import { replaySteps } from './replay.steps';
import { sqlLabAt } from './replay.sqllab';
import { row, sqlEdited, tabActivated, tabCreated } from './replay.fixture';

describe('replay steps: one intent, one step, on the page it happened on', () => {
  it('groups the rows of one batch into one step, oldest first, whatever order they came in', () => {
    const rows = [
      row(7, 'dashboard/componentMoved', {}, { batch_id: 'move', object: { type: 'dashboard', id: 5, name: 'Sales' } }),
      sqlEdited(3, 10, 'SELECT 1', { batch_id: 'save' }),
      row(6, 'dashboard/componentAdded', {}, { batch_id: 'move', object: { type: 'dashboard', id: 5, name: 'Sales' } }),
      tabCreated(2, 10, '', { batch_id: 'save' }),
    ];
    const steps = replaySteps(rows);
    expect(steps.map((s) => [s.batchId, s.page, s.objectId, s.position, s.rows.length])).toEqual([
      ['save', 'sqllab', null, 3, 2],
      ['move', 'dashboard', 5, 7, 2],
    ]);
    expect(steps[1]!.objectName).toBe('Sales');
    expect(steps[0]!.time).toBe(rows[3]!.time);
  });

  it('a row recorded outside a batch is a step alone', () => {
    const steps = replaySteps([
      row(1, 'session/loggedIn', {}, { batch_id: null }),
      row(2, 'session/loggedOut', {}, { batch_id: null }),
    ]);
    expect(steps.map((s) => [s.page, s.position])).toEqual([
      ['other', 1],
      ['other', 2],
    ]);
  });

  it('page views go to the page they name: a chart to Explore, a dashboard to the dashboard', () => {
    const steps = replaySteps([
      row(1, 'platform/userEventLogged', { slice_id: 4 }, { object: { type: 'chart', id: 4, name: 'Cars' } }),
      row(2, 'platform/userEventLogged', { dashboard_id: 9 }, { object: { type: 'dashboard', id: 9, name: 'Ops' } }),
      row(3, 'explore/metricAdded', {}, { object: null }),
      row(4, 'sqllab/queryStarted', {}, { object: { type: 'query', id: 'abc', name: null } }),
    ]);
    expect(steps.map((s) => [s.page, s.objectId])).toEqual([
      ['explore', 4],
      ['dashboard', 9],
      ['explore', null],
      ['sqllab', null],
    ]);
  });

  it('a step is undone when the user undid its batch later, and says every distinct summary once', () => {
    const [step] = replaySteps([
      row(1, 'dashboard/componentAdded', {}, { batch_id: 'x', undone: true, summary: 'bob added a row' }),
      row(2, 'dashboard/componentAdded', {}, { batch_id: 'x', undone: true, summary: 'bob added a row' }),
    ]);
    expect(step!.undone).toBe(true);
    expect(step!.summary).toBe('bob added a row');
  });
});

describe("the user's SQL Lab at a step (tab-state and query-run folds)", () => {
  const before = [tabCreated(1, 10, 'SELECT old')];
  const steps = replaySteps([
    sqlEdited(5, 10, 'SELECT 1'),
    tabCreated(6, 11),
    tabActivated(7, 11),
    sqlEdited(8, 11, 'SELECT name FROM cars'),
    row(
      9,
      'sqllab/queryStarted',
      { clientId: 'q1', sql: 'SELECT name FROM cars', status: 'running', startDttm: 1 },
      {
        object: { type: 'query', id: 'q1', name: null },
      },
    ),
  ]);

  it('starts from the tabs the user had before the range', () => {
    expect(sqlLabAt(before, steps, -1).active?.sql).toBe('SELECT old');
  });

  it('shows each tab with its SQL as it was at the step, the active tab first', () => {
    const first = sqlLabAt(before, steps, 0);
    expect(first.tabs.map((t) => [t.tab_id, t.sql])).toEqual([[10, 'SELECT 1']]);
    const later = sqlLabAt(before, steps, 3);
    expect(later.tabs.map((t) => t.tab_id)).toEqual([10, 11]);
    expect(later.active).toMatchObject({ tab_id: 11, sql: 'SELECT name FROM cars' });
  });

  it('folds a run from its events, and never has result rows', () => {
    expect(sqlLabAt(before, steps, 3).runs).toEqual({});
    const run = sqlLabAt(before, steps, 4).runs['q1']!;
    expect(run.started?.sql).toBe('SELECT name FROM cars');
    expect(run.status).toBe('running');
  });

  it("lists the tables of the tabs' left bars as they were added", () => {
    const table = { database_id: 1, catalog: null, schema: 'public', table: 'cars', description: { columns: [] } };
    const added = replaySteps([
      row(5, 'sqllab/tableSchemaAdded', { table_schema_id: 3, tab_id: 10, replaced_ids: [], ...table }),
    ]);
    expect(sqlLabAt(before, added, -1).tables).toEqual([]);
    expect(sqlLabAt(before, added, 0).tables).toEqual([{ id: 3, tab_id: 10, expanded: true, ...table }]);
  });

  it('skips what the user undid', () => {
    const undone = replaySteps([sqlEdited(5, 10, 'SELECT undone', { undone: true })]);
    expect(sqlLabAt(before, undone, 0).active?.sql).toBe('SELECT old');
  });
});
