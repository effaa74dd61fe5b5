import { compareTuples, isMissing, PostProcessingError, requireColumns, toNumber, type DataFrame } from './data-frame';
import { aggregate as aggregateCells, readAggregates } from './aggregates';
import { Options } from './options';
import { max, mean, median, min, percentile } from './stats';

/** Rows grouped by the values of `groupby`, groups sorted as pandas groupby sorts them (missing keys dropped). */
function groupRows(frame: DataFrame, groupby: string[]): { key: unknown[]; rows: Record<string, unknown>[] }[] {
  const groups = new Map<string, { key: unknown[]; rows: Record<string, unknown>[] }>();
  for (const row of frame.rows) {
    const key = groupby.map((c) => row[c]);
    if (key.some(isMissing)) continue;
    const id = JSON.stringify(
      key.map((k) => (k instanceof Date ? { d: k.getTime() } : typeof k === 'bigint' ? String(k) : k)),
    );
    const g = groups.get(id) ?? { key, rows: [] };
    g.rows.push(row);
    groups.set(id, g);
  }
  return [...groups.values()].sort((a, b) => compareTuples(a.key, b.key));
}

/** REFERENCE §2.3 aggregate: groupby + {label: {operator, column}} → one row per group. */
export function aggregate(frame: DataFrame, raw: Record<string, unknown> | undefined): DataFrame {
  const o = new Options('aggregate', raw);
  const groupby = o.strings('groupby');
  const aggregates = readAggregates(o.record('aggregates'), 'aggregate');
  requireColumns(frame, [...groupby, ...aggregates.map((a) => a.column)]);
  const rows = groupRows(frame, groupby).map((g) => {
    const row: Record<string, unknown> = Object.fromEntries(groupby.map((c, i) => [c, g.key[i]]));
    for (const a of aggregates) {
      const v = aggregateCells(
        a,
        g.rows.map((r) => r[a.column]),
      );
      row[a.label] = Number.isNaN(v) ? null : v;
    }
    return row;
  });
  return { columns: [...groupby, ...aggregates.map((a) => a.label)], rows };
}

const BOX_STATS = ['mean', 'median', 'max', 'min', 'q1', 'q3', 'count', 'outliers'] as const;

/**
 * REFERENCE §2.3 boxplot, for the box plot chart: per group and metric, `<metric>__mean`, `__median`,
 * `__max` / `__min` (the whiskers), `__q1` / `__q3` (numpy midpoint percentiles), `__count` and
 * `__outliers` (values beyond the whiskers, those above first). Whiskers: tukey (the furthest values
 * within 1.5 IQR of the quartiles), min/max (no outliers) or percentile [low, high].
 */
export function boxplot(frame: DataFrame, raw: Record<string, unknown> | undefined): DataFrame {
  const o = new Options('boxplot', raw);
  const groupby = o.strings('groupby');
  const metrics = o.strings('metrics');
  const whisker = o.requiredString('whisker_type');
  requireColumns(frame, [...groupby, ...metrics]);
  let whiskers: (xs: number[], q1: number, q3: number) => [low: number, high: number];
  if (whisker === 'tukey') {
    whiskers = (xs, q1, q3) => {
      const iqr = q3 - q1;
      return [min(xs.filter((x) => x >= q1 - 1.5 * iqr)), max(xs.filter((x) => x <= q3 + 1.5 * iqr))];
    };
  } else if (whisker === 'min/max') {
    whiskers = (xs) => [min(xs), max(xs)];
  } else if (whisker === 'percentile') {
    const p = o.raw('percentiles');
    if (!Array.isArray(p) || p.length !== 2 || typeof p[0] !== 'number' || typeof p[1] !== 'number' || p[0] >= p[1]) {
      throw new PostProcessingError(
        'percentiles must be a list or tuple with two numeric values, of which the first is lower than the second value',
      );
    }
    whiskers = (xs) => [percentile(xs, p[0] as number), percentile(xs, p[1] as number)];
  } else {
    throw new PostProcessingError('Invalid whisker_type %s: expected tukey, min/max or percentile', whisker);
  }
  const names = BOX_STATS.flatMap((stat) => metrics.map((m) => ({ stat, m, name: `${m}__${stat}` })));
  const groups = groupby.length > 0 ? groupRows(frame, groupby) : [{ key: [], rows: frame.rows }];
  const rows = groups.map((g) => {
    const row: Record<string, unknown> = Object.fromEntries(groupby.map((c, i) => [c, g.key[i]]));
    const stats = new Map(
      metrics.map((m) => {
        const xs = g.rows.map((r) => toNumber(r[m])).filter((x): x is number => x !== null);
        const q1 = percentile(xs, 25, 'midpoint');
        const q3 = percentile(xs, 75, 'midpoint');
        const [low, high] = whiskers(xs, q1, q3);
        const value = {
          mean: mean(xs),
          median: median(xs),
          max: high,
          min: low,
          q1,
          q3,
          count: xs.length,
          outliers: [...xs.filter((x) => x > high), ...xs.filter((x) => x < low)],
        };
        return [m, value] as const;
      }),
    );
    for (const { stat, m, name } of names) {
      const v = stats.get(m)![stat];
      row[name] = typeof v === 'number' && Number.isNaN(v) ? null : v;
    }
    return row;
  });
  return { columns: [...groupby, ...names.map((n) => n.name)], rows };
}

