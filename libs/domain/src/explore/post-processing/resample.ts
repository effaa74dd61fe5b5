import { addMonths, daysInMonth, startOfDay } from '../time-range/calendar';
import {
  isMissing,
  PostProcessingError,
  temporalLike,
  toNumber,
  toTime,
  valueColumns,
  type DataFrame,
} from './data-frame';
import { Options } from './options';
import { mean, median, sum } from './stats';

/** REFERENCE §2.3 resample methods (charts-dashboards-reports §9 lists asfreq, bfill, ffill, median, mean, sum). */
export const RESAMPLE_METHODS = ['asfreq', 'bfill', 'ffill', 'linear', 'median', 'mean', 'sum'] as const;

const DAY = 86_400_000;
/** More rows than a chart can draw; also the bound on the work one request may cause. */
export const MAX_RESAMPLE_ROWS = 500_000;
const FIXED: Record<string, number> = { S: 1000, T: 60_000, MIN: 60_000, H: 3_600_000, D: DAY };
const WEEKDAYS = ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'];

/** How a pandas offset alias buckets time: the label of the bucket of t, and the label after a label. */
interface Rule {
  label(t: number, origin: number): number;
  next(label: number): number;
  /** The first label at or after t (for filling a whole queried range). */
  ceil(t: number, origin: number): number;
}

const endOfMonth = (t: number, monthsAhead = 0): number => {
  const d = addMonths(new Date(Date.UTC(new Date(t).getUTCFullYear(), new Date(t).getUTCMonth(), 1)), monthsAhead);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), daysInMonth(d.getUTCFullYear(), d.getUTCMonth()));
};
const day = (t: number): number => startOfDay(new Date(t)).getTime();

/** A period anchored on the calendar: its end (closed right, labelled by the end, pandas 'M', 'Q', 'A', 'W') or its start ('MS', 'QS', 'AS'). */
function anchored(stepMonths: number, startMonthOf: (month: number) => number, atEnd: boolean): Rule {
  const periodStart = (t: number) => {
    const d = new Date(t);
    return Date.UTC(d.getUTCFullYear(), startMonthOf(d.getUTCMonth()), 1);
  };
  if (atEnd) {
    // The bucket of a day is the period that contains it, labelled by the period's last day.
    const label = (t: number) => endOfMonth(periodStart(day(t)), stepMonths - 1);
    return { label, next: (l) => endOfMonth(l, stepMonths), ceil: (t) => label(t) };
  }
  const label = (t: number) => periodStart(t);
  const next = (l: number) => addMonths(new Date(l), stepMonths).getTime();
  return { label, next, ceil: (t) => (label(t) === t ? t : next(label(t))) };
}

function parseRule(text: string): Rule {
  const m = /^(\d*)\s*([A-Za-z]+)(?:-([A-Za-z]{3}))?$/.exec(text.trim());
  if (!m) throw new PostProcessingError('Invalid resample rule: %s', text);
  const n = m[1] ? Number(m[1]) : 1;
  const unit = m[2]!.toUpperCase();
  const fixed = FIXED[unit];
  if (fixed !== undefined && n > 0 && !m[3]) {
    const step = n * fixed;
    const label = (t: number, origin: number) => origin + Math.floor((t - origin) / step) * step;
    return { label, next: (l) => l + step, ceil: (t, origin) => origin + Math.ceil((t - origin) / step) * step };
  }
  if (n !== 1) throw new PostProcessingError('Invalid resample rule: %s', text);
  if (unit === 'W') {
    const anchor = WEEKDAYS.indexOf((m[3] ?? 'SUN').toUpperCase());
    if (anchor < 0) throw new PostProcessingError('Invalid resample rule: %s', text);
    // Weeks end on the anchor day (W = W-SUN) and are labelled by it.
    const label = (t: number) => {
      const d = day(t);
      const weekday = (new Date(d).getUTCDay() + 6) % 7;
      return d + ((anchor - weekday + 7) % 7) * DAY;
    };
    return { label, next: (l) => l + 7 * DAY, ceil: label };
  }
  if (m[3]) throw new PostProcessingError('Invalid resample rule: %s', text);
  switch (unit) {
    case 'M':
    case 'ME':
      return anchored(1, (mo) => mo, true);
    case 'MS':
      return anchored(1, (mo) => mo, false);
    case 'Q':
    case 'QE':
      return anchored(3, (mo) => mo - (mo % 3), true);
    case 'QS':
      return anchored(3, (mo) => mo - (mo % 3), false);
    case 'A':
    case 'Y':
    case 'YE':
      return anchored(12, () => 0, true);
    case 'AS':
    case 'YS':
      return anchored(12, () => 0, false);
    default:
      throw new PostProcessingError('Invalid resample rule: %s', text);
  }
}

/**
 * pandas df.resample(rule).<method>() on a frame indexed by time (REFERENCE §2.3 resample), charts-dashboards-reports §9 rules
 * 1T, 1H, 1D, 7D, 1M, 1AS and the other pandas aliases (S, T/min, H, D with a multiple; W[-DAY]; M/ME and
 * MS; Q and QS; A/Y and AS/YS). Fixed rules bucket from midnight of the first day ('start_day').
 * Methods: asfreq (the value at each label exactly; fill_value fills the gaps, over the whole queried range
 * when time_range_start/end are given), ffill/bfill (the last value at or before / first at or after a
 * label, then gaps filled), linear (asfreq then linear interpolation between present values), sum (0 for
 * an empty bucket), mean and median (null for an empty bucket).
 */
