/**
 * sqllab-and-platform §3 and REFERENCE §1.9: the server's TabState / TableSchema (to_dict) and saved queries, and
 * their mapping to and from the editor's tabs and tables.
 */
import type { QueryEditor, TableEntry } from '../editor/model';
import { INITIAL_NORTH_PERCENT, INITIAL_SOUTH_PERCENT } from '../editor/tabs.decide';
import { DEFAULT_PERSISTED_TAB_NAME } from '../editor/tab-names';
import { QUERY_EDITOR_VERSION } from '../constants';
import type { ServerQuery } from '../queries/query';

export interface TabStateExtra {
  updatedAt?: number | null;
  version?: number;
}

/** TableSchema.to_dict(). `description` is the client's table entry as it was stored. */
export interface TableSchemaDict {
  id: number;
  tab_state_id: number;
  database_id: number;
  catalog: string | null;
  schema: string;
  table: string;
  description: Record<string, unknown> | null;
  expanded: boolean;
}

/** TabState.to_dict(). */
export interface TabStateDict {
  id: number;
  user_id: number;
  label: string | null;
  active: boolean;
  database_id: number | null;
  catalog: string | null;
  schema: string | null;
  table_schemas: readonly TableSchemaDict[];
  sql: string | null;
  query_limit: number | null;
  latest_query: (Partial<ServerQuery> & { id: string }) | null;
  autorun: boolean;
  template_params: string | null;
  hide_left_bar: boolean;
  saved_query: { id: number } | null;
  extra_json: TabStateExtra | null;
}

/** The fully loaded tab of a TabState. */
export function tabStateToQueryEditor(tab: TabStateDict): QueryEditor {
  return {
    version: QUERY_EDITOR_VERSION,
    id: String(tab.id),
    loaded: true,
    name: tab.label || DEFAULT_PERSISTED_TAB_NAME,
    sql: tab.sql ?? '',
    selectedText: null,
    dbId: tab.database_id,
    catalog: tab.catalog,
    schema: tab.schema,
    autorun: Boolean(tab.autorun),
    queryLimit: tab.query_limit,
    maxRow: null,
    templateParams: tab.template_params,
    remoteId: tab.saved_query?.id ?? null,
    latestQueryId: tab.latest_query?.id ?? null,
    hideLeftBar: Boolean(tab.hide_left_bar),
    updatedAt: tab.extra_json?.updatedAt ?? null,
    cursorPosition: null,
    functionNames: [],
    height: null,
    northPercent: INITIAL_NORTH_PERCENT,
    southPercent: INITIAL_SOUTH_PERCENT,
    inLocalStorage: false,
  };
}

/** A tab known only by id and label (the bootstrap's tab_state_ids); fetched when activated. */
export function tabStubToQueryEditor(id: number, label: string | null): QueryEditor {
  return {
    ...tabStateToQueryEditor({
      id,
      user_id: 0,
      label,
      active: false,
      database_id: null,
      catalog: null,
      schema: null,
      table_schemas: [],
      sql: null,
      query_limit: null,
      latest_query: null,
      autorun: false,
      template_params: null,
      hide_left_bar: false,
      saved_query: null,
      extra_json: null,
    }),
    loaded: false,
  };
}

/** The table entries of a TabState (those stored without a description are skipped). */
export function tabStateToTables(tab: TabStateDict): TableEntry[] {
  return tab.table_schemas
    .filter((ts) => ts.description !== null)
    .map((ts) => {
      const { dataPreviewQueryId, ...persistData } = ts.description ?? {};
      const stored = persistData as Partial<TableEntry>;
      return {
        id: String(ts.id),
        dbId: ts.database_id,
        queryEditorId: String(ts.tab_state_id),
        catalog: ts.catalog,
        schema: ts.schema,
        name: ts.table,
        expanded: ts.expanded,
        dataPreviewQueryId: typeof dataPreviewQueryId === 'string' ? dataPreviewQueryId : null,
        columns: stored.columns ?? [],
        selectStar: stored.selectStar ?? null,
        primaryKey: stored.primaryKey ?? null,
        foreignKeys: stored.foreignKeys ?? [],
        indexes: stored.indexes ?? [],
        isMetadataLoading: false,
        isExtraMetadataLoading: false,
        initialized: true,
        persistData,
        inLocalStorage: false,
      };
    });
}

/** POST /tabstateview/ body field `queryEditor`. */
export interface NewTabStatePayload {
  name: string;
  dbId: number | null;
  catalog: string | null;
  schema: string | null;
  sql: string;
  queryLimit: number | null;
  hideLeftBar: boolean;
  remoteId: number | null;
  templateParams: string | null;
  autorun: boolean;
}

export function newTabStatePayload(qe: QueryEditor): NewTabStatePayload {
  return {
    name: qe.name,
    dbId: qe.dbId,
    catalog: qe.catalog,
    schema: qe.schema,
    sql: qe.sql,
    queryLimit: qe.queryLimit,
    hideLeftBar: qe.hideLeftBar,
    remoteId: qe.remoteId,
    templateParams: qe.templateParams,
    autorun: qe.autorun,
  };
}

/** PUT /tabstateview/{id}: the full update the autosave sends. */
export interface TabStateUpdate {
  database_id: number | null;
  catalog: string | null;
  schema: string | null;
  sql: string;
  label: string;
  query_limit: number | null;
  latest_query_id: string | null;
  template_params: string | null;
  hide_left_bar: boolean;
  autorun: boolean;
  extra_json: TabStateExtra;
}

export function tabStateUpdate(qe: QueryEditor): TabStateUpdate {
  return {
    database_id: qe.dbId,
    catalog: qe.catalog,
    schema: qe.schema,
    sql: qe.sql,
    label: qe.name,
    query_limit: qe.queryLimit,
    latest_query_id: qe.latestQueryId,
    template_params: qe.templateParams,
    hide_left_bar: qe.hideLeftBar,
    autorun: qe.autorun,
    extra_json: { updatedAt: qe.updatedAt, version: qe.version },
  };
}

/** sqllab-and-platform §3 Saved query payload. */
export interface SavedQueryPayload {
  label: string;
  db_id: number | null;
  catalog: string | null;
  schema: string | null;
  sql: string;
  template_parameters: string | null;
}

export function savedQueryPayload(qe: QueryEditor): SavedQueryPayload {
  return {
    label: qe.name,
    db_id: qe.dbId,
    catalog: qe.catalog,
    schema: qe.schema,
    sql: qe.sql,
    template_parameters: qe.templateParams,
  };
}

/** sqllab-and-platform §3: the client maps id to remoteId, db_id to dbId, label to name, template_parameters to templateParams. */
export function savedQueryToTabFields(
  saved: SavedQueryPayload & { id: number },
): Pick<QueryEditor, 'remoteId' | 'dbId' | 'name' | 'templateParams' | 'catalog' | 'schema' | 'sql'> {
  return {
    remoteId: saved.id,
    dbId: saved.db_id,
    name: saved.label,
    templateParams: saved.template_parameters,
    catalog: saved.catalog,
    schema: saved.schema,
    sql: saved.sql,
  };
}
