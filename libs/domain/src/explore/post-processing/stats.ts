/**
 * The aggregate functions of the steps, over the values that are present (pandas skips NaN). std and var
 * are sample statistics (ddof = 1) as in pandas; an empty input gives NaN except for sum and count (0).
 */

export const sum = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0);
export const mean = (xs: readonly number[]): number => (xs.length === 0 ? NaN : sum(xs) / xs.length);
export const prod = (xs: readonly number[]): number => xs.reduce((a, b) => a * b, 1);
export const min = (xs: readonly number[]): number => (xs.length === 0 ? NaN : xs.reduce((a, b) => (b < a ? b : a)));
export const max = (xs: readonly number[]): number => (xs.length === 0 ? NaN : xs.reduce((a, b) => (b > a ? b : a)));

export function variance(xs: readonly number[], ddof = 1): number {
  if (xs.length - ddof <= 0) return NaN;
  const m = mean(xs);
  return xs.reduce((acc, x) => acc + (x - m) ** 2, 0) / (xs.length - ddof);
}

export const std = (xs: readonly number[], ddof = 1): number => Math.sqrt(variance(xs, ddof));

/** numpy percentile, q in 0..100, method 'linear' (the default) or 'midpoint' (used for box plot quartiles). */
export function percentile(xs: readonly number[], q: number, method: 'linear' | 'midpoint' = 'linear'): number {
  if (xs.length === 0) return NaN;
  const sorted = [...xs].sort((a, b) => a - b);
  const pos = ((sorted.length - 1) * q) / 100;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  if (lo === hi) return sorted[lo]!;
  if (method === 'midpoint') return (sorted[lo]! + sorted[hi]!) / 2;
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (pos - lo);
}

export const median = (xs: readonly number[]): number => percentile(xs, 50);

/** Aggregate operators of pivot and aggregate (numpy names, as Superset's allow-list). */
export const AGGREGATORS: Readonly<
  Record<string, (xs: readonly number[], options: Record<string, unknown>) => number>
> = {
  sum: sum,
  nansum: sum,
  mean: mean,
  average: mean,
  nanmean: mean,
  median: median,
  nanmedian: median,
  min: min,
  nanmin: min,
  max: max,
  nanmax: max,
  prod: prod,
  product: prod,
  std: (xs) => std(xs),
  nanstd: (xs) => std(xs),
  var: (xs) => variance(xs),
  nanvar: (xs) => variance(xs),
  count_nonzero: (xs) => xs.filter((x) => x !== 0).length,
  percentile: (xs, o) => percentile(xs, typeof o.q === 'number' ? o.q : 50),
  nanpercentile: (xs, o) => percentile(xs, typeof o.q === 'number' ? o.q : 50),
  quantile: (xs, o) => percentile(xs, (typeof o.q === 'number' ? o.q : 0.5) * 100),
};

/** numpy round: half to even at `digits` decimals. */
export function roundHalfEven(x: number, digits: number): number {
  if (!Number.isFinite(x)) return x;
  const f = 10 ** digits;
  const scaled = x * f;
  const r = Math.round(scaled);
  // Math.round sends .5 up; pandas/numpy send it to the even neighbour.
  const rounded = Math.abs(scaled % 1) === 0.5 && r % 2 !== 0 ? r - 1 : r;
  return rounded / f;
}
