/**
 * `expand_data` (REFERENCE §1.2): Superset expands Presto's nested types into extra columns. The nested
 * values of PostgreSQL (json/jsonb) and MySQL/MariaDB (JSON) arrive as JSON objects: each top-level key
 * of an object column becomes a column `<column>.<key>`, appended to `columns` and listed in
 * `expanded_columns`; `selected_columns` stay what the database returned. Arrays and scalars are kept
 * as they are. The rows are changed in place (they are the run's own).
 */
import type { QueryColumn } from '@strata/domain';

export interface ExpandedResult {
  columns: QueryColumn[];
  expanded: QueryColumn[];
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function columnFor(name: string, sample: unknown): QueryColumn {
  if (typeof sample === 'number') return { column_name: name, name, type: 'NUMBER', type_generic: 0, is_dttm: false };
  if (typeof sample === 'boolean') return { column_name: name, name, type: 'BOOLEAN', type_generic: 3, is_dttm: false };
  if (typeof sample === 'string') return { column_name: name, name, type: 'STRING', type_generic: 1, is_dttm: false };
  return { column_name: name, name, type: 'JSON', type_generic: 1, is_dttm: false };
}

export function expandData(rows: Record<string, unknown>[], selected: QueryColumn[]): ExpandedResult {
  const taken = new Set(selected.map((c) => c.name));
  const expanded: QueryColumn[] = [];
  for (const column of selected) {
    // Key -> expanded column name, in order of first appearance; its type from the first non-null value.
    const keys = new Map<string, string>();
    for (const row of rows) {
      const value = row[column.name];
      if (!isObject(value)) continue;
      for (const [key, inner] of Object.entries(value)) {
        let name = keys.get(key);
        if (name === undefined) {
          name = `${column.name}.${key}`;
          for (let i = 1; taken.has(name); i += 1) name = `${column.name}.${key}__${i}`;
          taken.add(name);
          keys.set(key, name);
          expanded.push(columnFor(name, inner));
        } else if (inner !== null) {
          const col = expanded.find((c) => c.name === name)!;
          if (col.type === 'JSON' && inner !== undefined && typeof inner !== 'object')
            Object.assign(col, columnFor(name, inner));
        }
        row[name] = inner;
      }
    }
    if (keys.size === 0) continue;
    // Rows without the key (or without an object) get null, so every row has every column.
    const names = [...keys.values()];
    for (const row of rows) for (const name of names) if (!(name in row)) row[name] = null;
  }
  return { columns: [...selected, ...expanded], expanded };
}
