import { PostProcessingError, toNumber, type DataFrame } from './data-frame';
import { Options } from './options';
import { max, median, min, percentile } from './stats';
import { resolveTargets, writeTargets } from './targets';

/** The incremental window functions: values enter at the end and leave at the start of the window. */
interface WindowState {
  add(x: number): void;
  remove(x: number): void;
  value(count: number): number;
}

/** Running sum with Kahan compensation, as pandas keeps it, so long windows do not drift. */
function kahanSum(): { add(x: number): void; get(): number } {
  let total = 0;
  let compensation = 0;
  return {
    add(x) {
      const y = x - compensation;
      const t = total + y;
      compensation = t - total - y;
      total = t;
    },
    get: () => total,
  };
}

/** Welford's running mean and squared deviations, with removal; sample variance (ddof = 1). */
function moments(kind: 'sum' | 'mean' | 'var' | 'std' | 'count'): WindowState {
  const total = kahanSum();
  let n = 0;
  let mu = 0;
  let m2 = 0;
  return {
    add(x) {
      total.add(x);
      n += 1;
      const d = x - mu;
      mu += d / n;
      m2 += d * (x - mu);
    },
    remove(x) {
      total.add(-x);
      n -= 1;
      if (n === 0) {
        mu = 0;
        m2 = 0;
        return;
      }
      const d = x - mu;
      mu -= d / n;
      m2 -= d * (x - mu);
    },
    value(count) {
      switch (kind) {
        case 'count':
          return count;
        case 'sum':
          return total.get();
        case 'mean':
          return count === 0 ? NaN : total.get() / count;
        case 'var':
          return count < 2 ? NaN : Math.max(0, m2) / (count - 1);
        case 'std':
          return count < 2 ? NaN : Math.sqrt(Math.max(0, m2) / (count - 1));
      }
    },
  };
}

const INCREMENTAL = new Set(['sum', 'mean', 'std', 'var', 'count']);
/** Functions that need the window's values; bounded so one request cannot run for minutes. */
const BY_VALUES: Readonly<Record<string, (xs: number[], options: Record<string, unknown>) => number>> = {
  min: (xs) => min(xs),
  max: (xs) => max(xs),
  median: (xs) => median(xs),
  quantile: (xs, o) => percentile(xs, (typeof o.quantile === 'number' ? o.quantile : 0.5) * 100),
};
const MAX_WINDOW_WORK = 50_000_000;

/** charts-dashboards-reports §9 Rolling functions (mean, sum, std; cumsum is `cum`), plus the other pandas window functions. */
export const ROLLING_FUNCTIONS = [...INCREMENTAL, ...Object.keys(BY_VALUES)];

function rollingSeries(
  values: (number | null)[],
  type: string,
  window: number,
  minPeriods: number,
  offset: number,
  options: Record<string, unknown>,
): (number | null)[] {
  const out: (number | null)[] = [];
  const incremental = INCREMENTAL.has(type) ? moments(type as 'sum') : null;
  let start = 0;
  let end = 0;
  let count = 0;
  for (let i = 0; i < values.length; i++) {
    const wantEnd = Math.min(values.length, i + 1 + offset);
    const wantStart = Math.max(0, i + 1 + offset - window);
    for (; end < wantEnd; end++) {
      const x = values[end];
      if (x === null || x === undefined) continue;
      count++;
      incremental?.add(x);
    }
    for (; start < wantStart; start++) {
      const x = values[start];
      if (x === null || x === undefined) continue;
      count--;
      incremental?.remove(x);
    }
    if (count < minPeriods) {
      out.push(null);
      continue;
    }
    const result = incremental
      ? incremental.value(count)
      : BY_VALUES[type]!(
          values.slice(start, end).filter((v): v is number => v !== null),
          options,
        );
    out.push(Number.isFinite(result) ? result : null);
  }
  return out;
}

/**
 * pandas DataFrame.rolling(window, min_periods, center).<rolling_type>() per column (REFERENCE §2.3):
 * a row's value is computed from the present values of the last `window` rows (centred when `center`), or
 * is null when fewer than min_periods (default: the window) are present; min_periods above the window is
 * refused as pandas does. Then, as Superset's operator does, the first min_periods rows are dropped when
 * min_periods is given and not 0 (Explore's control sends 0 by default: every row kept).
 */
