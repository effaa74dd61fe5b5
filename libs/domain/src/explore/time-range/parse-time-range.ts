import { NO_TIME_RANGE } from '../controls/constants';
import { addUnits, isDateUnit, lastDayOf, truncateTo, type CalendarUnit } from './calendar';
import { DATE_EXPRESSION, evaluateDateExpression } from './date-expression';
import { parseHumanDatetime } from './human-datetime';
import { TimeRangeError, TimeRangeMessages } from './time-range-error';

/** Between the two ends of a range: '2020-01-01 : now'. */
export const TIME_RANGE_SEPARATOR = ' : ';

/** The evaluated range: since inclusive, until exclusive; null is an open end. */
export interface TimeRangeBounds {
  since: Date | null;
  until: Date | null;
}

export interface TimeRangeOptions {
  /** extras.relative_start: what 'Next ...' and 'last N units' count from ('today' or 'now'). */
  relativeStart?: string;
  /** extras.relative_end: what 'Last ...' runs up to ('today' or 'now'). */
  relativeEnd?: string;
}

const UNIT = '(second|minute|hour|day|week|month|quarter|year)s?';
const SHORTHAND = new RegExp(`^(?:last|next)\\s+(?:\\d+\\s*)?${UNIT}$`, 'i');
const START_END = new RegExp(
  `^(start of|beginning of|end of)\\s+(this|last|next|prior)\\s+(\\d+)?\\s*(day|week|month|quarter|year)s?$`,
  'i',
);
const SCOPED = new RegExp(`^(this|last|next|prior)\\s+(\\d+)?\\s*${UNIT}$`, 'i');

/** Named ranges that stand for a whole expression (calendar periods). */
const CALENDAR_RANGES: Record<string, (unitExpr: string) => string> = {};
for (const unit of ['week', 'month', 'quarter', 'year']) {
  CALENDAR_RANGES[`previous calendar ${unit}`] = () =>
    `DATETRUNC(DATEADD(DATETIME('today'), -1, ${unit}), ${unit}) : DATETRUNC(DATETIME('today'), ${unit})`;
}
for (const unit of ['day', 'week', 'month', 'quarter', 'year']) {
  CALENDAR_RANGES[`current ${unit}`] = () =>
    `DATETRUNC(DATETIME('today'), ${unit}) : DATETRUNC(DATEADD(DATETIME('today'), 1, ${unit}), ${unit})`;
}

/** Sub-day units count from 'now', longer ones from 'today' (midnight), unless the query says otherwise. */
function relativeBase(unit: CalendarUnit, explicit: string | undefined): string {
  return explicit ?? (isDateUnit(unit) ? 'today' : 'now');
}

function shorthandBase(range: string, explicit: string | undefined): string {
  const m = SHORTHAND.exec(range);
  return explicit ?? (m ? relativeBase(m[1]!.toLowerCase() as CalendarUnit, undefined) : 'today');
}

/**
 * The dates of a chart's time range, evaluated against `now` (UTC). Accepted, as in Superset:
 * - 'No filter' (or nothing): no bounds;
 * - 'Last day|week|month|quarter|year', 'Last N seconds|minutes|hours|days|weeks|months|quarters|years'
 *   (up to today, or now for sub-day units), 'Next N units' (from today or now);
 * - 'previous calendar week|month|quarter|year', 'Current day|week|month|quarter|year';
 * - 'start : end' where each side is empty (open), an ISO date or date-time, now, today, '7 days ago',
 *   '2 weeks later', 'this|last|next|prior [N] unit', 'start of|end of this|last|next|prior [N] unit', or a
 *   DATEADD/DATETRUNC/LASTDAY/DATETIME expression.
 * Throws TimeRangeError for text it cannot read and 'From date cannot be larger than to date'.
 */
export function parseTimeRange(
  timeRange: string | null | undefined,
  now: Date,
  options: TimeRangeOptions = {},
): TimeRangeBounds {
  let range = timeRange ?? '';
  const trimmed = range.trim();
  if (trimmed === '' || trimmed.toLowerCase() === NO_TIME_RANGE.toLowerCase()) return { since: null, until: null };
  // Not trimmed before this test: ' : 2020-01-01' is an open start, not the text ': 2020-01-01'.
  if (!range.includes(TIME_RANGE_SEPARATOR)) range = expandShorthand(trimmed, options);
  const at = range.indexOf(TIME_RANGE_SEPARATOR);
  const sinceText = range.slice(0, at).trim();
  const untilText = range.slice(at + TIME_RANGE_SEPARATOR.length).trim();
  const since = sinceText === '' ? null : evaluateEndpoint(sinceText, now, options);
  const until = untilText === '' ? null : evaluateEndpoint(untilText, now, options);
  if (since && until && since.getTime() > until.getTime()) throw new TimeRangeError(TimeRangeMessages.FROM_AFTER_TO);
  return { since, until };
}

function expandShorthand(range: string, options: TimeRangeOptions): string {
  const lower = range.toLowerCase();
  if (/^last\s/.test(lower)) return `${range}${TIME_RANGE_SEPARATOR}${shorthandBase(range, options.relativeEnd)}`;
  if (/^next\s/.test(lower)) return `${shorthandBase(range, options.relativeStart)}${TIME_RANGE_SEPARATOR}${range}`;
  const calendar = CALENDAR_RANGES[lower.replace(/\s+/g, ' ')];
  if (calendar) return calendar('');
  throw TimeRangeError.cannotParse(range);
}

/** One side of 'start : end'. */
export function evaluateEndpoint(text: string, now: Date, options: TimeRangeOptions = {}): Date {
  const startEnd = START_END.exec(text);
  if (startEnd) {
    const unit = startEnd[4]!.toLowerCase() as 'day' | 'week' | 'month' | 'quarter' | 'year';
    const base = scoped(startEnd[2]!, startEnd[3], unit, now, options.relativeStart);
    return /^end/i.test(startEnd[1]!) ? lastDayOf(base, unit) : truncateTo(base, unit);
  }
  const scope = SCOPED.exec(text);
  if (scope) return scoped(scope[1]!, scope[2], scope[3]!.toLowerCase() as CalendarUnit, now, options.relativeStart);
  if (DATE_EXPRESSION.test(text)) return evaluateDateExpression(text, now);
  return parseHumanDatetime(text, now);
}

function scoped(
  scope: string,
  delta: string | undefined,
  unit: CalendarUnit,
  now: Date,
  relativeStart: string | undefined,
): Date {
  const base = parseHumanDatetime(relativeBase(unit, relativeStart), now);
  const n = delta ? Number(delta) : 1;
  switch (scope.toLowerCase()) {
    case 'this':
      return base;
    case 'next':
      return addUnits(base, n, unit);
    default:
      return addUnits(base, -n, unit);
  }
}
