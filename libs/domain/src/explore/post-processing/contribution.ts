import {
  finiteOrNull,
  isMissing,
  PostProcessingError,
  toNumber,
  valueColumns,
  withColumns,
  type DataFrame,
} from './data-frame';
import { Options } from './options';
import { TIME_COMPARISON_SEPARATOR } from './compare';

/** Columns whose present cells are all numbers (an all-empty column counts: it contributes zeros). */
function numericColumns(frame: DataFrame): string[] {
  return valueColumns(frame).filter((c) =>
    frame.rows.every((r) => isMissing(r[c]) || (toNumber(r[c]) !== null && typeof r[c] !== 'boolean')),
  );
}

/**
 * REFERENCE §2.3 contribution: each numeric cell as a share of its column total (orientation 'column', the
 * default) or of its row total ('row'; time-shifted columns 'x__1 year ago' are totalled separately per
 * shift). Missing cells count as 0. `columns` limits the columns, `rename_columns` writes the shares to
 * new columns ('%SUM(x)') instead of replacing, `contribution_totals` supplies the column totals (from the
 * totals query when rows were limited).
 */
export function contribution(frame: DataFrame, raw: Record<string, unknown> | undefined): DataFrame {
  const o = new Options('contribution', raw);
  const orientation = o.string('orientation') ?? 'column';
  if (orientation !== 'row' && orientation !== 'column')
    throw new PostProcessingError('Invalid option orientation for contribution: expected row or column');
  const numeric = numericColumns(frame);
  const requested = o.strings('columns');
  for (const c of requested) {
    if (!numeric.includes(c))
      throw new PostProcessingError('Column "%s" is not numeric or does not exists in the query results.', c);
  }
  const actual = requested.length > 0 ? requested : numeric;
  const renamed = o.has('rename_columns') ? o.strings('rename_columns') : actual;
  if (renamed.length !== actual.length)
    throw new PostProcessingError('`rename_columns` must have the same length as `columns` + `time_shift_columns`.');
  const values = (c: string) => frame.rows.map((r) => toNumber(r[c]) ?? 0);
  const shares: (number | null)[][] = [];

  if (orientation === 'column') {
    const totals = o.record('contribution_totals');
    actual.forEach((c) => {
      const given = totals[c];
      if (o.has('contribution_totals')) {
        const total = typeof given === 'number' ? given : 0;
        shares.push(values(c).map((v) => (total === 0 ? 0 : finiteOrNull(v / total))));
      } else {
        const total = values(c).reduce((a, b) => a + b, 0);
        shares.push(values(c).map((v) => finiteOrNull(v / total)));
      }
    });
  } else {
    const shifts = o.strings('time_shifts');
    const groupOf = (c: string) => shifts.find((s) => c.endsWith(`${TIME_COMPARISON_SEPARATOR}${s}`)) ?? '';
    const groups = new Map<string, string[]>();
    for (const c of actual) groups.set(groupOf(c), [...(groups.get(groupOf(c)) ?? []), c]);
    // Row totals once per shift group, not once per cell.
    const totals = new Map(
      [...groups].map(([shift, members]) => [
        shift,
        frame.rows.map((r) => members.reduce((acc, m) => acc + (toNumber(r[m]) ?? 0), 0)),
      ]),
    );
    actual.forEach((c) => {
      const rowTotals = totals.get(groupOf(c))!;
      shares.push(frame.rows.map((r, j) => finiteOrNull((toNumber(r[c]) ?? 0) / rowTotals[j]!)));
    });
  }

  const columns = [...frame.columns];
  const rows = frame.rows.map((r) => ({ ...r }));
  renamed.forEach((name, i) => {
    if (!columns.includes(name)) columns.push(name);
    rows.forEach((r, j) => (r[name] = shares[i]![j]));
  });
  return withColumns(frame, columns, rows);
}
