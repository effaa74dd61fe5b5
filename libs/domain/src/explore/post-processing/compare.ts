import {
  finiteOrNull,
  flattenLevels,
  levelsOf,
  PostProcessingError,
  resolveColumns,
  toNumber,
  withColumns,
  type DataFrame,
} from './data-frame';
import { Options } from './options';
import { roundHalfEven } from './stats';

/** REFERENCE §2.3: the separator of time comparison column names ('SUM(x)__1 year ago'). */
export const TIME_COMPARISON_SEPARATOR = '__';
export const COMPARE_TYPES = ['difference', 'percentage', 'ratio'] as const;
export type CompareType = (typeof COMPARE_TYPES)[number];

/**
 * REFERENCE §2.3 compare: for each pair (source, compare) adds `<type>__<source>__<compare>` holding
 * s - c (difference), (s - c) / c (percentage) or s / c (ratio), the last two rounded to `precision`
 * (4). In a pivoted frame a pair of metrics pairs up their series with the same dimension values.
 * Division by zero gives null (pandas' inf has no JSON form).
 */
export function compare(frame: DataFrame, raw: Record<string, unknown> | undefined): DataFrame {
  const o = new Options('compare', raw);
  const sources = o.strings('source_columns');
  const compares = o.strings('compare_columns');
  if (sources.length !== compares.length)
    throw new PostProcessingError('`compare_columns` must have the same length as `source_columns`.');
  const type = o.requiredString('compare_type');
  if (!(COMPARE_TYPES as readonly string[]).includes(type))
    throw new PostProcessingError('`compare_type` must be `difference`, `percentage` or `ratio`');
  const precision = o.integer('precision', 0) ?? 4;
  if (sources.length === 0) return frame;

  const columns = [...frame.columns];
  const rows = frame.rows.map((r) => ({ ...r }));
  const newLevels: Record<string, readonly string[]> = {};
  const dropped = new Set<string>();
  sources.forEach((source, i) => {
    const against = compares[i]!;
    const sourceCols = resolveColumns(frame, source);
    const compareCols = new Map(
      resolveColumns(frame, against).map((c) => [JSON.stringify(levelsOf(frame, c).slice(1)), c]),
    );
    for (const s of sourceCols) {
      const rest = levelsOf(frame, s).slice(1);
      const c = compareCols.get(JSON.stringify(rest));
      if (!c) continue;
      const levels = [[type, source, against].join(TIME_COMPARISON_SEPARATOR), ...rest];
      const name = flattenLevels(levels);
      if (!columns.includes(name)) columns.push(name);
      newLevels[name] = levels;
      for (const row of rows)
        row[name] = compareCells(type as CompareType, toNumber(row[s]), toNumber(row[c]), precision);
      dropped.add(s).add(c);
    }
  });
  const keep = o.boolean('drop_original_columns', false) ? columns.filter((c) => !dropped.has(c)) : columns;
  return withColumns(
    frame,
    keep,
    rows.map((r) => pick(r, keep)),
    newLevels,
  );
}

function compareCells(type: CompareType, s: number | null, c: number | null, precision: number): number | null {
  if (s === null || c === null) return null;
  switch (type) {
    case 'difference':
      return s - c;
    case 'percentage':
      return finiteOrNull(roundHalfEven((s - c) / c, precision));
    case 'ratio':
      return finiteOrNull(roundHalfEven(s / c, precision));
  }
}

export function pick(row: Record<string, unknown>, columns: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const c of columns) out[c] = row[c];
  return out;
}
