/**
 * The friendly schedule picker's choices and the cron they stand for (5 fields, read in the report's time
 * zone by the server). A cron that is none of them is "Custom": the raw cron is always shown and editable.
 */
export type ScheduleKind = 'day' | 'week' | 'month' | 'weekdays' | 'custom';

export interface Schedule {
  kind: ScheduleKind;
  /** HH:MM, 24 h. */
  time: string;
  /** 0 (Sunday) to 6, for `week`. */
  weekday: number;
  /** 1 to 31, for `month`. */
  monthDay: number;
}

export const SCHEDULE_KINDS: { kind: ScheduleKind; label: string }[] = [
  { kind: 'day', label: 'Every day' },
  { kind: 'week', label: 'Every week' },
  { kind: 'month', label: 'Every month' },
  { kind: 'weekdays', label: 'Weekdays (Monday to Friday)' },
  { kind: 'custom', label: 'Custom' },
];

export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** Superset's ALERT_REPORTS_DEFAULT_CRON_VALUE: every day at midnight. */
export const DEFAULT_CRONTAB = '0 0 * * *';

const pad = (n: number) => String(n).padStart(2, '0');
const int = (field: string, min: number, max: number): number | null => {
  if (!/^\d{1,2}$/.test(field)) return null;
  const n = Number(field);
  return n >= min && n <= max ? n : null;
};

/** The picker's reading of a cron: one of the friendly choices, or custom (keeping the last time shown). */
export function scheduleOf(crontab: string, previous?: Schedule): Schedule {
  const fallback: Schedule = previous
    ? { ...previous, kind: 'custom' }
    : { kind: 'custom', time: '00:00', weekday: 1, monthDay: 1 };
  const fields = crontab.trim().split(/\s+/);
  if (fields.length !== 5) return fallback;
  const [m, h, dom, month, dow] = fields as [string, string, string, string, string];
  const minute = int(m, 0, 59);
  const hour = int(h, 0, 23);
  if (minute === null || hour === null || month !== '*') return fallback;
  const base = { ...fallback, time: `${pad(hour)}:${pad(minute)}` };
  if (dom === '*' && dow === '*') return { ...base, kind: 'day' };
  if (dom === '*' && dow === '1-5') return { ...base, kind: 'weekdays' };
  const weekday = dom === '*' ? int(dow, 0, 7) : null;
  if (weekday !== null) return { ...base, kind: 'week', weekday: weekday % 7 };
  const monthDay = dow === '*' ? int(dom, 1, 31) : null;
  if (monthDay !== null) return { ...base, kind: 'month', monthDay };
  return fallback;
}

/** The cron of a friendly choice; null for custom (the raw cron is the user's). */
export function cronOf(schedule: Schedule): string | null {
  const [h = '0', m = '0'] = schedule.time.split(':');
  const at = `${Number(m)} ${Number(h)}`;
  switch (schedule.kind) {
    case 'day':
      return `${at} * * *`;
    case 'week':
      return `${at} * * ${schedule.weekday}`;
    case 'month':
      return `${at} ${schedule.monthDay} * *`;
    case 'weekdays':
      return `${at} * * 1-5`;
    case 'custom':
      return null;
  }
}

/** The browser's IANA time zone, the picker's default. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** The zones offered: the engine's list, with UTC and the current value always in it. */
export function timeZones(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set(['UTC', current, ...known])].sort((a, b) =>
    a === 'UTC' ? -1 : b === 'UTC' ? 1 : a.localeCompare(b),
  );
}
