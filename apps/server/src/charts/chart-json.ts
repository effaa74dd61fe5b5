/** A chart as the API answers it (charts-dashboards-reports §3 Chart fields). */
import { humanizeAgo } from './humanize';

export const CHART_SELECT = `SELECT c.*, ds.table_name AS datasource_name, ds.schema AS datasource_schema, ds.database_id,
    (SELECT coalesce(json_agg(json_build_object('id', u.id, 'first_name', u.first_name, 'last_name', u.last_name) ORDER BY u.id), '[]'::json)
       FROM users u WHERE u.id = ANY(c.owners)) AS owner_users,
    (SELECT coalesce(json_agg(json_build_object('id', d.id, 'dashboard_title', d.dashboard_title) ORDER BY d.id), '[]'::json)
       FROM dashboards d WHERE d.slice_ids @> ARRAY[c.id]) AS dashboard_list
  FROM charts c LEFT JOIN datasets ds ON ds.id = c.datasource_id`;

export interface ChartRow {
  id: number;
  slice_name: string;
  viz_type: string;
  datasource_id: number;
  datasource_type: string;
  params: string | null;
  query_context: string | null;
  description: string | null;
  cache_timeout: number | null;
  owners: number[];
  certified_by: string | null;
  certification_details: string | null;
  created_on: Date;
  changed_on: Date;
  datasource_name: string | null;
  datasource_schema: string | null;
  database_id: number | null;
  owner_users: { id: number; first_name: string; last_name: string }[];
  dashboard_list: { id: number; dashboard_title: string }[];
}

export function parsedParams(text: string | null): Record<string, unknown> {
  try {
    const parsed: unknown = text ? JSON.parse(text) : {};
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

export function chartJson(row: ChartRow) {
  const url = `/explore/?slice_id=${row.id}`;
  return {
    id: row.id,
    slice_id: row.id,
    slice_name: row.slice_name,
    viz_type: row.viz_type,
    params: row.params,
    query_context: row.query_context,
    form_data: {
      ...parsedParams(row.params),
      slice_id: row.id,
      viz_type: row.viz_type,
      datasource: `${row.datasource_id}__${row.datasource_type}`,
    },
    description: row.description,
    description_markdown: row.description ?? '',
    cache_timeout: row.cache_timeout,
    owners: row.owner_users,
    dashboards: row.dashboard_list,
    datasource_id: row.datasource_id,
    datasource_type: row.datasource_type,
    datasource_name: row.datasource_name,
    datasource_name_text:
      row.datasource_schema && row.datasource_name
        ? `${row.datasource_schema}.${row.datasource_name}`
        : row.datasource_name,
    datasource_url: `/explore/?datasource_type=${row.datasource_type}&datasource_id=${row.datasource_id}`,
    url,
    slice_url: url,
    thumbnail_url: null,
    certified_by: row.certified_by,
    certification_details: row.certification_details,
    created_on: row.created_on.toISOString(),
    changed_on: row.changed_on.toISOString(),
    changed_on_delta_humanized: humanizeAgo(row.changed_on),
  };
}
export type ChartJson = ReturnType<typeof chartJson>;