export function resample(frame: DataFrame, raw: Record<string, unknown> | undefined): DataFrame {
  const o = new Options('resample', raw);
  const indexColumn = frame.index?.length === 1 ? frame.index[0]! : undefined;
  const times = indexColumn === undefined ? [] : frame.rows.map((r) => toTime(r[indexColumn]));
  if (indexColumn === undefined || times.some((t) => t === null))
    throw new PostProcessingError('Resample operation requires DatetimeIndex');
  const method = o.requiredString('method');
  if (!(RESAMPLE_METHODS as readonly string[]).includes(method)) {
    throw new PostProcessingError(`Resample method should be in ${RESAMPLE_METHODS.join(', ')}.`);
  }
  const rule = parseRule(o.requiredString('rule'));
  const fillValue = o.number('fill_value');
  if (frame.rows.length === 0) return frame;

  const order = times.map((t, i) => ({ t: t!, row: frame.rows[i]! })).sort((a, b) => a.t - b.t);
  const rangeStart = o.has('time_range_start') ? toTime(o.raw('time_range_start')) : null;
  const rangeEnd = o.has('time_range_end') ? toTime(o.raw('time_range_end')) : null;
  const fullRange = method === 'asfreq' && fillValue !== undefined && rangeStart !== null && rangeEnd !== null;
  const origin = fullRange ? rangeStart : day(order[0]!.t);

  const labelSet = new Set<number>();
  const addLabel = (l: number) => {
    labelSet.add(l);
    // A one-second rule over years would build hundreds of millions of rows: refuse it instead.
    if (labelSet.size > MAX_RESAMPLE_ROWS)
      throw new PostProcessingError(
        'Resampling to %s would give more than %s rows',
        o.requiredString('rule'),
        MAX_RESAMPLE_ROWS,
      );
  };
  for (
    let l = rule.label(order[0]!.t, origin), last = rule.label(order[order.length - 1]!.t, origin);
    l <= last;
    l = rule.next(l)
  )
    addLabel(l);
  if (fullRange) for (let l = rule.ceil(rangeStart, origin); l < rangeEnd; l = rule.next(l)) addLabel(l);
  const labels = [...labelSet].sort((a, b) => a - b);

  const columns = valueColumns(frame);
  const make = temporalLike(frame.rows[0]![indexColumn]);
  const out = labels.map((l) => ({ [indexColumn]: make(l) }) as Record<string, unknown>);
  const numericOf = (rows: typeof order, c: string) =>
    rows.map((x) => toNumber(x.row[c])).filter((v): v is number => v !== null);

  if (method === 'sum' || method === 'mean' || method === 'median') {
    const buckets = new Map<number, typeof order>(labels.map((l) => [l, []]));
    for (const x of order) buckets.get(rule.label(x.t, origin))?.push(x);
    const fn = method === 'sum' ? sum : method === 'mean' ? mean : median;
    out.forEach((row, i) => {
      const bucket = buckets.get(labels[i]!)!;
      for (const c of columns) {
        const v = fn(numericOf(bucket, c));
        row[c] = Number.isNaN(v) ? null : v;
      }
    });
  } else {
    const exact = new Map<number, Record<string, unknown>>();
    for (const x of order) exact.set(x.t, x.row);
    // Labels and rows are both sorted: one pass with two cursors finds the rows at or around each label.
    let upTo = 0; // rows before it are at or before the label
    let from = 0; // rows before it are strictly before the label
    out.forEach((row, i) => {
      const l = labels[i]!;
      while (upTo < order.length && order[upTo]!.t <= l) upTo++;
      while (from < order.length && order[from]!.t < l) from++;
      let source: Record<string, unknown> | undefined = exact.get(l);
      if (method === 'ffill') source = order[upTo - 1]?.row;
      if (method === 'bfill') source = order[from]?.row;
      for (const c of columns) row[c] = source && !isMissing(source[c]) ? source[c] : null;
    });
    for (const c of columns) {
      if (method === 'ffill') fillDown(out, c);
      if (method === 'bfill') fillDown([...out].reverse(), c);
      if (method === 'linear') interpolate(out, c);
      if (method === 'asfreq' && fillValue !== undefined) for (const r of out) if (r[c] === null) r[c] = fillValue;
    }
  }
  return { ...frame, columns: [indexColumn, ...columns], rows: out };
}

function fillDown(rows: Record<string, unknown>[], c: string): void {
  let last: unknown = null;
  for (const r of rows) {
    if (r[c] === null) r[c] = last;
    else last = r[c];
  }
}

/** pandas interpolate(method='linear'): by position; leading gaps stay empty, trailing gaps take the last value. */
function interpolate(rows: Record<string, unknown>[], c: string): void {
  const known = rows
    .map((r, i) => ({ i, v: toNumber(r[c]) }))
    .filter((x): x is { i: number; v: number } => x.v !== null);
  if (known.length === 0) return;
  for (let k = 0; k < known.length; k++) {
    const a = known[k]!;
    const b = known[k + 1];
    const end = b ? b.i : rows.length;
    for (let i = a.i + 1; i < end; i++) rows[i]![c] = b ? a.v + ((b.v - a.v) * (i - a.i)) / (b.i - a.i) : a.v;
  }
}
