import { getTimeFormatter } from './time-format';

/** Superset's TimeFormats.DATABASE_DATETIME, which its results pane and drill to detail use for temporal columns. */
export const DATABASE_DATETIME = '%Y-%m-%d %H:%M:%S';

const TEMPORAL = 2;

/**
 * The rows of a chart data answer (or samples) as a plain results table shows them: the chart data API
 * answers temporal values as epoch ms (UTC), so those cells become '2001-01-02 03:04:05'; every other
 * value (and text a temporal column may hold) is left as it came.
 */
export function readableRows(result: {
  colnames?: readonly string[];
  coltypes?: readonly number[];
  data?: readonly Record<string, unknown>[];
}): Record<string, unknown>[] {
  const data = result.data ?? [];
  const temporal = (result.colnames ?? []).filter((_, i) => result.coltypes?.[i] === TEMPORAL);
  if (temporal.length === 0) return [...data];
  const format = getTimeFormatter(DATABASE_DATETIME);
  return data.map((row) => {
    const out = { ...row };
    for (const c of temporal) if (typeof row[c] === 'number') out[c] = format(row[c]);
    return out;
  });
}