export function rolling(frame: DataFrame, raw: Record<string, unknown> | undefined): DataFrame {
  const o = new Options('rolling', raw);
  const type = o.requiredString('rolling_type');
  if (!ROLLING_FUNCTIONS.includes(type)) throw new PostProcessingError('Invalid rolling_type: %s', type);
  if (!o.has('window')) throw new PostProcessingError('Undefined window for rolling operation');
  const window = o.integer('window', 0)!;
  if (window === 0) throw new PostProcessingError('Window must be > 0');
  const givenMinPeriods = o.integer('min_periods', 0);
  const minPeriods = givenMinPeriods ?? window;
  if (minPeriods > window) throw new PostProcessingError('min_periods %s must be <= window %s', minPeriods, window);
  const center = o.boolean('center', false);
  if (o.has('win_type')) throw new PostProcessingError('Weighted windows (win_type) are not supported');
  const typeOptions = o.record('rolling_type_options');
  const targets = resolveTargets(frame, o.mapping('columns'), o.boolean('is_pivot_df', false));

  const offset = center ? Math.floor((window - 1) / 2) : 0;
  if (
    !INCREMENTAL.has(type) &&
    frame.rows.length * Math.min(window, frame.rows.length) * targets.length > MAX_WINDOW_WORK
  ) {
    throw new PostProcessingError('The rolling window is too large for %s over %s rows', type, frame.rows.length);
  }
  const series = targets.map((t) =>
    rollingSeries(
      frame.rows.map((r) => toNumber(r[t.source])),
      type,
      window,
      minPeriods,
      offset,
      typeOptions,
    ),
  );
  const out = writeTargets(frame, targets, series);
  // Superset's rolling operator slices off the first min_periods rows (df[min_periods:]) when it is given
  // and not 0, the first complete value (at row min_periods - 1) included; charts match it.
  const drop = givenMinPeriods ?? 0;
  return drop > 0 ? { ...out, rows: out.rows.slice(drop) } : out;
}

const CUMULATIVE: Readonly<Record<string, (acc: number, x: number) => number>> = {
  sum: (a, x) => a + x,
  prod: (a, x) => a * x,
  min: (a, x) => Math.min(a, x),
  max: (a, x) => Math.max(a, x),
};

/**
 * pandas cumsum / cumprod / cummin / cummax (REFERENCE §2.3 cum): a running total over present values;
 * a missing value stays missing and the total carries on past it.
 */
export function cum(frame: DataFrame, raw: Record<string, unknown> | undefined): DataFrame {
  const o = new Options('cum', raw);
  const operator = o.requiredString('operator');
  const step = CUMULATIVE[operator.replace(/^cum/, '')];
  if (!step) throw new PostProcessingError('Invalid cumulative operator: %s', operator);
  const targets = resolveTargets(frame, o.mapping('columns'), o.boolean('is_pivot_df', false));
  const series = targets.map((t) => {
    let acc: number | null = null;
    return frame.rows.map((r) => {
      const x = toNumber(r[t.source]);
      if (x === null) return null;
      acc = acc === null ? x : step(acc, x);
      return acc;
    });
  });
  return writeTargets(frame, targets, series);
}

/** pandas diff(periods) along rows (REFERENCE §2.3 diff): x[i] - x[i - periods], null when either is missing. */
export function diff(frame: DataFrame, raw: Record<string, unknown> | undefined): DataFrame {
  const o = new Options('diff', raw);
  const periods = o.number('periods') ?? 1;
  if (!Number.isInteger(periods)) throw new PostProcessingError('Invalid option periods for diff: expected an integer');
  if ((o.number('axis') ?? 0) !== 0) throw new PostProcessingError('diff supports only axis 0 (rows)');
  const targets = resolveTargets(frame, o.mapping('columns'), false);
  const series = targets.map((t) => {
    const values = frame.rows.map((r) => toNumber(r[t.source]));
    return values.map((x, i) => {
      const prev = values[i - periods];
      return x === null || prev === null || prev === undefined ? null : x - prev;
    });
  });
  return writeTargets(frame, targets, series);
}
