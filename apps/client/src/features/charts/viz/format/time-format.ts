import { utcFormat } from 'd3-time-format';

export type TimeFormatter = (value: number | Date | null | undefined) => string;

export const SMART_DATE = 'smart_date';
export const SMART_DATE_VERBOSE = 'smart_date_verbose';

interface MultiFormats {
  millisecond: string;
  second: string;
  minute: string;
  hour: string;
  day: string;
  week: string;
  month: string;
  year: string;
}

const SMART: MultiFormats = {
  millisecond: '.%Lms',
  second: ':%Ss',
  minute: '%H:%M',
  hour: '%H:%M',
  day: '%a %d',
  week: '%b %d',
  month: '%B',
  year: '%Y',
};

const VERBOSE: MultiFormats = {
  millisecond: '.%L',
  second: '%a %b %d, %H:%M:%S',
  minute: '%a %b %d, %H:%M',
  hour: '%a %b %d, %H:%M',
  day: '%a %b %-d',
  week: '%a %b %-d',
  month: '%b %Y',
  year: '%Y',
};

/**
 * The adaptive ("smart") date format: the coarsest unit that still tells the value apart, like axis
 * labels on a timeline (2020, February, Mar 08, Tue 10, 14:00). Dates are UTC: the server returns
 * timestamps of the database's naive time columns as epoch ms in UTC.
 */
function multiFormat(formats: MultiFormats): (date: Date) => string {
  const f = Object.fromEntries(Object.entries(formats).map(([k, v]) => [k, utcFormat(v)])) as Record<
    keyof MultiFormats,
    (d: Date) => string
  >;
  return (date) => {
    if (date.getUTCMilliseconds() !== 0) return f.millisecond(date);
    if (date.getUTCSeconds() !== 0) return f.second(date);
    if (date.getUTCMinutes() !== 0) return f.minute(date);
    if (date.getUTCHours() !== 0) return f.hour(date);
    if (date.getUTCDate() !== 1) return date.getUTCDay() === 0 ? f.week(date) : f.day(date);
    if (date.getUTCMonth() !== 0) return f.month(date);
    return f.year(date);
  };
}

/** Epoch ms from what the server sends for a temporal value: epoch ms, or an ISO string (UTC when it has no zone). */
export function toEpochMs(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  if (value instanceof Date) return value.getTime();
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string') {
    const trimmed = value.trim();
    if (/^-?\d+(\.\d+)?$/.test(trimmed)) return Number(trimmed);
    const hasZone = /(Z|[+-]\d\d:?\d\d)$/i.test(trimmed);
    const iso = trimmed.includes(' ') && !trimmed.includes('T') ? trimmed.replace(' ', 'T') : trimmed;
    const ms = Date.parse(hasZone || !/T|\d:\d/.test(iso) ? iso : `${iso}Z`);
    return Number.isNaN(ms) ? null : ms;
  }
  return null;
}

const cache = new Map<string, TimeFormatter>();

/** A formatter for a strftime-style format ('%Y-%m-%d', '%d/%m/%Y %H:%M'), smart_date or smart_date_verbose. */
export function getTimeFormatter(format?: string | null): TimeFormatter {
  const key = format && format.trim() ? format.trim() : SMART_DATE;
  const cached = cache.get(key);
  if (cached) return cached;
  const base =
    key === SMART_DATE ? multiFormat(SMART) : key === SMART_DATE_VERBOSE ? multiFormat(VERBOSE) : utcFormat(key);
  const formatter: TimeFormatter = (value) => {
    if (value === null || value === undefined) return 'N/A';
    const date = value instanceof Date ? value : new Date(value);
    return Number.isNaN(date.getTime()) ? String(value) : base(date);
  };
  cache.set(key, formatter);
  return formatter;
}
