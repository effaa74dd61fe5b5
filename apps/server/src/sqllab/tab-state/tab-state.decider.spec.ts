import { deciderSpec } from '@strata/domain/testing';
import { tabStateDecider } from './tab-state.decider';
import type { TabFields, TabStateEvent } from './tab-state.events';

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

  it('saving records only changed fields; unknown tabs are not found', () => {
    spec
      .given([tab1])
      .when({ type: 'SaveTab', tab_id: 1, changes: { sql: 'SELECT 2', schema: 'public' } })
      .then([{ type: 'sqllab/tabStateSaved', data: { tab_id: 1, changes: { sql: 'SELECT 2' } } }]);
    spec
      .given([tab1])
      .when({ type: 'SaveTab', tab_id: 2, changes: { sql: 'x' } })
      .thenThrows('tab_state_not_found');
  });

  it('removing the latest query makes the previous one the latest; another query leaves it', () => {
    const withLatest: TabStateEvent = {
      type: 'sqllab/tabStateSaved',
      data: { tab_id: 1, changes: { latest_query_id: 'bbbbbbbbbbb' } },
    };
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
