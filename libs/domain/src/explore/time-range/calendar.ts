/**
 * Calendar arithmetic on UTC instants. Strata evaluates every time range in UTC (the example data and the
 * server's databases store naive timestamps read as UTC), so 'today' is midnight UTC and a week starts
 * on Monday, as in Superset's date parser.
 */

export const CALENDAR_UNITS = ['second', 'minute', 'hour', 'day', 'week', 'month', 'quarter', 'year'] as const;
export type CalendarUnit = (typeof CALENDAR_UNITS)[number];

const MS = { second: 1000, minute: 60_000, hour: 3_600_000, day: 86_400_000, week: 604_800_000 } as const;

export function isCalendarUnit(text: string): text is CalendarUnit {
  return (CALENDAR_UNITS as readonly string[]).includes(text);
}

/** Units of a day or longer: expressions in them are anchored at midnight ('today'), not at 'now'. */
export function isDateUnit(unit: CalendarUnit): boolean {
  return unit !== 'second' && unit !== 'minute' && unit !== 'hour';
}

export function daysInMonth(year: number, monthIndex: number): number {
  return new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();
}

/** `date` plus `months` calendar months; a day past the end of the target month is clamped (Jan 31 + 1 month = Feb 28/29). */
export function addMonths(date: Date, months: number): Date {
  const total = date.getUTCFullYear() * 12 + date.getUTCMonth() + months;
  const year = Math.floor(total / 12);
  const month = total - year * 12;
  const day = Math.min(date.getUTCDate(), daysInMonth(year, month));
  return new Date(
    Date.UTC(
      year,
      month,
      day,
      date.getUTCHours(),
      date.getUTCMinutes(),
      date.getUTCSeconds(),
      date.getUTCMilliseconds(),
    ),
  );
}

/** `date` plus `amount` units (negative goes back). Months, quarters and years are calendar steps. */
export function addUnits(date: Date, amount: number, unit: CalendarUnit): Date {
  switch (unit) {
    case 'second':
    case 'minute':
    case 'hour':
    case 'day':
    case 'week':
      return new Date(date.getTime() + amount * MS[unit]);
    case 'month':
      return addMonths(date, amount);
    case 'quarter':
      return addMonths(date, amount * 3);
    case 'year':
      return addMonths(date, amount * 12);
  }
}

export function startOfDay(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}

/** Monday = 0 ... Sunday = 6, as Python's weekday(). */
export function isoWeekday(date: Date): number {
  return (date.getUTCDay() + 6) % 7;
}

/** The start of the unit that contains `date` (DATETRUNC). Weeks start on Monday. */
export function truncateTo(date: Date, unit: CalendarUnit): Date {
  const y = date.getUTCFullYear();
  const m = date.getUTCMonth();
  switch (unit) {
    case 'year':
      return new Date(Date.UTC(y, 0, 1));
    case 'quarter':
      return new Date(Date.UTC(y, m - (m % 3), 1));
    case 'month':
      return new Date(Date.UTC(y, m, 1));
    case 'week':
      return new Date(startOfDay(date).getTime() - isoWeekday(date) * MS.day);
    case 'day':
      return startOfDay(date);
    case 'hour':
    case 'minute':
    case 'second':
      return new Date(Math.floor(date.getTime() / MS[unit]) * MS[unit]);
  }
}

/** Midnight of the last day of the unit that contains `date` (LASTDAY); weeks end on Sunday. */
export function lastDayOf(date: Date, unit: Exclude<CalendarUnit, 'second' | 'minute' | 'hour'>): Date {
  const y = date.getUTCFullYear();
  const m = date.getUTCMonth();
  switch (unit) {
    case 'year':
      return new Date(Date.UTC(y, 11, 31));
    case 'quarter': {
      const last = m - (m % 3) + 2;
      return new Date(Date.UTC(y, last, daysInMonth(y, last)));
    }
    case 'month':
      return new Date(Date.UTC(y, m, daysInMonth(y, m)));
    case 'week':
      return new Date(truncateTo(date, 'week').getTime() + 6 * MS.day);
    case 'day':
      return startOfDay(date);
  }
}

/** 'YYYY-MM-DDTHH:MM:SS' in UTC, the form Superset shows an evaluated range in. */
export function formatDttm(date: Date): string {
  return date.toISOString().slice(0, 19);
}
