import { compareValues, flattenLevels, PostProcessingError, requireColumns, type DataFrame } from './data-frame';
import { Options } from './options';
import { pick } from './compare';

/**
 * REFERENCE §2.3 sort: `columns: {col: ascending}` (several keys, first wins), `by` + `ascending` (a name
 * or lists), or `is_sort_index` (by the index; a frame without one keeps or reverses its order). Missing
 * values go last either way (pandas na_position='last'); equal keys keep their order.
 */
export function sort(frame: DataFrame, raw: Record<string, unknown> | undefined): DataFrame {
  const o = new Options('sort', raw);
  let keys: { column: string; ascending: boolean }[];
  if (o.boolean('is_sort_index', false)) {
    const ascending = o.boolean('ascending', true);
    if (!frame.index || frame.index.length === 0)
      return ascending ? frame : { ...frame, rows: [...frame.rows].reverse() };
    keys = frame.index.map((column) => ({ column, ascending }));
  } else if (o.has('by')) {
    const by = o.strings('by');
    const asc = o.raw('ascending');
    keys = by.map((column, i) => ({ column, ascending: Array.isArray(asc) ? asc[i] !== false : asc !== false }));
  } else {
    const columns = o.record('columns');
    keys = Object.entries(columns).map(([column, ascending]) => ({ column, ascending: ascending !== false }));
  }
  if (keys.length === 0) throw new PostProcessingError('Sort operation requires columns, by or is_sort_index');
  requireColumns(
    frame,
    keys.map((k) => k.column),
  );
  const rows = frame.rows
    .map((row, i) => ({ row, i }))
    .sort((a, b) => {
      for (const { column, ascending } of keys) {
        const x = a.row[column];
        const y = b.row[column];
        const c = compareValues(x, y);
        if (c !== 0) {
          // Missing values stay last in both directions.
          const missing = compareValues(x, null) === 0 || compareValues(y, null) === 0;
          return missing || ascending ? c : -c;
        }
      }
      return a.i - b.i;
    })
    .map((x) => x.row);
  return { ...frame, rows };
}

/**
 * REFERENCE §2.3 rename `{columns: {old: new}, level}`: plain columns (and index columns) are renamed; in a
 * pivoted frame the value at `level` (0 = the metric) of each column is renamed, and a null new name drops
 * that level ('SUM(num), boy' becomes 'boy'), as the time-series charts do with a single metric.
 */
export function rename(frame: DataFrame, raw: Record<string, unknown> | undefined): DataFrame {
  const o = new Options('rename', raw);
  const mapping = o.record('columns');
  const level = o.integer('level', 0) ?? 0;
  if (Object.keys(mapping).length === 0) return frame;
  for (const v of Object.values(mapping)) {
    if (v !== null && typeof v !== 'string')
      throw new PostProcessingError('Invalid option columns for rename: new names must be text or null');
  }
  const newName = new Map<string, string>();
  const levels: Record<string, readonly string[]> = {};
  for (const c of frame.columns) {
    const l = frame.levels?.[c];
    if (l && l.length > level && l[level]! in mapping) {
      const to = mapping[l[level]!] as string | null;
      const next = to === null ? l.filter((_, i) => i !== level) : l.map((x, i) => (i === level ? to : x));
      newName.set(c, flattenLevels(next));
      levels[flattenLevels(next)] = next;
    } else if (!l && c in mapping && typeof mapping[c] === 'string') {
      newName.set(c, mapping[c] as string);
    } else {
      newName.set(c, c);
      if (l) levels[c] = l;
    }
  }
  const columns = frame.columns.map((c) => newName.get(c)!);
  if (new Set(columns).size !== columns.length)
    throw new PostProcessingError('Rename would give two columns the same name: %s', columns.join(', '));
  const rows = frame.rows.map((r) => Object.fromEntries(frame.columns.map((c) => [newName.get(c)!, r[c]])));
  const out: DataFrame = { columns, rows };
  if (frame.index) out.index = frame.index.map((c) => newName.get(c) ?? c);
  if (frame.levels) out.levels = levels;
  return out;
}

/**
 * REFERENCE §2.3 flatten: pivoted column names are already flat ('metric, value'); `drop_levels` removes
 * levels by position first; `reset_index` (default) makes the index ordinary columns again.
 */
export function flatten(frame: DataFrame, raw: Record<string, unknown> | undefined): DataFrame {
  const o = new Options('flatten', raw);
  const dropRaw = o.raw('drop_levels');
  const drop = Array.isArray(dropRaw) ? dropRaw : dropRaw === undefined || dropRaw === null ? [] : [dropRaw];
  if (!drop.every((d) => Number.isInteger(d)))
    throw new PostProcessingError('Invalid option drop_levels for flatten: expected level positions');
  let out = frame;
  if (drop.length > 0 && frame.levels) {
    const names = new Map(
      frame.columns.map((c) => [
        c,
        frame.levels![c] ? flattenLevels(frame.levels![c]!.filter((_, i) => !drop.includes(i))) : c,
      ]),
    );
    out = {
      ...frame,
      columns: frame.columns.map((c) => names.get(c)!),
      rows: frame.rows.map((r) => Object.fromEntries(frame.columns.map((c) => [names.get(c)!, r[c]]))),
    };
  }
  const result: DataFrame = { columns: out.columns, rows: out.rows };
  if (!o.boolean('reset_index', true) && out.index) result.index = out.index;
  return result;
}

/** REFERENCE §2.3 select: keep `columns` (in that order; all when empty), drop `exclude`, then `rename`. */
export function select(frame: DataFrame, raw: Record<string, unknown> | undefined): DataFrame {
  const o = new Options('select', raw);
  const keep = o.strings('columns');
  const exclude = o.strings('exclude');
  requireColumns(frame, [...keep, ...exclude]);
  const columns = (keep.length > 0 ? keep : frame.columns).filter((c) => !exclude.includes(c));
  const selected: DataFrame = { ...frame, columns, rows: frame.rows.map((r) => pick(r, columns)) };
  const renames = o.mapping('rename');
  return Object.keys(renames).length > 0
    ? rename({ columns: selected.columns, rows: selected.rows }, { columns: renames })
    : selected;
}
