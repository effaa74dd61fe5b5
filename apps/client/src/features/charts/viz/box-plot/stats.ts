/** The p-quantile of sorted values with linear interpolation (pandas' and numpy's default). */
export function quantile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const position = (sorted.length - 1) * p;
  const lower = Math.floor(position);
  const upper = Math.ceil(position);
  return sorted[lower]! + (sorted[upper]! - sorted[lower]!) * (position - lower);
}

export interface BoxStats {
  low: number;
  q1: number;
  median: number;
  q3: number;
  high: number;
  outliers: number[];
  count: number;
  mean: number;
}

/**
 * Box statistics with the whisker rule of the box plot control: 'Tukey' (1.5 × IQR, clamped to the
 * data), 'Min/max (no outliers)', or 'N/M percentiles'.
 */
export function boxStats(values: number[], whisker: string): BoxStats | null {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const q1 = quantile(sorted, 0.25);
  const median = quantile(sorted, 0.5);
  const q3 = quantile(sorted, 0.75);
  let low: number;
  let high: number;
  const percentiles = /^(\d+)\/(\d+) percentiles$/.exec(whisker);
  if (whisker === 'Min/max (no outliers)') {
    low = sorted[0]!;
    high = sorted[sorted.length - 1]!;
  } else if (percentiles) {
    low = quantile(sorted, Number(percentiles[1]) / 100);
    high = quantile(sorted, Number(percentiles[2]) / 100);
  } else {
    const iqr = q3 - q1;
    low = sorted.find((v) => v >= q1 - 1.5 * iqr)!;
    high = [...sorted].reverse().find((v) => v <= q3 + 1.5 * iqr)!;
  }
  const outliers = sorted.filter((v) => v < low || v > high);
  const mean = sorted.reduce((a, b) => a + b, 0) / sorted.length;
  return { low, q1, median, q3, high, outliers, count: sorted.length, mean };
}
