import { addUnits, truncateTo } from './time-range/calendar';

/**
 * Time grains (REFERENCE §2.1 extras.time_grain_sqla): ISO-8601 durations from a second to a year, plus
 * the week variants anchored on a weekday (an ISO interval with a reference week start or end). The
 * labels are the ones users of Superset know. charts-dashboards-reports §9: the choices run from 5 seconds to a year and the
 * default is P1D.
 */
export const TIME_GRAINS = [
  { grain: 'PT1S', label: 'Second' },
  { grain: 'PT5S', label: '5 second' },
  { grain: 'PT30S', label: '30 second' },
  { grain: 'PT1M', label: 'Minute' },
  { grain: 'PT5M', label: '5 minute' },
  { grain: 'PT10M', label: '10 minute' },
  { grain: 'PT15M', label: '15 minute' },
  { grain: 'PT30M', label: '30 minute' },
  { grain: 'PT0.5H', label: 'Half hour' },
  { grain: 'PT1H', label: 'Hour' },
  { grain: 'PT6H', label: '6 hour' },
  { grain: 'P1D', label: 'Day' },
  { grain: 'P1W', label: 'Week' },
  { grain: 'P1M', label: 'Month' },
  { grain: 'P3M', label: 'Quarter' },
  { grain: 'P1Y', label: 'Year' },
  { grain: '1969-12-28T00:00:00Z/P1W', label: 'Week starting Sunday' },
  { grain: '1969-12-29T00:00:00Z/P1W', label: 'Week starting Monday' },
  { grain: 'P1W/1970-01-03T00:00:00Z', label: 'Week ending Saturday' },
  { grain: 'P1W/1970-01-04T00:00:00Z', label: 'Week ending Sunday' },
] as const;

export type TimeGrain = (typeof TIME_GRAINS)[number]['grain'];

export const DEFAULT_TIME_GRAIN_VALUE: TimeGrain = 'P1D';

const GRAINS: ReadonlyMap<string, string> = new Map(TIME_GRAINS.map((g) => [g.grain, g.label]));

export function isTimeGrain(value: unknown): value is TimeGrain {
  return typeof value === 'string' && GRAINS.has(value);
}

export function timeGrainLabel(grain: TimeGrain): string {
  return GRAINS.get(grain)!;
}

/** Fixed-length grains in milliseconds; sub-hour grains divide an hour, hour grains divide a day. */
const FIXED_MS: Partial<Record<TimeGrain, number>> = {
  PT1S: 1000,
  PT5S: 5000,
  PT30S: 30_000,
  PT1M: 60_000,
  PT5M: 300_000,
  PT10M: 600_000,
  PT15M: 900_000,
  PT30M: 1_800_000,
  'PT0.5H': 1_800_000,
  PT1H: 3_600_000,
  PT6H: 21_600_000,
};

const DAY = 86_400_000;

/**
 * The start of the bucket of `grain` that holds `date` (UTC), what the generated SQL computes per row:
 * weeks start on Monday; 'Week starting Sunday' on Sunday; the 'Week ending' grains are labelled with the
 * Saturday or Sunday that ends the week. Used to align resampled and compared series with query output.
 */
export function truncateToTimeGrain(date: Date, grain: TimeGrain): Date {
  const fixed = FIXED_MS[grain];
  if (fixed !== undefined) return new Date(Math.floor(date.getTime() / fixed) * fixed);
  switch (grain) {
    case 'P1D':
      return truncateTo(date, 'day');
    case 'P1W':
    case '1969-12-29T00:00:00Z/P1W':
      return truncateTo(date, 'week');
    case 'P1M':
      return truncateTo(date, 'month');
    case 'P3M':
      return truncateTo(date, 'quarter');
    case 'P1Y':
      return truncateTo(date, 'year');
    case '1969-12-28T00:00:00Z/P1W':
      return new Date(truncateTo(addUnits(date, 1, 'day'), 'week').getTime() - DAY);
    case 'P1W/1970-01-03T00:00:00Z':
      return new Date(truncateTo(addUnits(date, 1, 'day'), 'week').getTime() + 5 * DAY);
    case 'P1W/1970-01-04T00:00:00Z':
      return new Date(truncateTo(date, 'week').getTime() + 6 * DAY);
    default:
      throw new Error(`No truncation for time grain ${grain}`);
  }
}
