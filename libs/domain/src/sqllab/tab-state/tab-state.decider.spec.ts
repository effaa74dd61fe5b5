import { createUpcaster, foldEntries, type Envelope } from '@strata/events';
import { deciderSpec } from '../../testing';
import { tabStateDecider } from './tab-state.decider';
import type { TabFields, TabStateEvent } from './tab-state.events';
import { tabStateUpcasters } from './upcasters';

const fields: TabFields = {
  label: 'Untitled Query 1',
  database_id: 1,
  catalog: null,
  schema: 'public',
  sql: 'SELECT 1',
  query_limit: 1000,
  latest_query_id: null,
  template_params: null,
  hide_left_bar: false,
  autorun: false,
  saved_query_id: null,
  extra_json: null,
};
const tab1: TabStateEvent = { type: 'sqllab/tabStateCreated', data: { tab_id: 1, ...fields } };
const tab2: TabStateEvent = { type: 'sqllab/tabStateCreated', data: { tab_id: 2, ...fields, label: 'Second' } };
const table = { database_id: 1, catalog: null, schema: 'public', table: 'flights', description: { name: 'flights' } };
const added: TabStateEvent = {
  type: 'sqllab/tableSchemaAdded',
  data: { table_schema_id: 10, tab_id: 1, replaced_ids: [], ...table },
};
const withLatest: TabStateEvent = {
  type: 'sqllab/tabStateLatestQueryChanged',
  data: { tab_id: 1, latest_query_id: 'bbbbbbbbbbb' },
};
const spec = deciderSpec(tabStateDecider);

describe('tab state decider (REFERENCE §1.9)', () => {
  it('a new tab is the active one; activating another deactivates the rest', () => {
    spec.given([tab1, tab2]).thenState({
      tabs: { 1: { ...fields, active: false }, 2: { ...fields, label: 'Second', active: true } },
      tables: {},
    });
    spec
      .given([tab1, tab2])
      .when({ type: 'ActivateTab', tab_id: 1 })
      .then([{ type: 'sqllab/tabActivated', data: { tab_id: 1 } }]);
    spec.given([tab1, tab2]).when({ type: 'ActivateTab', tab_id: 2 }).then([]);
  });

  it('creating a tab twice is refused', () => {
    spec.given([tab1]).when({ type: 'CreateTab', tab_id: 1, fields }).thenThrows('tab_state_exists');
  });

  it('saving records one event per changed field; unknown tabs are not found', () => {
    spec
      .given([tab1])
      .when({ type: 'SaveTab', tab_id: 1, changes: { sql: 'SELECT 2', schema: 'public' } })
      .then([{ type: 'sqllab/tabStateSqlEdited', data: { tab_id: 1, sql: 'SELECT 2' } }]);
    spec
      .given([tab1])
      .when({ type: 'SaveTab', tab_id: 1, changes: { sql: 'SELECT 1', schema: 'public' } })
      .then([]);
    spec
      .given([tab1])
      .when({ type: 'SaveTab', tab_id: 2, changes: { sql: 'x' } })
      .thenThrows('tab_state_not_found');
  });

  it('a full save (sqllab-and-platform §7 PUT /tabstateview) gives its changed fields in column order, booleans as intents', () => {
    spec
      .given([tab1])
      .when({
        type: 'SaveTab',
        tab_id: 1,
        changes: {
          ...fields,
          extra_json: { updatedAt: 5, version: 1 },
          autorun: true,
          hide_left_bar: true,
          label: 'Flights',
          database_id: 2,
          catalog: 'main',
          schema: null,
          query_limit: 10,
          template_params: '{"a": 1}',
          saved_query_id: 4,
          latest_query_id: 'aaaaaaaaaaa',
        },
      })
      .then([
        { type: 'sqllab/tabStateRenamed', data: { tab_id: 1, label: 'Flights' } },
        { type: 'sqllab/tabStateDatabaseChanged', data: { tab_id: 1, database_id: 2 } },
        { type: 'sqllab/tabStateCatalogChanged', data: { tab_id: 1, catalog: 'main' } },
        { type: 'sqllab/tabStateSchemaChanged', data: { tab_id: 1, schema: null } },
        { type: 'sqllab/tabStateQueryLimitChanged', data: { tab_id: 1, query_limit: 10 } },
        { type: 'sqllab/tabStateLatestQueryChanged', data: { tab_id: 1, latest_query_id: 'aaaaaaaaaaa' } },
        { type: 'sqllab/tabStateTemplateParamsEdited', data: { tab_id: 1, template_params: '{"a": 1}' } },
        { type: 'sqllab/tabStateLeftBarHidden', data: { tab_id: 1 } },
        { type: 'sqllab/tabStateAutorunEnabled', data: { tab_id: 1 } },
        { type: 'sqllab/tabStateSavedQueryChanged', data: { tab_id: 1, saved_query_id: 4 } },
        { type: 'sqllab/tabStateExtraChanged', data: { tab_id: 1, extra_json: { updatedAt: 5, version: 1 } } },
      ]);
    const hidden: TabStateEvent = { type: 'sqllab/tabStateLeftBarHidden', data: { tab_id: 1 } };
    spec
      .given([tab1, hidden])
      .when({ type: 'SaveTab', tab_id: 1, changes: { hide_left_bar: false } })
      .then([{ type: 'sqllab/tabStateLeftBarShown', data: { tab_id: 1 } }]);
  });

  it('removing the latest query makes the previous one the latest; another query leaves it', () => {
    spec
      .given([tab1, withLatest])
      .when({ type: 'RemoveTabQuery', tab_id: 1, query_id: 'bbbbbbbbbbb', previous_query_id: 'aaaaaaaaaaa' })
      .then([
        {
          type: 'sqllab/tabQueryRemoved',
          data: { tab_id: 1, query_id: 'bbbbbbbbbbb', latest_changed: true, latest_query_id: 'aaaaaaaaaaa' },
        },
      ]);
    spec
      .given([tab1, withLatest])
      .when({ type: 'RemoveTabQuery', tab_id: 1, query_id: 'ccccccccccc', previous_query_id: null })
      .then([
        {
          type: 'sqllab/tabQueryRemoved',
          data: { tab_id: 1, query_id: 'ccccccccccc', latest_changed: false, latest_query_id: 'bbbbbbbbbbb' },
        },
      ]);
  });

  it('a query migrates only to a tab of the stream', () => {
    spec
      .given([tab1])
      .when({ type: 'MigrateQuery', tab_id: 1, query_id: 'aaaaaaaaaaa' })
      .then([{ type: 'sqllab/queryMigratedToTab', data: { tab_id: 1, query_id: 'aaaaaaaaaaa' } }]);
    spec.given([]).when({ type: 'MigrateQuery', tab_id: 1, query_id: 'aaaaaaaaaaa' }).thenThrows('tab_state_not_found');
  });

  it('adding a table replaces the same table of the tab; expand/collapse only when it changes; deleting a tab drops its tables', () => {
    spec
      .given([tab1, added])
      .when({ type: 'AddTableSchema', table_schema_id: 11, tab_id: 1, fields: table })
      .then([
        { type: 'sqllab/tableSchemaAdded', data: { table_schema_id: 11, tab_id: 1, replaced_ids: [10], ...table } },
      ]);
    spec.given([tab1, added]).when({ type: 'ExpandTableSchema', table_schema_id: 10 }).then([]);
    spec
      .given([tab1, added])
      .when({ type: 'CollapseTableSchema', table_schema_id: 10 })
      .then([{ type: 'sqllab/tableSchemaCollapsed', data: { table_schema_id: 10 } }]);
    spec
      .given([tab1, added, { type: 'sqllab/tabStateDeleted', data: { tab_id: 1 } }])
      .thenState({ tabs: {}, tables: {} });
    spec.given([tab1]).when({ type: 'RemoveTableSchema', table_schema_id: 10 }).thenThrows('table_schema_not_found');
  });
});

