/** Equal-width bins over [min, max] like numpy.histogram: the last bin includes max. */
export function histogramBins(values: number[], bins: number): { edges: number[]; counts: number[] } {
  const count = Math.max(1, Math.floor(bins));
  if (values.length === 0) return { edges: [], counts: [] };
  let min = Infinity;
  let max = -Infinity;
  for (const v of values) {
    if (v < min) min = v;
    if (v > max) max = v;
  }
  // One distinct value: numpy widens the range by 0.5 each side, so the value sits in a middle bin.
  if (min === max) {
    min -= 0.5;
    max += 0.5;
  }
  const width = (max - min) / count;
  const edges = Array.from({ length: count + 1 }, (_, i) => (i === count ? max : min + i * width));
  return { edges, counts: countInto(values, edges) };
}

/** How many values fall in each bin of `edges` (values outside go to the first or last bin). */
export function countInto(values: number[], edges: number[]): number[] {
  const counts = new Array<number>(Math.max(0, edges.length - 1)).fill(0);
  if (counts.length === 0) return counts;
  const min = edges[0]!;
  const width = (edges[edges.length - 1]! - min) / counts.length;
  for (const v of values) counts[Math.min(counts.length - 1, Math.max(0, Math.floor((v - min) / width)))]! += 1;
  return counts;
}

/** Running totals (the cumulative option). */
export function cumulative(counts: number[]): number[] {
  let sum = 0;
  return counts.map((c) => (sum += c));
}
