import { flattenLevels, levelsOf, valueColumns, resolveColumns, type DataFrame } from './data-frame';

/** A source column and the column its result goes to (the same name replaces it). */
export interface Target {
  source: string;
  target: string;
  levels?: readonly string[];
}

/**
 * The columns a per-column step (rolling, cum, diff) works on: every value column of a pivoted frame
 * (is_pivot_df), or the `columns` mapping {source: target}. A source naming a metric of a pivoted frame
 * stands for all its series; a different target renames the metric level of each.
 */
export function resolveTargets(frame: DataFrame, mapping: Record<string, string>, isPivot: boolean): Target[] {
  if (isPivot) return valueColumns(frame).map((c) => ({ source: c, target: c }));
  return Object.entries(mapping).flatMap(([source, target]) =>
    resolveColumns(frame, source).map((column) => {
      if (target === source) return { source: column, target: column };
      const levels = [target, ...levelsOf(frame, column).slice(1)];
      return { source: column, target: flattenLevels(levels), levels };
    }),
  );
}

/** Writes computed series into a copy of the frame: replaced in place, new targets appended. */
export function writeTargets(frame: DataFrame, targets: Target[], series: (number | null)[][]): DataFrame {
  const columns = [...frame.columns];
  const rows = frame.rows.map((r) => ({ ...r }));
  const newLevels: Record<string, readonly string[]> = {};
  targets.forEach((t, i) => {
    if (!columns.includes(t.target)) columns.push(t.target);
    if (t.levels) newLevels[t.target] = t.levels;
    rows.forEach((r, j) => (r[t.target] = series[i]![j]));
  });
  const out: DataFrame = { columns, rows };
  if (frame.index) out.index = frame.index;
  if (frame.levels) out.levels = { ...frame.levels, ...newLevels };
  return out;
}
