import { defineSummaries, quote } from '../../audit/summary';
import { USER_EVENT_LOGGED, UserLogEventType, UserLogSource, type UserLogStoredEvent } from './user-log-event';

type Logged = UserLogStoredEvent['data'];

const SOURCE: Record<string, string> = {
  [UserLogSource.DASHBOARD]: 'a dashboard',
  [UserLogSource.CHART]: 'a chart',
  [UserLogSource.SQL_LAB]: 'SQL Lab',
  [UserLogSource.EXPLORE]: 'Explore',
};

/** Where it happened: " on the dashboard #3", " in SQL Lab"; the logged target's name when it has one. */
function where(data: Logged): string {
  const { source, target_name: target } = data.event;
  const place =
    data.dashboard_id !== undefined
      ? ` on the dashboard #${data.dashboard_id}`
      : data.slice_id !== undefined
        ? ` on the chart #${data.slice_id}`
        : source
          ? ` in ${SOURCE[source] ?? quote(source)}`
          : '';
  return `${place}${target ? ` (${quote(target)})` : ''}`;
}

/** An embedded viewer by the name the guest token gave them (older entries only say it was a guest). */
function whoLogged(data: Logged, who: string): string {
  if (!data.guest) return who;
  const guest = (data as { guest_user?: { username?: unknown } }).guest_user?.username;
  return typeof guest === 'string' && guest !== '' ? `the guest ${quote(guest)}` : `${who} (as a guest)`;
}

/** "took 120 ms" for a timing entry that says how long. */
function took(data: Logged): string {
  const duration = data.event.duration;
  return data.event.event_type === UserLogEventType.TIMING && typeof duration === 'number'
    ? ` (took ${Math.round(duration)} ms)`
    : '';
}

/** A browser's usage log (sqllab-and-platform §7) in the audit log's words (issue 13). */
export const userLogSummaries = defineSummaries<UserLogStoredEvent>({
  context: 'user log',
  of: {
    [USER_EVENT_LOGGED]: (d, { who }) =>
      d.event === undefined
        ? `${whoLogged(d, who)} logged an entry`
        : `${whoLogged(d, who)} logged ${quote(d.event.event_name)}${where(d)}${took(d)}`,
  },
});
