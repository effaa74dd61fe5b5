import { deciderSpec } from '@strata/domain/testing';
import type { SqlLabState } from '../editor/model';
import { sqlLabDecider } from '../sqllab.decider';
import type { SqlLabEvent } from '../sqllab.events';
import { added, closed, QID, started, tab } from '../testing/fixtures';
import { newTableEntry, type TableRef } from './table-events';

const spec = deciderSpec(sqlLabDecider);
const fold = (events: readonly SqlLabEvent[]): SqlLabState =>
  events.reduce(sqlLabDecider.evolve, sqlLabDecider.initialState());
const ref = (overrides: Partial<TableRef> = {}): TableRef => ({
  id: 't1',
  dbId: 1,
  queryEditorId: 'a',
  catalog: null,
  schema: 'public',
  name: 'flights',
  ...overrides,
});
const tableAdded = (r: TableRef = ref(), preview: string | null = null): SqlLabEvent => ({
  type: 'sqllab/tableAdded',
  data: { table: newTableEntry(r, preview) },
});
const withTab = [added(tab('a', 'A'))];
const on = (type: SqlLabEvent['type'], extra: object = {}) =>
  ({ type, data: { tableId: 't1', ...extra } }) as SqlLabEvent;

describe('SQL Lab tables in the editor', () => {
  it('sqllab-and-platform §4 Tabs: adding a table gives an expanded entry in its tab', () => {
    spec
      .given(withTab)
      .when({ type: 'AddTable', data: { table: ref() } })
      .then([tableAdded()]);
    expect(fold([...withTab, tableAdded()]).tables).toEqual([newTableEntry(ref())]);
  });

  it('sqllab-and-platform §4 Tabs: tables are merged by db, tab, catalog, schema and name', () => {
    const state = fold([...withTab, tableAdded(), on('sqllab/tableCollapsed'), tableAdded(ref({ id: 't2' }), QID)]);
    expect(state.tables).toHaveLength(1);
    expect(state.tables[0]).toMatchObject({ id: 't1', expanded: true, dataPreviewQueryId: QID });
  });

  it('sqllab-and-platform §4 Tabs: a table differing in any of db, catalog, schema or name is another entry', () => {
    const state = fold([
      ...withTab,
      tableAdded(),
      tableAdded(ref({ id: 't2', dbId: 2 })),
      tableAdded(ref({ id: 't3', catalog: 'c' })),
      tableAdded(ref({ id: 't4', schema: 'other' })),
      tableAdded(ref({ id: 't5', name: 'airports' })),
    ]);
    expect(state.tables.map((t) => t.id)).toEqual(['t1', 't2', 't3', 't4', 't5']);
  });

  it('adding the same expanded table again is no event', () => {
    spec
      .given([...withTab, tableAdded()])
      .when({ type: 'AddTable', data: { table: ref({ id: 't9' }) } })
      .then([]);
  });

  it('a table needs an existing tab', () => {
    spec
      .given(withTab)
      .when({ type: 'AddTable', data: { table: ref({ queryEditorId: 'zz' }) } })
      .thenThrows('tab_not_found');
  });

  it('sqllab-and-platform §4 Tabs: tables can be collapsed and expanded', () => {
    spec
      .given([...withTab, tableAdded()])
      .when({ type: 'CollapseTable', data: { tableId: 't1' } })
      .then([on('sqllab/tableCollapsed')]);
    expect(fold([...withTab, tableAdded(), on('sqllab/tableCollapsed')]).tables[0]?.expanded).toBe(false);
    spec
      .given([...withTab, tableAdded(), on('sqllab/tableCollapsed')])
      .when({ type: 'ExpandTable', data: { tableId: 't1' } })
      .then([on('sqllab/tableExpanded')]);
  });

  it('sqllab-and-platform §4 Tabs: a table can be removed, and its data preview run goes with it', () => {
    const state = fold([
      ...withTab,
      started({ sqlEditorId: null, isDataPreview: true }),
      tableAdded(ref(), QID),
      on('sqllab/tableRemoved'),
    ]);
    expect(state.tables).toEqual([]);
    expect(state.queries).toEqual({});
  });

  it('sqllab-and-platform §4 Tabs: a table carries a data-preview query', () => {
    expect(
      fold([...withTab, tableAdded(), on('sqllab/tableDataPreviewSet', { queryId: QID })]).tables[0]
        ?.dataPreviewQueryId,
    ).toBe(QID);
  });

  it('sqllab-and-platform §3 Table entry: metadata loading flags are set while loading and cleared when loaded', () => {
    const loading = fold([
      ...withTab,
      tableAdded(),
      on('sqllab/tableMetadataRequested', { extra: false }),
      on('sqllab/tableMetadataRequested', { extra: true }),
    ]);
    expect(loading.tables[0]).toMatchObject({
      isMetadataLoading: true,
      isExtraMetadataLoading: true,
      initialized: false,
    });
    const metadata = {
      columns: [{ name: 'id', type: 'INT' }],
      selectStar: 'SELECT * FROM flights',
      primaryKey: { column_names: ['id'] },
      foreignKeys: [],
      indexes: [],
    };
    const loaded = [
      on('sqllab/tableMetadataLoaded', metadata),
      on('sqllab/tableExtraMetadataLoaded', { metadata: { comment: 'x' } }),
    ].reduce(sqlLabDecider.evolve, loading);
    expect(loaded.tables[0]).toMatchObject({
      ...metadata,
      isMetadataLoading: false,
      isExtraMetadataLoading: false,
      initialized: true,
    });
  });

  it('a failed metadata load clears its loading flag', () => {
    const state = fold([
      ...withTab,
      tableAdded(),
      on('sqllab/tableMetadataRequested', { extra: false }),
      on('sqllab/tableMetadataFailed', { extra: false }),
    ]);
    expect(state.tables[0]?.isMetadataLoading).toBe(false);
  });

  it('sqllab-and-platform §4 Tabs: removing a tab removes its tables', () => {
    expect(fold([...withTab, added(tab('b', 'B')), tableAdded(), closed('a')]).tables).toEqual([]);
  });

  it('commands on a missing table entry are refused', () => {
    spec
      .given(withTab)
      .when({ type: 'RemoveTable', data: { tableId: 'nope' } })
      .thenThrows('table_not_found');
  });
});
