/**
 * `tab_state` and `table_schema` as folds of the `tabstate:<userId>` streams (projections/CONTEXT.md; the
 * same fold as tabStateDecider.evolve), written in the append's transaction and rebuilt together under the
 * name `tab_state`.
 *
 * Two facts touch a row and its siblings at once: a new tab is the user's only active one, and a table
 * added to a tab replaces the tab's entry of the same table (`replaced_ids`). The shared writer evolves
 * either the rows of one key or the existing rows of a partial key, so each of these is two folds: one
 * writes the new row, one the siblings it changes. They touch different rows, so their order is free.
 */
import {
  isTabFieldEdited,
  TAB_FIELD_EVENTS,
  tabFieldSetBy,
  tabStateUserOf,
  type TableSchemaAdded,
  type TableSchemaFields,
  type TabRecord,
  type TabStateCreated,
  type TabStateEvent,
} from '@strata/domain';
import type { EnvelopeOf } from '@strata/events';
import { foldProjection, type FoldProjection } from '../../projections/fold-projection';
import { projectionGroup } from '../../projections/projection-group';

type TabStateEnvelope = EnvelopeOf<TabStateEvent>;

/** A row of `tab_state`: a tab's fields and whether it is the user's active one, whose, since when. */
export type TabStateRow = TabRecord & {
  id: TabStateCreated['data']['tab_id'];
  user_id: number;
  created_on: string;
  changed_on: string;
};

/** A row of `table_schema`: a table shown in a tab's left bar, expanded or not. */
export type TableSchemaRow = TableSchemaFields & {
  id: TableSchemaAdded['data']['table_schema_id'];
  tab_state_id: TableSchemaAdded['data']['tab_id'];
  expanded: boolean;
  created_on: string;
  changed_on: string;
};

/** Each tab's own facts: created, a field edited, its latest run changed by a removal, deleted. */
const tabsFold: FoldProjection<TabStateRow, TabStateEnvelope> = {
  name: 'tab_state_rows',
  table: 'tab_state',
  key: ['id'],
  handles: ['sqllab/tabStateCreated', ...TAB_FIELD_EVENTS, 'sqllab/tabStateDeleted', 'sqllab/tabQueryRemoved'],
  // Only the user's own tab: ids are global, the stream says whose.
  rowsOf: (event) => ({ id: (event.data as { tab_id: number }).tab_id, user_id: tabStateUserOf(event.stream) }),
  evolve(row, event) {
    const at = event.meta.at;
    if (isTabFieldEdited(event)) return row && { ...row, ...tabFieldSetBy(event), changed_on: at };
    switch (event.type) {
      case 'sqllab/tabStateCreated': {
        const { tab_id, ...fields } = event.data;
        return {
          id: tab_id,
          user_id: tabStateUserOf(event.stream),
          ...fields,
          active: true,
          created_on: at,
          changed_on: at,
        };
      }
      case 'sqllab/tabStateDeleted':
        return null;
      case 'sqllab/tabQueryRemoved':
        return row && event.data.latest_changed
          ? { ...row, latest_query_id: event.data.latest_query_id, changed_on: at }
          : row;
      default:
        return row;
    }
  },
};

/** Which of the user's tabs is active: the one created or activated last (a view fact, no change stamp). */
const activeTabFold: FoldProjection<TabStateRow, TabStateEnvelope> = {
  name: 'tab_state_active',
  table: 'tab_state',
  key: ['id'],
  handles: ['sqllab/tabStateCreated', 'sqllab/tabActivated'],
  rowsOf: (event) => ({ user_id: tabStateUserOf(event.stream) }),
  evolve: (row, event) => row && { ...row, active: row.id === (event.data as { tab_id: number }).tab_id },
};

/** Each table entry's own facts: added, expanded or collapsed, removed, gone with its tab. */
const tablesFold: FoldProjection<TableSchemaRow, TabStateEnvelope> = {
  name: 'table_schema_rows',
  table: 'table_schema',
  key: ['id'],
  handles: [
    'sqllab/tableSchemaAdded',
    'sqllab/tableSchemaExpanded',
    'sqllab/tableSchemaCollapsed',
    'sqllab/tableSchemaRemoved',
    'sqllab/tabStateDeleted',
  ],
  rowsOf: (event) =>
    event.type === 'sqllab/tabStateDeleted'
      ? { tab_state_id: event.data.tab_id }
      : { id: (event.data as { table_schema_id: number }).table_schema_id },
  evolve(row, event) {
    const at = event.meta.at;
    switch (event.type) {
      // The decider adds a table only to a tab of the stream's fold, the tabs this read model holds.
      case 'sqllab/tableSchemaAdded': {
        const d = event.data;
        return {
          id: d.table_schema_id,
          tab_state_id: d.tab_id,
          database_id: d.database_id,
          catalog: d.catalog,
          schema: d.schema,
          table: d.table,
          description: d.description ?? null,
          expanded: true,
          created_on: at,
          changed_on: at,
        };
      }
      case 'sqllab/tableSchemaExpanded':
      case 'sqllab/tableSchemaCollapsed':
        return row && { ...row, expanded: event.type === 'sqllab/tableSchemaExpanded', changed_on: at };
      case 'sqllab/tableSchemaRemoved':
      case 'sqllab/tabStateDeleted':
        return null;
      default:
        return row;
    }
  },
};

/** The entries a new one replaces: the tab's entries of the same table (`replaced_ids`). */
const replacedTablesFold: FoldProjection<TableSchemaRow, EnvelopeOf<TableSchemaAdded>> = {
  name: 'table_schema_replaced',
  table: 'table_schema',
  key: ['id'],
  handles: ['sqllab/tableSchemaAdded'],
  rowsOf: (event) => ({ tab_state_id: event.data.tab_id }),
  evolve: (row, event) => (row && event.data.replaced_ids.includes(row.id) ? null : row),
};

export const tabStateProjection = projectionGroup('tab_state', [
  foldProjection(tabsFold),
  foldProjection(activeTabFold),
  foldProjection(tablesFold),
  foldProjection(replacedTablesFold),
]);
