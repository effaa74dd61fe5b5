import {
  compareTuples,
  flattenLevels,
  isMissing,
  labelOf,
  PostProcessingError,
  requireColumns,
  type DataFrame,
} from './data-frame';
import { aggregate, readAggregates } from './aggregates';
import { Options } from './options';

export const NULL_STRING = '<NULL>';

interface Group {
  key: unknown[];
  cells: Map<string, { key: unknown[]; rows: Record<string, unknown>[] }>;
}

/**
 * pandas pivot_table as Superset calls it (REFERENCE §2.3 pivot): one row per index value (sorted), one
 * column per aggregate and combination of `columns` values seen in the data, named like pandas' flattened
 * MultiIndex ('SUM(num), boy'), columns ordered as pandas sorts them. Missing `columns` values show as
 * '<NULL>' (column_fill_value); empty cells get metric_fill_value. With drop_missing_columns (default)
 * rows with a missing index and all-empty rows and columns are dropped. The index stays the frame's
 * index (flatten resets it).
 */
export function pivot(frame: DataFrame, raw: Record<string, unknown> | undefined): DataFrame {
  const o = new Options('pivot', raw);
  const index = o.strings('index');
  if (index.length === 0) throw new PostProcessingError('Pivot operation requires at least one index');
  const aggregates = readAggregates(o.record('aggregates'), 'pivot');
  if (aggregates.length === 0) throw new PostProcessingError('Pivot operation must include at least one aggregate');
  const columns = o.strings('columns');
  if (o.boolean('marginal_distributions', false)) {
    throw new PostProcessingError(
      'Marginal distributions of pivot are not supported; the pivot table chart computes its own totals',
    );
  }
  const metricFill = o.raw('metric_fill_value');
  const columnFill = o.has('column_fill_value') ? o.raw('column_fill_value') : NULL_STRING;
  const dropMissing = o.boolean('drop_missing_columns', true);
  const combine = o.boolean('combine_value_with_metric', false);
  requireColumns(frame, [...index, ...columns, ...aggregates.map((a) => a.column)]);

  const groups = new Map<string, Group>();
  for (const row of frame.rows) {
    const key = index.map((c) => row[c]);
    if (dropMissing && key.some(isMissing)) continue;
    const colKey = columns.map((c) =>
      isMissing(row[c]) && columnFill !== undefined && columnFill !== null ? columnFill : row[c],
    );
    const groupId = JSON.stringify(key.map(keyPart));
    let group = groups.get(groupId);
    if (!group) groups.set(groupId, (group = { key, cells: new Map() }));
    const cellId = JSON.stringify(colKey.map(keyPart));
    let cell = group.cells.get(cellId);
    if (!cell) group.cells.set(cellId, (cell = { key: colKey, rows: [] }));
    cell.rows.push(row);
  }

  // Every combination of column values seen anywhere, per aggregate.
  const seen = new Map<string, unknown[]>();
  for (const g of groups.values()) for (const [id, c] of g.cells) seen.set(id, c.key);
  type Out = { name: string; levels: string[]; sortKey: unknown[]; agg: (typeof aggregates)[number]; cellId: string };
  let outColumns: Out[] = [];
  for (const agg of aggregates) {
    for (const [cellId, key] of seen) {
      const valueLevels = key.map((v, i) =>
        typeof v === 'number' && frame.temporal?.includes(columns[i]!) ? labelOf(new Date(v)) : labelOf(v),
      );
      const levels =
        columns.length === 0 ? [agg.label] : combine ? [...valueLevels, agg.label] : [agg.label, ...valueLevels];
      const sortKey = combine ? [...key, agg.label] : [agg.label, ...key];
      outColumns.push({ name: flattenLevels(levels), levels, sortKey, agg, cellId });
    }
  }
  outColumns.sort((a, b) => compareTuples(a.sortKey, b.sortKey));

  const sortedGroups = [...groups.values()].sort((a, b) => compareTuples(a.key, b.key));
  let rows = sortedGroups.map((g) => {
    const row: Record<string, unknown> = {};
    index.forEach((c, i) => (row[c] = g.key[i]));
    for (const col of outColumns) {
      const cell = g.cells.get(col.cellId);
      const value = cell
        ? aggregate(
            col.agg,
            cell.rows.map((r) => r[col.agg.column]),
          )
        : NaN;
      row[col.name] = Number.isNaN(value) ? null : value;
    }
    return row;
  });

  if (dropMissing) {
    outColumns = outColumns.filter((col) => rows.some((r) => r[col.name] !== null));
    rows = rows.filter((r) => outColumns.length === 0 || outColumns.some((col) => r[col.name] !== null));
  }
  if (metricFill !== undefined && metricFill !== null) {
    for (const r of rows) for (const col of outColumns) if (r[col.name] === null) r[col.name] = metricFill;
  }
  // Drop cells of columns removed above (rows were built with all of them).
  const names = outColumns.map((c) => c.name);
  rows = rows.map((r) => Object.fromEntries([...index, ...names].map((c) => [c, r[c]])));
  return {
    columns: [...index, ...names],
    rows,
    index,
    levels: Object.fromEntries(outColumns.map((c) => [c.name, c.levels])),
  };
}

function keyPart(value: unknown): unknown {
  if (value instanceof Date) return { d: value.getTime() };
  if (typeof value === 'bigint') return { b: value.toString() };
  if (value === undefined || (typeof value === 'number' && Number.isNaN(value))) return null;
  return value;
}
