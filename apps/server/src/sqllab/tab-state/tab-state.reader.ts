/**
 * Reads of the tab read model: who owns a tab or table (403 vs 404 before deciding) and TabState.to_dict
 * (REFERENCE §1.9) with its tables and latest query. Decisions fold the stream, never these rows.
 */
import type { EntityManager } from 'typeorm';
import { QUERY_SELECT, queryToDict, type QueryDbRow } from '../queries/query-row';
import type { TableSchemaRecord, TabRecord } from '@strata/domain';

interface TabRow extends TabRecord {
  id: number;
  user_id: number;
}
interface TableRow extends TableSchemaRecord {
  id: number;
  tab_state_id: number;
}

const TAB_COLUMNS = `id, user_id, label, active, database_id, catalog, schema, sql, query_limit, latest_query_id, template_params,
  hide_left_bar, autorun, saved_query_id, extra_json`;
const TABLE_COLUMNS = `t.id, t.tab_state_id, t.tab_state_id AS tab_id, t.database_id, t.catalog, t.schema, t."table", t.description, t.expanded`;

export async function tabOwner(tx: EntityManager, tabId: number): Promise<number | null> {
  const rows = (await tx.query(`SELECT user_id FROM tab_state WHERE id = $1`, [tabId])) as { user_id: number }[];
  return rows[0]?.user_id ?? null;
}

export async function tableSchemaOwner(tx: EntityManager, tableSchemaId: number): Promise<number | null> {
  const rows = (await tx.query(
    `SELECT s.user_id FROM table_schema t JOIN tab_state s ON s.id = t.tab_state_id WHERE t.id = $1`,
    [tableSchemaId],
  )) as { user_id: number }[];
  return rows[0]?.user_id ?? null;
}

export function tableSchemaToDict(t: TableRow) {
  return {
    id: t.id,
    tab_state_id: t.tab_state_id,
    database_id: t.database_id,
    catalog: t.catalog,
    schema: t.schema,
    table: t.table,
    description: t.description,
    expanded: t.expanded,
  };
}

/** TabState.to_dict, or null when there is no such tab. */
export async function tabStateToDict(tx: EntityManager, tabId: number) {
  const tabs = (await tx.query(
    `SELECT ${TAB_COLUMNS}, (SELECT sq.id FROM saved_query sq WHERE sq.id = tab_state.saved_query_id) AS saved_query_found
     FROM tab_state WHERE id = $1`,
    [tabId],
  )) as (TabRow & { saved_query_found: number | null })[];
  const tab = tabs[0];
  if (!tab) return null;
  const tables = (await tx.query(
    `SELECT ${TABLE_COLUMNS} FROM table_schema t WHERE t.tab_state_id = $1 ORDER BY t.id`,
    [tabId],
  )) as TableRow[];
  const latest = tab.latest_query_id
    ? (
        (await tx.query(`${QUERY_SELECT} WHERE q.client_id = $1 AND q.user_id = $2`, [
          tab.latest_query_id,
          tab.user_id,
        ])) as QueryDbRow[]
      )[0]
    : undefined;
  return {
    id: tab.id,
    user_id: tab.user_id,
    label: tab.label,
    active: tab.active,
    database_id: tab.database_id,
    catalog: tab.catalog,
    schema: tab.schema,
    table_schemas: tables.map(tableSchemaToDict),
    sql: tab.sql,
    query_limit: tab.query_limit,
    latest_query: latest ? queryToDict(latest) : null,
    autorun: tab.autorun,
    template_params: tab.template_params,
    hide_left_bar: tab.hide_left_bar,
    saved_query: tab.saved_query_found === null ? null : { id: tab.saved_query_found },
    extra_json: tab.extra_json,
  };
}
export type TabStateDict = NonNullable<Awaited<ReturnType<typeof tabStateToDict>>>;
