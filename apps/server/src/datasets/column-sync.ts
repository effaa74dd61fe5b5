/**
 * Syncing a dataset's columns with its table (or query), pure: physical columns follow the database
 * (types are refreshed, vanished columns dropped, new ones added); what users set on a kept column
 * (labels, descriptions, groupby/filterable, certification) stays, and calculated columns are kept.
 */
import type { DatasetColumn } from './dataset.events';

export interface SyncResult {
  columns: DatasetColumn[];
  added: string[];
  removed: string[];
}

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
