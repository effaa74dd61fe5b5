/** Every event of the SQL Lab editor context: one discriminated union, namespaced `sqllab/`. */
import { TAB_EVENT_TYPES, type TabEvent } from './editor/tab-events';
import { PERSISTENCE_EVENT_TYPES, type PersistenceEvent } from './persistence/persistence-events';
import { QUERY_EVENT_TYPES, type QueryEvent } from './queries/query-events';
import { SIDE_EVENT_TYPES, type SideEvent } from './side/side-events';
import { TABLE_EVENT_TYPES, type TableEvent } from './tables/table-events';

export type SqlLabEvent = TabEvent | QueryEvent | TableEvent | SideEvent | PersistenceEvent;
export type SqlLabEventType = SqlLabEvent['type'];

const has = (types: object, type: string) => Object.prototype.hasOwnProperty.call(types, type);

/** Every event type once: the compiler checks the parts cover the union. */
export const SQLLAB_EVENT_TYPES: Readonly<Record<SqlLabEventType, true>> = {
  ...TAB_EVENT_TYPES,
  ...QUERY_EVENT_TYPES,
  ...TABLE_EVENT_TYPES,
  ...SIDE_EVENT_TYPES,
  ...PERSISTENCE_EVENT_TYPES,
};

export function isSqlLabEvent(event: { type: string }): event is SqlLabEvent {
  return has(SQLLAB_EVENT_TYPES, event.type);
}

export const isTabEvent = (e: SqlLabEvent): e is TabEvent => has(TAB_EVENT_TYPES, e.type);
export const isQueryEvent = (e: SqlLabEvent): e is QueryEvent => has(QUERY_EVENT_TYPES, e.type);
export const isTableEvent = (e: SqlLabEvent): e is TableEvent => has(TABLE_EVENT_TYPES, e.type);
export const isSideEvent = (e: SqlLabEvent): e is SideEvent => has(SIDE_EVENT_TYPES, e.type);
export const isPersistenceEvent = (e: SqlLabEvent): e is PersistenceEvent => has(PERSISTENCE_EVENT_TYPES, e.type);
