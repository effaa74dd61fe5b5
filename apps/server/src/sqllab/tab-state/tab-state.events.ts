/**
 * The facts of a user's SQL Lab tabs as the server keeps them (REFERENCE §1.9), all on ONE stream per
 * user, `tabstate:<userId>`, so the user's tab history is one ordered log. Field names are the
 * `tab_state` / `table_schema` columns. Ids come from sequences before the first event of a tab or table.
 */
import type { EventLike } from '@strata/events';

export interface TabFields {
  label: string;
  database_id: number | null;
  catalog: string | null;
  schema: string | null;
  sql: string;
  query_limit: number | null;
  /** A query's client id (11 characters). */
  latest_query_id: string | null;
  template_params: string | null;
  hide_left_bar: boolean;
  autorun: boolean;
  saved_query_id: number | null;
  extra_json: Record<string, unknown> | null;
}

export interface TableSchemaFields {
  database_id: number;
  catalog: string | null;
  schema: string | null;
  table: string;
  /** The client's whole table entry (columns, keys, select star...), kept as it sent it. */
  description: unknown;
}

export type TabStateCreated = EventLike<'sqllab/tabStateCreated', TabFields & { tab_id: number }>;
/** The tab's fields the editor saved (only the ones that changed). */
export type TabStateSaved = EventLike<'sqllab/tabStateSaved', { tab_id: number; changes: Partial<TabFields> }>;
export type TabActivated = EventLike<'sqllab/tabActivated', { tab_id: number }>;
export type TabStateDeleted = EventLike<'sqllab/tabStateDeleted', { tab_id: number }>;
/** A query left the tab; when it was the tab's latest, `latest_query_id` is the tab's new latest. */
export type TabQueryRemoved = EventLike<
  'sqllab/tabQueryRemoved',
  { tab_id: number; query_id: string; latest_changed: boolean; latest_query_id: string | null }
>;
/** A query run from a browser-only tab now belongs to the tab's server copy (sql_editor_id = tab id). */
export type QueryMigratedToTab = EventLike<'sqllab/queryMigratedToTab', { tab_id: number; query_id: string }>;
/** Replaces any entry of the same tab, database, catalog, schema and table (`replaced_ids`). */
export type TableSchemaAdded = EventLike<
  'sqllab/tableSchemaAdded',
  TableSchemaFields & { table_schema_id: number; tab_id: number; replaced_ids: number[] }
>;
export type TableSchemaExpanded = EventLike<'sqllab/tableSchemaExpanded', { table_schema_id: number }>;
export type TableSchemaCollapsed = EventLike<'sqllab/tableSchemaCollapsed', { table_schema_id: number }>;
export type TableSchemaRemoved = EventLike<'sqllab/tableSchemaRemoved', { table_schema_id: number }>;

export type TabStateEvent =
  | TabStateCreated
  | TabStateSaved
  | TabActivated
  | TabStateDeleted
  | TabQueryRemoved
  | QueryMigratedToTab
  | TableSchemaAdded
  | TableSchemaExpanded
  | TableSchemaCollapsed
  | TableSchemaRemoved;

export const TAB_STATE_EVENTS = [
  'sqllab/tabStateCreated',
  'sqllab/tabStateSaved',
  'sqllab/tabActivated',
  'sqllab/tabStateDeleted',
  'sqllab/tabQueryRemoved',
  'sqllab/queryMigratedToTab',
  'sqllab/tableSchemaAdded',
  'sqllab/tableSchemaExpanded',
  'sqllab/tableSchemaCollapsed',
  'sqllab/tableSchemaRemoved',
] as const satisfies readonly TabStateEvent['type'][];

export const tabStateStream = (userId: number) => `tabstate:${userId}`;
export const tabStateUserOf = (stream: string) => Number(stream.slice('tabstate:'.length));
