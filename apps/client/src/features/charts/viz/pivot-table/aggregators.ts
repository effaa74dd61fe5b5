/** The pivot table's aggregate functions (aggregateFunction), applied to the values behind a cell. */
export const AGGREGATORS: Record<string, (values: number[]) => number | null> = {
  Count: (v) => v.length,
  'Count Unique Values': (v) => new Set(v).size,
  Sum: sum,
  Average: (v) => (v.length ? sum(v)! / v.length : null),
  Median: (v) => {
    if (!v.length) return null;
    const s = [...v].sort((a, b) => a - b);
    const mid = Math.floor(s.length / 2);
    return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
  },
  'Sample Variance': variance,
  'Sample Standard Deviation': (v) => {
    const x = variance(v);
    return x === null ? null : Math.sqrt(x);
  },
  Minimum: (v) => (v.length ? Math.min(...v) : null),
  Maximum: (v) => (v.length ? Math.max(...v) : null),
  First: (v) => v[0] ?? null,
  Last: (v) => v[v.length - 1] ?? null,
  'Sum as Fraction of Total': sum,
  'Sum as Fraction of Rows': sum,
  'Sum as Fraction of Columns': sum,
  'Count as Fraction of Total': (v) => v.length,
  'Count as Fraction of Rows': (v) => v.length,
  'Count as Fraction of Columns': (v) => v.length,
};

function sum(v: number[]): number | null {
  return v.length ? v.reduce((a, b) => a + b, 0) : null;
}

function variance(v: number[]): number | null {
  if (v.length < 2) return null;
  const mean = sum(v)! / v.length;
  return v.reduce((a, b) => a + (b - mean) ** 2, 0) / (v.length - 1);
}

/** What a '... as Fraction of ...' aggregate divides by, or null for plain aggregates. */
export function fractionOf(aggregate: string): 'total' | 'row' | 'column' | null {
  const match = / as Fraction of (Total|Rows|Columns)$/.exec(aggregate);
  if (!match) return null;
  return match[1] === 'Total' ? 'total' : match[1] === 'Rows' ? 'row' : 'column';
}
