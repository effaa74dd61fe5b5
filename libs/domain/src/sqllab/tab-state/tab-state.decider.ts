/**
 * The rules of one user's server-side tabs (stream `tabstate:<userId>`), pure, decided on the fold of
 * that stream. Ownership needs no rule here: a tab that is not in the user's own stream is simply not
 * found (the server tells a stranger's tab, 403, from a missing one, 404, before deciding). Facts the
 * decider cannot know (the tab's previous query, whether a query or database exists) arrive on the command.
 */
import { DomainError, type Decider } from '@strata/events';
import { leaveUnchanged, unknownCommand } from '../../shared/exhaustive';
import {
  isTabFieldEdited,
  tabFieldEvents,
  tabFieldSetBy,
  type TableSchemaFields,
  type TabFields,
  type TabStateEvent,
} from './tab-state.events';

export interface TabRecord extends TabFields {
  active: boolean;
}
export interface TableSchemaRecord extends TableSchemaFields {
  tab_id: number;
  expanded: boolean;
}
export interface TabStates {
  tabs: Readonly<Record<number, TabRecord>>;
  tables: Readonly<Record<number, TableSchemaRecord>>;
}

export type TabStateCommand =
  | { type: 'CreateTab'; tab_id: number; fields: TabFields }
  /** The editor's autosave (`PUT /tabstateview/{id}`): the fields it sent; unchanged ones record nothing. */
  | { type: 'SaveTab'; tab_id: number; changes: Partial<TabFields> }
  | { type: 'ActivateTab'; tab_id: number }
  | { type: 'DeleteTab'; tab_id: number }
  | { type: 'RemoveTabQuery'; tab_id: number; query_id: string; previous_query_id: string | null }
  | { type: 'MigrateQuery'; tab_id: number; query_id: string }
  | { type: 'AddTableSchema'; table_schema_id: number; tab_id: number; fields: TableSchemaFields }
  | { type: 'ExpandTableSchema'; table_schema_id: number }
  | { type: 'CollapseTableSchema'; table_schema_id: number }
  | { type: 'RemoveTableSchema'; table_schema_id: number };

function tab(state: TabStates, id: number): TabRecord {
  const found = state.tabs[id];
  if (!found) throw new DomainError('tab_state_not_found', 'Not found');
  return found;
}

