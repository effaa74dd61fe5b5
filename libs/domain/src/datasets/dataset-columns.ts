/**
 * A dataset's columns, pure: a column as the database describes it, a column a request names for the
 * first time, a save's column patches over the stored columns, and a sync with the table (or query).
 */
import type { ColumnPatch } from './dataset.commands';
import type { DatasetColumn, DatasetMetric } from './dataset.events';

/** The default metric of every new dataset (charts-dashboards-reports §3 Dataset). */
export const COUNT_STAR: DatasetMetric = {
  metric_name: 'count',
  verbose_name: 'COUNT(*)',
  metric_type: 'count',
  expression: 'COUNT(*)',
  description: null,
};

/** A column read from the database: grouped and filtered by, no label, not calculated. */
export function datasetColumn(c: {
  name: string;
  type: string | null;
  type_generic: number | null;
  is_dttm: boolean;
}): DatasetColumn {
  return {
    column_name: c.name,
    verbose_name: null,
    type: c.type,
    type_generic: c.type_generic,
    is_dttm: c.is_dttm,
    groupby: true,
    filterable: true,
    expression: null,
    description: null,
  };
}

/** A column the dataset did not have: what a field left out means for it. */
export function newColumn(name: string): DatasetColumn {
  return {
    ...datasetColumn({ name, type: null, type_generic: null, is_dttm: false }),
    certified_by: null,
    certification_details: null,
    warning_markdown: null,
    python_date_format: null,
  };
}

/**
 * A save's column list: each patch over the stored column of that name (a column sent with a new label
 * keeps its type, temporal flag and the rest, as Superset updates a column's given attributes), or a new
 * column; a stored column left out is gone.
 */
export function patchColumns(patches: readonly ColumnPatch[], stored: readonly DatasetColumn[]): DatasetColumn[] {
  const byName = new Map(stored.map((c) => [c.column_name, c]));
  return patches.map((patch) => ({ ...(byName.get(patch.column_name) ?? newColumn(patch.column_name)), ...patch }));
}

export interface SyncResult {
  columns: DatasetColumn[];
  added: string[];
  removed: string[];
}

/**
 * Syncing with the table (or query): physical columns follow the database (types are refreshed,
 * vanished columns dropped, new ones added); what users set on a kept column (labels, descriptions,
 * groupby/filterable, certification) stays, and calculated columns are kept.
 */
export function syncColumns(existing: readonly DatasetColumn[], fetched: readonly DatasetColumn[]): SyncResult {
  const byName = new Map(existing.map((c) => [c.column_name, c]));
  const fetchedNames = new Set(fetched.map((c) => c.column_name));
  const columns: DatasetColumn[] = fetched.map((f) => {
    const kept = byName.get(f.column_name);
    if (!kept || kept.expression) return f;
    return { ...kept, type: f.type, type_generic: f.type_generic, is_dttm: kept.is_dttm || f.is_dttm };
  });
  for (const c of existing) {
    if (c.expression && !fetchedNames.has(c.column_name)) columns.push(c);
  }
  return {
    columns,
    added: fetched.filter((f) => !byName.has(f.column_name)).map((f) => f.column_name),
    removed: existing.filter((c) => !c.expression && !fetchedNames.has(c.column_name)).map((c) => c.column_name),
  };
}