/** Python's str() of a float, which names histogram bins ('0.0 - 2.5'). */
export function pythonFloat(x: number): string {
  if (Number.isInteger(x) && Math.abs(x) < 1e16) return x.toFixed(1);
  return String(x).replace(/e([+-])(\d)$/, 'e$10$2');
}

export const MAX_HISTOGRAM_BINS = 1000;

/**
 * REFERENCE §2.3 histogram, for the histogram chart: `bins` equal-width bins between the column's min
 * and max (numpy histogram: the last bin includes its right edge; a constant column gets min - 0.5 to
 * max + 0.5), one count per bin named 'low - high', one row per group; `cumulative` running counts,
 * `normalize` as shares of all counts. Missing values are ignored.
 */
export function histogram(frame: DataFrame, raw: Record<string, unknown> | undefined): DataFrame {
  const o = new Options('histogram', raw);
  const column = o.requiredString('column');
  const groupby = o.strings('groupby');
  const bins = o.raw('bins') ?? 5;
  if (typeof bins !== 'number' || !Number.isInteger(bins) || bins < 1 || bins > MAX_HISTOGRAM_BINS) {
    throw new PostProcessingError('`bins` must be an integer between 1 and %s', MAX_HISTOGRAM_BINS);
  }
  requireColumns(frame, [column, ...groupby]);
  const present = frame.rows.filter((r) => !isMissing(r[column]));
  if (present.length === 0) return { columns: [...groupby], rows: [] };
  const values = present.map((r) => toNumber(r[column]));
  if (values.some((v) => v === null)) throw new PostProcessingError("Column '%s' contains non-numeric values", column);
  let lo = min(values as number[]);
  let hi = max(values as number[]);
  if (lo === hi) {
    lo -= 0.5;
    hi += 0.5;
  }
  // numpy linspace: start + i * step, the last edge exactly the maximum.
  const step = (hi - lo) / bins;
  const edges = Array.from({ length: bins + 1 }, (_, i) => (i === bins ? hi : i * step + lo));
  const labels = edges.slice(0, -1).map((e, i) => `${pythonFloat(e)} - ${pythonFloat(edges[i + 1]!)}`);
  const binOf = (x: number) => {
    if (x === hi) return bins - 1;
    let a = 0;
    let b = bins; // edges[a] <= x < edges[b]
    while (b - a > 1) {
      const mid = (a + b) >> 1;
      if (edges[mid]! <= x) a = mid;
      else b = mid;
    }
    return a;
  };
  const counts = (rows: Record<string, unknown>[]) => {
    const out = new Array<number>(bins).fill(0);
    for (const r of rows) out[binOf(toNumber(r[column])!)]!++;
    if (o.boolean('cumulative', false)) for (let i = 1; i < bins; i++) out[i]! += out[i - 1]!;
    return out;
  };
  const groups =
    groupby.length > 0 ? groupRows({ columns: frame.columns, rows: present }, groupby) : [{ key: [], rows: present }];
  const table = groups.map((g) => ({ key: g.key, counts: counts(g.rows) }));
  const total = table.reduce((acc, t) => acc + t.counts.reduce((a, b) => a + b, 0), 0);
  const normalize = o.boolean('normalize', false);
  const rows = table.map((t) => {
    const row: Record<string, unknown> = Object.fromEntries(groupby.map((c, i) => [c, t.key[i]]));
    labels.forEach((l, i) => (row[l] = normalize ? t.counts[i]! / total : t.counts[i]));
    return row;
  });
  return { columns: [...groupby, ...labels], rows };
}

/**
 * REFERENCE §2.3 rank, for the heatmap's colour scale: a `rank` column with pandas rank(pct=True) of the
 * metric (ties share their average rank, divided by the number of present values), within each group of
 * `group_by` when given. Missing values get no rank.
 */
export function rank(frame: DataFrame, raw: Record<string, unknown> | undefined): DataFrame {
  const o = new Options('rank', raw);
  const metric = o.requiredString('metric');
  const groupBy = o.strings('group_by');
  requireColumns(frame, [metric, ...groupBy]);
  const ranks = new Array<number | null>(frame.rows.length).fill(null);
  const groups = new Map<string, number[]>();
  frame.rows.forEach((row, i) => {
    const id = JSON.stringify(
      groupBy.map((c) => (row[c] instanceof Date ? (row[c] as Date).getTime() : (row[c] ?? null))),
    );
    groups.set(id, [...(groups.get(id) ?? []), i]);
  });
  for (const members of groups.values()) {
    const present = members
      .map((i) => ({ i, v: toNumber(frame.rows[i]![metric]) }))
      .filter((x): x is { i: number; v: number } => x.v !== null);
    const sorted = [...present].sort((a, b) => a.v - b.v);
    for (let k = 0; k < sorted.length;) {
      let end = k;
      while (end + 1 < sorted.length && sorted[end + 1]!.v === sorted[k]!.v) end++;
      const average = (k + 1 + (end + 1)) / 2;
      for (let j = k; j <= end; j++) ranks[sorted[j]!.i] = average / present.length;
      k = end + 1;
    }
  }
  const columns = frame.columns.includes('rank') ? frame.columns : [...frame.columns, 'rank'];
  return { ...frame, columns, rows: frame.rows.map((r, i) => ({ ...r, rank: ranks[i] })) };
}
