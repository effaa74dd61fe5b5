/**
 * The facts of a user's SQL Lab tabs as the server keeps them (REFERENCE §1.9, sqllab-and-platform §7
 * Tab state), all on ONE stream per user, `tabstate:<userId>`, so the user's tab history is one ordered
 * log. Field names are the `tab_state` / `table_schema` columns. Ids come from sequences before the
 * first event of a tab or table.
 *
 * Saving a tab (`PUT /tabstateview/{id}`, the editor's autosave) records one event per field that
 * changed, in one batch: what changed is the fact (the SQL was edited, the schema changed), and the
 * events it replaces (`sqllab/tabStateSaved {changes}`) read as these without the stream's state
 * (tab-state/upcasters.ts). Booleans are two intents each (left bar hidden / shown), never a setter.
 * Not to be confused with the editor's own events (`sqllab/tabRenamed`...): those are the client's log.
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
  /** The client's bookkeeping (updatedAt, version). */
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

type OnTab<D = unknown> = { tab_id: number } & D;
type FieldEdit<T extends string, K extends keyof TabFields> = EventLike<T, OnTab<Pick<TabFields, K>>>;

export type TabStateCreated = EventLike<'sqllab/tabStateCreated', TabFields & { tab_id: number }>;
export type TabStateRenamed = FieldEdit<'sqllab/tabStateRenamed', 'label'>;
export type TabStateDatabaseChanged = FieldEdit<'sqllab/tabStateDatabaseChanged', 'database_id'>;
export type TabStateCatalogChanged = FieldEdit<'sqllab/tabStateCatalogChanged', 'catalog'>;
export type TabStateSchemaChanged = FieldEdit<'sqllab/tabStateSchemaChanged', 'schema'>;
export type TabStateSqlEdited = FieldEdit<'sqllab/tabStateSqlEdited', 'sql'>;
export type TabStateQueryLimitChanged = FieldEdit<'sqllab/tabStateQueryLimitChanged', 'query_limit'>;
/** A run became the tab's latest (or none is). */
export type TabStateLatestQueryChanged = FieldEdit<'sqllab/tabStateLatestQueryChanged', 'latest_query_id'>;
export type TabStateTemplateParamsEdited = FieldEdit<'sqllab/tabStateTemplateParamsEdited', 'template_params'>;
export type TabStateLeftBarHidden = EventLike<'sqllab/tabStateLeftBarHidden', OnTab>;
export type TabStateLeftBarShown = EventLike<'sqllab/tabStateLeftBarShown', OnTab>;
export type TabStateAutorunEnabled = EventLike<'sqllab/tabStateAutorunEnabled', OnTab>;
export type TabStateAutorunDisabled = EventLike<'sqllab/tabStateAutorunDisabled', OnTab>;
/** The tab was saved as (or detached from) a saved query. */
export type TabStateSavedQueryChanged = FieldEdit<'sqllab/tabStateSavedQueryChanged', 'saved_query_id'>;
export type TabStateExtraChanged = FieldEdit<'sqllab/tabStateExtraChanged', 'extra_json'>;
export type TabActivated = EventLike<'sqllab/tabActivated', OnTab>;
export type TabStateDeleted = EventLike<'sqllab/tabStateDeleted', OnTab>;
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

/** A saved tab's edit of one field. */
export type TabFieldEdited =
  | TabStateRenamed
  | TabStateDatabaseChanged
  | TabStateCatalogChanged
  | TabStateSchemaChanged
  | TabStateSqlEdited
  | TabStateQueryLimitChanged
  | TabStateLatestQueryChanged
  | TabStateTemplateParamsEdited
  | TabStateLeftBarHidden
  | TabStateLeftBarShown
  | TabStateAutorunEnabled
  | TabStateAutorunDisabled
  | TabStateSavedQueryChanged
  | TabStateExtraChanged;

export type TabStateEvent =
  | TabStateCreated
  | TabFieldEdited
  | TabActivated
  | TabStateDeleted
  | TabQueryRemoved
  | QueryMigratedToTab
  | TableSchemaAdded
  | TableSchemaExpanded
  | TableSchemaCollapsed
  | TableSchemaRemoved;

