import { addUnits, isCalendarUnit, isDateUnit, startOfDay, type CalendarUnit } from './calendar';
import { TimeRangeError } from './time-range-error';

const UNIT = '(second|minute|hour|day|week|month|quarter|year)s?';
const BARE_PERIOD = new RegExp(`^(\\d+)\\s+${UNIT}$`, 'i');
const RELATIVE = new RegExp(
  `^(?:in\\s+)?(\\d+)\\s+${UNIT}(?:\\s+(ago|later|before now|after now|from now|hence))?$`,
  'i',
);
const ISO =
  /^(\d{4})(?:[-/](\d{1,2})(?:[-/](\d{1,2}))?)?(?:[T ](\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

/**
 * One point in time written by a person: an ISO date or date-time ('2020-01-01', '2020-01-01T10:30:00',
 * with an optional Z or offset; without one it is UTC), 'now', 'today', 'yesterday', 'tomorrow', or a
 * relative phrase ('7 days ago', '2 weeks later', '3 hours ago', 'in 1 year'). A phrase in days or longer
 * lands on midnight and one in hours or shorter keeps the time of day, as Superset's parser does. '7 days'
 * without 'ago' or 'later' is refused as ambiguous. A missing month or day is the first ('2020' is
 * 2020-01-01).
 */
export function parseHumanDatetime(text: string, now: Date): Date {
  const value = text.trim();
  const lower = value.toLowerCase();
  if (BARE_PERIOD.test(value)) throw TimeRangeError.ambiguous(value);
  if (lower === 'now') return new Date(now.getTime());
  if (lower === 'today') return startOfDay(now);
  if (lower === 'yesterday') return addUnits(startOfDay(now), -1, 'day');
  if (lower === 'tomorrow') return addUnits(startOfDay(now), 1, 'day');
  const iso = parseIsoLike(value);
  if (iso) return iso;
  const relative = RELATIVE.exec(value);
  if (relative && (relative[3] !== undefined || /^in\s/i.test(value))) {
    const unit = relative[2]!.toLowerCase() as CalendarUnit;
    const direction = relative[3] && /ago|before/i.test(relative[3]) ? -1 : 1;
    const shifted = addUnits(now, direction * Number(relative[1]), unit);
    return isDateUnit(unit) ? startOfDay(shifted) : shifted;
  }
  throw TimeRangeError.cannotParse(value);
}

function parseIsoLike(value: string): Date | null {
  const m = ISO.exec(value);
  if (!m) return null;
  const [year, month, day, hour, minute, second] = [
    m[1],
    m[2] ?? '1',
    m[3] ?? '1',
    m[4] ?? '0',
    m[5] ?? '0',
    m[6] ?? '0',
  ].map(Number) as [number, number, number, number, number, number];
  const ms = m[7] ? Math.floor(Number(`0.${m[7]}`) * 1000) : 0;
  if (month < 1 || month > 12 || hour > 23 || minute > 59 || second > 59) throw TimeRangeError.cannotParse(value);
  const utc = Date.UTC(year, month - 1, day, hour, minute, second, ms);
  const check = new Date(utc);
  // Date.UTC rolls 2020-02-30 over into March; a date that does not exist is an error, not a guess.
  if (check.getUTCDate() !== day || check.getUTCMonth() !== month - 1) throw TimeRangeError.cannotParse(value);
  return new Date(utc - offsetMinutes(m[8]) * 60_000);
}

function offsetMinutes(zone: string | undefined): number {
  if (!zone || zone.toUpperCase() === 'Z') return 0;
  const digits = zone.slice(1).replace(':', '');
  const minutes = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2) || '0');
  return zone.startsWith('-') ? -minutes : minutes;
}

const OFFSET = new RegExp(`^(\\d+)\\s+${UNIT}\\s+(ago|later|before|after)$`, 'i');

/**
 * A time offset of time comparison ('1 year ago', '52 weeks ago', '28 days ago', '2 weeks later') applied
 * to a point: the time of day is kept, months and years are calendar steps. Used to shift the queried
 * range of a `time_offsets` query.
 */
export function applyTimeOffset(date: Date, offset: string): Date {
  const value = offset.trim();
  const m = OFFSET.exec(value);
  if (!m) {
    if (BARE_PERIOD.test(value)) throw TimeRangeError.ambiguousDelta(value);
    throw TimeRangeError.cannotParse(value);
  }
  const unit = m[2]!.toLowerCase();
  if (!isCalendarUnit(unit)) throw TimeRangeError.cannotParse(value);
  const direction = /ago|before/i.test(m[3]!) ? -1 : 1;
  return addUnits(date, direction * Number(m[1]), unit);
}

/** True when `offset` is a time offset `applyTimeOffset` understands. */
export function isTimeOffset(offset: string): boolean {
  return OFFSET.test(offset.trim());
}