describe('tab state upcasters', () => {
  const upcast = createUpcaster(tabStateUpcasters);
  const envelope = (version: number, event: { type: string; data: unknown }): Envelope => ({
    id: `e${version}`,
    stream: 'tabstate:3',
    version,
    type: event.type,
    data: event.data,
    meta: { actor: '3', at: '2026-01-01T00:00:00.000Z', batchId: `b${version}`, undoable: false },
  });

  it('an old tabStateSaved bag is read as one field event per field, and folds to the same tab', () => {
    const changes = { sql: 'SELECT 2', hide_left_bar: true, autorun: false, latest_query_id: 'aaaaaaaaaaa' };
    const log = upcast([
      envelope(1, tab1),
      envelope(2, { type: 'sqllab/tabStateSaved', data: { tab_id: 1, changes } }),
    ]);
    expect(log.map((e) => [e.type, e.data, e.version, e.meta.batchId])).toEqual([
      ['sqllab/tabStateCreated', tab1.data, 1, 'b1'],
      ['sqllab/tabStateSqlEdited', { tab_id: 1, sql: 'SELECT 2' }, 2, 'b2'],
      ['sqllab/tabStateLatestQueryChanged', { tab_id: 1, latest_query_id: 'aaaaaaaaaaa' }, 2, 'b2'],
      ['sqllab/tabStateLeftBarHidden', { tab_id: 1 }, 2, 'b2'],
      ['sqllab/tabStateAutorunDisabled', { tab_id: 1 }, 2, 'b2'],
    ]);
    expect(foldEntries(tabStateDecider, log)).toEqual({
      tabs: { 1: { ...fields, ...changes, active: true } },
      tables: {},
    });
  });
});
