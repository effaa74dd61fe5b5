/**
 * The response of one query object (REFERENCE §2.2) from the rows the database returned: labels for
 * aliases, generic column types, time comparison columns joined in, and the request's bookkeeping.
 */
import type { ResultColumn, ResultSet } from '../engines/query-engine';

export interface QueryPayload {
  cache_key: string | null;
  cached_dttm: string | null;
  cache_timeout: number;
  queried_dttm: string | null;
  applied_template_filters: string[];
  annotation_data: Record<string, unknown>;
  error: string | null;
  is_cached: boolean;
  query: string;
  language: 'sql';
  status: 'success';
  stacktrace: null;
  rowcount: number;
  sql_rowcount: number;
  from_dttm: number | null;
  to_dttm: number | null;
  label_map: Record<string, string[]>;
  colnames: string[];
  indexnames: number[];
  coltypes: number[];
  data: Record<string, unknown>[];
  applied_filters: { column: string }[];
  rejected_filters: { reason: string; column: string }[];
  result_format: string;
}

/** Rows keyed by the response's labels, with each column's generic type. */
export function relabel(
  result: ResultSet,
  labels: Map<string, string>,
): { colnames: string[]; coltypes: number[]; data: Record<string, unknown>[] } {
  const label = (c: ResultColumn) => labels.get(c.name) ?? c.name;
  const colnames = result.columns.map(label);
  // Charts plot numbers: exact decimals the engine keeps as text (NUMERIC averages) become JS numbers.
  // Temporal values are epoch ms, as Superset's chart data answers (a zone-less timestamp is UTC), so no
  // browser reads them in its own zone; what has no instant ('infinity', a time of day) stays as it came.
  const value = (c: ResultColumn, v: unknown) => {
    if (c.type_generic === 2 && v !== null && v !== undefined) return epochMs(v) ?? v;
    return c.type_generic === 0 && typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))
      ? Number(v)
      : v;
  };
  const data = result.rows.map((row) =>
    Object.fromEntries(result.columns.map((c) => [label(c), value(c, row[c.name])])),
  );
  return { colnames, coltypes: result.columns.map((c) => c.type_generic), data };
}

/** A temporal value (epoch ms, or ISO text from the database, zone-less means UTC) as epoch ms, else null. */
export function epochMs(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string' && !(value instanceof Date)) return null;
  if (value instanceof Date) return value.getTime();
  if (!/^[+-]?\d{4,}-\d\d-\d\d/.test(value)) return null; // a time of day, 'infinity'
  const text =
    /[zZ]|[+-]\d\d:?\d\d$/.test(value) || !/\d{4}-\d\d-\d\d/.test(value)
      ? value
      : `${value.replace(' ', 'T')}${value.length <= 10 ? 'T00:00:00' : ''}Z`;
  const ms = Date.parse(text);
  return Number.isFinite(ms) ? ms : null;
}

/**
 * Joins a time comparison query's rows onto the main rows (a left join on the dimensions, the time axis
 * moved back by the offset): each metric gets a `<metric>__<offset>` column (REFERENCE §2.3).
 */
export function joinOffset(
  main: { colnames: string[]; coltypes: number[]; data: Record<string, unknown>[] },
  shifted: Record<string, unknown>[],
  options: {
    offset: string;
    dimensions: string[];
    timeAxis: string | null;
    metrics: string[];
    unshift: (ms: number) => number;
  },
): { colnames: string[]; coltypes: number[]; data: Record<string, unknown>[] } {
  const keyOf = (row: Record<string, unknown>, moveTime: boolean) =>
    JSON.stringify(
      options.dimensions.map((d) => {
        if (d !== options.timeAxis) return row[d] ?? null;
        const ms = epochMs(row[d]);
        return ms === null ? row[d] : moveTime ? options.unshift(ms) : ms;
      }),
    );
  const index = new Map<string, Record<string, unknown>>();
  for (const row of shifted) index.set(keyOf(row, true), row);
  const added = options.metrics.map((m) => `${m}__${options.offset}`);
  const data = main.data.map((row) => {
    const match = index.get(keyOf(row, false));
    const extra = Object.fromEntries(options.metrics.map((m, i) => [added[i], match ? (match[m] ?? null) : null]));
    return { ...row, ...extra };
  });
  return { colnames: [...main.colnames, ...added], coltypes: [...main.coltypes, ...added.map(() => 0)], data };
}
