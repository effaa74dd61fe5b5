/**
 * Which scheduled time a schedule owes at `now`: the scheduler's catch-up rule, pure.
 *
 * Superset's beat runs every minute and triggers the cron times inside a small window around now
 * (ALERT_REPORTS_CRON_WINDOW_SIZE): a time missed while no worker ran is never sent. Here a scheduler that
 * wakes late (a slow tick, a restart, a BullMQ job delivered after its worker came back) still owes the
 * last time it missed, but only that one and only within a bounded look-back: a server down for a day
 * sends a daily report once when it comes back, never a flood of stale ones, and a report missed by more
 * than the look-back is skipped, as Superset skips it.
 */
import { runsBetween } from '@strata/domain';

/** Default look-back: a restart within the hour catches up the last missed time; later, it is skipped. */
export const DEFAULT_LOOKBACK_MS = 3_600_000;

export interface ScheduleTimes {
  crontab: string;
  timezone: string;
  /** When the schedule was created: a time before it is not owed (creating a 9:05 report never sends 9:00's). */
  createdOn: string;
  /** The latest scheduled time that started (the runs' fold `recentScheduledAt`), or null. */
  lastScheduledAt: string | null;
}

/** The scheduled time owed at `now`, or null: the last cron time in (from, now], from = the latest of the
 * last started time, the creation and now - lookback. */
export function dueRun(schedule: ScheduleTimes, now: Date, lookbackMs = DEFAULT_LOOKBACK_MS): Date | null {
  const from = Math.max(
    now.getTime() - lookbackMs,
    Date.parse(schedule.createdOn),
    schedule.lastScheduledAt ? Date.parse(schedule.lastScheduledAt) : Number.NEGATIVE_INFINITY,
  );
  if (!(from < now.getTime())) return null;
  const owed = runsBetween(schedule.crontab, schedule.timezone, new Date(from), now);
  return owed.at(-1) ?? null;
}
