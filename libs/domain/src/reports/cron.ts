/**
 * A schedule's cron, read in its IANA time zone by croner (a maintained library that handles DST):
 * Superset's users see reports fire hours off when the cron is read in the server's zone (REFERENCE.md,
 * #40047). Pure: the instants depend only on the crontab, the zone and `after`, never on the clock.
 */
import { Cron } from 'croner';
import { ReportFieldError } from './report-field-error';

const MAX_CRONTAB = 1000;

/**
 * Five fields, as the spec's crontab and Superset's croniter read them. At a DST change, a time that is
 * skipped runs at the first time after the gap and a time that occurs twice runs once, for a job with a
 * fixed minute and hour (lists and ranges too), as Vixie cron does ('no-wildcard'); a job with `*` or a
 * step in its minute or hour runs on the times that exist.
 */
function cronOf(crontab: string, timezone: string): Cron {
  return new Cron(crontab, { timezone, mode: '5-part', fixedTimeRule: 'no-wildcard', paused: true });
}

/** The crontab, trimmed, or a ReportFieldError on `crontab` saying what is wrong with it. */
export function checkCrontab(crontab: unknown): string {
  if (typeof crontab !== 'string' || crontab.trim() === '')
    throw new ReportFieldError('crontab', 'A schedule needs a cron expression.');
  const text = crontab.trim();
  if (text.length > MAX_CRONTAB) throw new ReportFieldError('crontab', `At most ${MAX_CRONTAB} characters.`);
  // croner also reads nicknames ('@daily') and 6 or 7 fields; the spec's crontab is 5 fields.
  if (text.split(/\s+/).length !== 5)
    throw new ReportFieldError(
      'crontab',
      `'${text}' is not a cron expression of 5 fields (minute hour day month weekday).`,
    );
  try {
    cronOf(text, 'UTC');
  } catch (error) {
    const why = error instanceof Error ? error.message.replace(/^CronPattern:\s*/, '') : String(error);
    throw new ReportFieldError('crontab', `'${text}' is not a valid cron expression (${why}).`);
  }
  return text;
}

/** Whether the runtime's time zone database knows this IANA name (offsets such as '+01:00' are not names). */
export function isTimeZone(timezone: unknown): timezone is string {
  if (typeof timezone !== 'string' || !/^[A-Za-z]/.test(timezone)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: timezone });
    return true;
  } catch {
    return false;
  }
}

export function checkTimezone(timezone: unknown): string {
  if (!isTimeZone(timezone))
    throw new ReportFieldError(
      'timezone',
      `${JSON.stringify(timezone)} is not an IANA time zone name (e.g. 'Europe/Paris').`,
    );
  return timezone;
}

/**
 * The next `n` instants strictly after `after` at which the cron fires, read in `timezone`. The server's
 * scheduler and the report modal's "next runs" use the same function.
 */
export function nextRuns(crontab: string, timezone: string, after: Date, n: number): Date[] {
  return cronOf(checkCrontab(crontab), checkTimezone(timezone)).nextRuns(n, after);
}

/** The fire times in (from, to], oldest first: what a scheduler that woke at `to` and last looked at `from` owes. */
export function runsBetween(crontab: string, timezone: string, from: Date, to: Date, limit = 1000): Date[] {
  const cron = cronOf(checkCrontab(crontab), checkTimezone(timezone));
  const runs: Date[] = [];
  let next = cron.nextRun(from);
  while (next !== null && next.getTime() <= to.getTime() && runs.length < limit) {
    runs.push(next);
    next = cron.nextRun(next);
  }
  return runs;
}