function table(state: TabStates, id: number): TableSchemaRecord {
  const found = state.tables[id];
  if (!found) throw new DomainError('table_schema_not_found', 'Not found');
  return found;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function without<T>(record: Readonly<Record<number, T>>, drop: (id: number, value: T) => boolean): Record<number, T> {
  return Object.fromEntries(Object.entries(record).filter(([id, value]) => !drop(Number(id), value))) as Record<
    number,
    T
  >;
}

function decide(command: TabStateCommand, state: TabStates): TabStateEvent[] {
  switch (command.type) {
    case 'CreateTab':
      if (state.tabs[command.tab_id]) throw new DomainError('tab_state_exists', 'This tab already exists.');
      return [{ type: 'sqllab/tabStateCreated', data: { tab_id: command.tab_id, ...command.fields } }];
    case 'SaveTab': {
      const current = tab(state, command.tab_id);
      const changes: Partial<TabFields> = {};
      for (const [key, value] of Object.entries(command.changes)) {
        if (value !== undefined && !same(value, current[key as keyof TabFields]))
          Object.assign(changes, { [key]: value });
      }
      return tabFieldEvents(command.tab_id, changes);
    }
    case 'ActivateTab': {
      tab(state, command.tab_id);
      const settled = Object.entries(state.tabs).every(([id, t]) => t.active === (Number(id) === command.tab_id));
      return settled ? [] : [{ type: 'sqllab/tabActivated', data: { tab_id: command.tab_id } }];
    }
    case 'DeleteTab':
      tab(state, command.tab_id);
      return [{ type: 'sqllab/tabStateDeleted', data: { tab_id: command.tab_id } }];
    case 'RemoveTabQuery': {
      const current = tab(state, command.tab_id);
      const latestChanged = current.latest_query_id === command.query_id;
      return [
        {
          type: 'sqllab/tabQueryRemoved',
          data: {
            tab_id: command.tab_id,
            query_id: command.query_id,
            latest_changed: latestChanged,
            latest_query_id: latestChanged ? command.previous_query_id : current.latest_query_id,
          },
        },
      ];
    }
    case 'MigrateQuery':
      tab(state, command.tab_id);
      return [{ type: 'sqllab/queryMigratedToTab', data: { tab_id: command.tab_id, query_id: command.query_id } }];
    case 'AddTableSchema': {
      tab(state, command.tab_id);
      const f = command.fields;
      const replaced = Object.entries(state.tables)
        .filter(
          ([, t]) =>
            t.tab_id === command.tab_id &&
            t.database_id === f.database_id &&
            t.catalog === f.catalog &&
            t.schema === f.schema &&
            t.table === f.table,
        )
        .map(([id]) => Number(id));
      return [
        {
          type: 'sqllab/tableSchemaAdded',
          data: { table_schema_id: command.table_schema_id, tab_id: command.tab_id, replaced_ids: replaced, ...f },
        },
      ];
    }
    case 'ExpandTableSchema':
    case 'CollapseTableSchema': {
      const expand = command.type === 'ExpandTableSchema';
      if (table(state, command.table_schema_id).expanded === expand) return [];
      return [
        {
          type: expand ? 'sqllab/tableSchemaExpanded' : 'sqllab/tableSchemaCollapsed',
          data: { table_schema_id: command.table_schema_id },
        },
      ];
    }
    case 'RemoveTableSchema':
      table(state, command.table_schema_id);
      return [{ type: 'sqllab/tableSchemaRemoved', data: { table_schema_id: command.table_schema_id } }];
    default:
      return unknownCommand(command);
  }
}

function evolve(state: TabStates, event: TabStateEvent): TabStates {
  if (isTabFieldEdited(event)) {
    const current = state.tabs[event.data.tab_id];
    return current
      ? { ...state, tabs: { ...state.tabs, [event.data.tab_id]: { ...current, ...tabFieldSetBy(event) } } }
      : state;
  }
  switch (event.type) {
    case 'sqllab/tabStateCreated': {
      const { tab_id, ...fields } = event.data;
      const others = Object.fromEntries(
        Object.entries(state.tabs).map(([id, t]) => [id, t.active ? { ...t, active: false } : t]),
      );
      return { ...state, tabs: { ...others, [tab_id]: { ...fields, active: true } } };
    }
    case 'sqllab/tabActivated': {
      if (!state.tabs[event.data.tab_id]) return state;
      const tabs = Object.fromEntries(
        Object.entries(state.tabs).map(([id, t]) => [id, { ...t, active: Number(id) === event.data.tab_id }]),
      );
      return { ...state, tabs };
    }
    case 'sqllab/tabStateDeleted':
      return {
        tabs: without(state.tabs, (id) => id === event.data.tab_id),
        tables: without(state.tables, (_id, t) => t.tab_id === event.data.tab_id),
      };
    case 'sqllab/tabQueryRemoved': {
      const current = state.tabs[event.data.tab_id];
      if (!current || !event.data.latest_changed) return state;
      return {
        ...state,
        tabs: { ...state.tabs, [event.data.tab_id]: { ...current, latest_query_id: event.data.latest_query_id } },
      };
    }
    case 'sqllab/queryMigratedToTab':
      return state;
    case 'sqllab/tableSchemaAdded': {
      const { table_schema_id, replaced_ids, ...fields } = event.data;
      if (!state.tabs[fields.tab_id]) return state;
      const kept = without(state.tables, (id) => replaced_ids.includes(id));
      return { ...state, tables: { ...kept, [table_schema_id]: { ...fields, expanded: true } } };
    }
    case 'sqllab/tableSchemaExpanded':
    case 'sqllab/tableSchemaCollapsed': {
      const current = state.tables[event.data.table_schema_id];
      if (!current) return state;
      const expanded = event.type === 'sqllab/tableSchemaExpanded';
      return { ...state, tables: { ...state.tables, [event.data.table_schema_id]: { ...current, expanded } } };
    }
    case 'sqllab/tableSchemaRemoved':
      return { ...state, tables: without(state.tables, (id) => id === event.data.table_schema_id) };
    default:
      return leaveUnchanged(event, state);
  }
}

export const tabStateDecider: Decider<TabStates, TabStateEvent, TabStateCommand, void> = {
  initialState: () => ({ tabs: {}, tables: {} }),
  evolve,
  decide: (command, state) => decide(command, state),
};
