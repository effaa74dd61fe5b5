import { count, defineSummaries, quote, type SummaryContext } from '../../audit/summary';
import {
  USER_EVENT_LOGGED,
  UserLogEventType,
  UserLogSource,
  UserLogTiming,
  type UserLogStoredEvent,
} from './user-log-event';

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
    ? ` (took ${formatDuration(duration)})`
    : '';
}

/** "420 ms", "1.2 s", "2 min 5 s". */
function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1).replace(/\.0$/, '')} s`;
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}

/** "chart 'Sales'", else "chart #7", else "chart". */
function named(kind: string, name: unknown, id: number | undefined): string {
  if (typeof name === 'string' && name.trim() !== '') return `${kind} ${quote(name)}`;
  return id === undefined ? kind : `${kind} #${id}`;
}

/**
 * A timing entry Strata's client measures (UserLogTiming) as a sentence: "alice's chart 'Flights'
 * loaded in 420 ms (cached)", "bob's query ran for 1.2 s". The row's object is the dashboard when the
 * entry names one, else the chart: `objectName` is that one's name then; the entry's own target_name
 * (the name the page showed) stands in for the other. Undefined for any other entry.
 */
function timing(data: Logged, { who, objectName }: SummaryContext): string | undefined {
  const { event } = data;
  const ms = event.duration;
  if (event.event_type !== UserLogEventType.TIMING || typeof ms !== 'number') return undefined;
  const took = formatDuration(ms);
  const onDashboard = data.dashboard_id !== undefined;
  const whose = (thing: string) => (data.guest ? `the ${thing}` : `${who}'s ${thing}`);
  const forGuest = data.guest ? ` for ${whoLogged(data, who)}` : '';
  const chart = () =>
    whose(named('chart', onDashboard ? event.target_name : (objectName ?? event.target_name), data.slice_id));
  const where = onDashboard ? ` on ${named('the dashboard', objectName, data.dashboard_id)}` : '';
  switch (event.event_name) {
    case UserLogTiming.LOAD_CHART:
      return `${chart()} loaded in ${took}${event.is_cached === true ? ' (cached)' : ''}${where}${forGuest}`;
    case UserLogTiming.RENDER_CHART:
      return `${chart()} was drawn in ${took}${where}${forGuest}`;
    case UserLogTiming.MOUNT_DASHBOARD:
      return `${whose(named('dashboard', objectName ?? event.target_name, data.dashboard_id))} opened in ${took}${forGuest}`;
    case UserLogTiming.SQLLAB_QUERY: {
      const rows = typeof event.row_count === 'number' ? ` (${count(event.row_count, 'row')})` : '';
      const query = whose('query');
      if (event.status === 'failed') return `${query} failed after ${took}${forGuest}`;
      if (event.status === 'stopped') return `${query} was stopped after ${took}${forGuest}`;
      return `${query} ran for ${took}${rows}${forGuest}`;
    }
    default:
      return undefined;
  }
}

/** A browser's usage log (sqllab-and-platform §7) in the audit log's words (issue 13). */
export const userLogSummaries = defineSummaries<UserLogStoredEvent>({
  context: 'user log',
  of: {
    [USER_EVENT_LOGGED]: (d, ctx) =>
      d.event === undefined
        ? `${whoLogged(d, ctx.who)} logged an entry`
        : (timing(d, ctx) ?? `${whoLogged(d, ctx.who)} logged ${quote(d.event.event_name)}${where(d)}${took(d)}`),
  },
});
