/**
 * Result column names must be unique keys of the row objects: `SELECT a.id, b.id` would otherwise lose
 * a column. Later duplicates get `__1`, `__2`... as Superset's users know them.
 */
export function uniqueColumnNames(names: readonly string[]): string[] {
  const seen = new Set<string>();
  return names.map((name) => {
    let candidate = name;
    for (let i = 1; seen.has(candidate); i += 1) candidate = `${name}__${i}`;
    seen.add(candidate);
    return candidate;
  });
}

/** Builds row objects from array rows, keyed by the (deduplicated) column names. */
export function rowsToObjects(names: readonly string[], rows: readonly unknown[][]): Record<string, unknown>[] {
  return rows.map((row) => {
    const out: Record<string, unknown> = {};
    for (let i = 0; i < names.length; i += 1) out[names[i]] = row[i];
    return out;
  });
}