/** The events of an edit of each field; a boolean field has one for true and one for false. */
const VALUE_EVENTS = {
  label: 'sqllab/tabStateRenamed',
  database_id: 'sqllab/tabStateDatabaseChanged',
  catalog: 'sqllab/tabStateCatalogChanged',
  schema: 'sqllab/tabStateSchemaChanged',
  sql: 'sqllab/tabStateSqlEdited',
  query_limit: 'sqllab/tabStateQueryLimitChanged',
  latest_query_id: 'sqllab/tabStateLatestQueryChanged',
  template_params: 'sqllab/tabStateTemplateParamsEdited',
  saved_query_id: 'sqllab/tabStateSavedQueryChanged',
  extra_json: 'sqllab/tabStateExtraChanged',
} as const satisfies Partial<Record<keyof TabFields, TabFieldEdited['type']>>;
const FLAG_EVENTS = {
  hide_left_bar: { true: 'sqllab/tabStateLeftBarHidden', false: 'sqllab/tabStateLeftBarShown' },
  autorun: { true: 'sqllab/tabStateAutorunEnabled', false: 'sqllab/tabStateAutorunDisabled' },
} as const satisfies Partial<Record<keyof TabFields, { true: TabFieldEdited['type']; false: TabFieldEdited['type'] }>>;

/** The order of a save's batch: the columns' order. */
const FIELD_ORDER: readonly (keyof TabFields)[] = [
  'label',
  'database_id',
  'catalog',
  'schema',
  'sql',
  'query_limit',
  'latest_query_id',
  'template_params',
  'hide_left_bar',
  'autorun',
  'saved_query_id',
  'extra_json',
];

/** One event per field of `changes` (undefined means "not saved"), in column order. */
export function tabFieldEvents(tabId: number, changes: Partial<TabFields>): TabFieldEdited[] {
  return FIELD_ORDER.filter((key) => changes[key] !== undefined).map((key): TabFieldEdited => {
    if (key === 'hide_left_bar' || key === 'autorun')
      return { type: FLAG_EVENTS[key][changes[key] ? 'true' : 'false'], data: { tab_id: tabId } };
    return { type: VALUE_EVENTS[key], data: { tab_id: tabId, [key]: changes[key] } } as TabFieldEdited;
  });
}

/** The field (and its new value) a field edit sets: what evolve and the read model apply. */
export function tabFieldSetBy(event: TabFieldEdited): Partial<TabFields> {
  switch (event.type) {
    case 'sqllab/tabStateLeftBarHidden':
      return { hide_left_bar: true };
    case 'sqllab/tabStateLeftBarShown':
      return { hide_left_bar: false };
    case 'sqllab/tabStateAutorunEnabled':
      return { autorun: true };
    case 'sqllab/tabStateAutorunDisabled':
      return { autorun: false };
    default: {
      const { tab_id: _tab, ...field } = event.data;
      return field;
    }
  }
}

export const TAB_FIELD_EVENTS = [
  ...Object.values(VALUE_EVENTS),
  ...Object.values(FLAG_EVENTS).flatMap((pair) => [pair.true, pair.false]),
] as readonly TabFieldEdited['type'][];

export const TAB_STATE_EVENTS = [
  'sqllab/tabStateCreated',
  ...TAB_FIELD_EVENTS,
  'sqllab/tabActivated',
  'sqllab/tabStateDeleted',
  'sqllab/tabQueryRemoved',
  'sqllab/queryMigratedToTab',
  'sqllab/tableSchemaAdded',
  'sqllab/tableSchemaExpanded',
  'sqllab/tableSchemaCollapsed',
  'sqllab/tableSchemaRemoved',
] as const satisfies readonly TabStateEvent['type'][];

export const isTabFieldEdited = (event: TabStateEvent): event is TabFieldEdited =>
  (TAB_FIELD_EVENTS as readonly string[]).includes(event.type);

export const tabStateStream = (userId: number) => `tabstate:${userId}`;
export const tabStateUserOf = (stream: string) => Number(stream.slice('tabstate:'.length));
