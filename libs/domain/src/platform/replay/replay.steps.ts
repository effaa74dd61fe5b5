/**
 * The replay's steps from the audit rows of one user in a time range: one step per intent (batch), on
 * the page it happened on. Pure: the rows come in, the steps go out.
 */
import type { ReplayPage, ReplayRow, ReplayStep } from './replay.events';

const SQLLAB_OBJECTS = new Set(['sqllab_tab', 'query', 'saved_query']);
const EXPLORE_PREFIXES = ['explore/', 'exploreSide/', 'chart/', 'chartList/'];
const USER_LOG = 'platform/userEventLogged';

/**
 * Which page a row happened on: SQL Lab for the `tabstate:`/`query:`/saved query streams and SQL Lab
 * events, Explore for a chart's stream, Explore events and page views naming a chart (slice_id),
 * a dashboard for the `dashboard*:` streams and page views naming a dashboard (the audit API makes a
 * user-log entry's object the dashboard or chart it names).
 */
export function pageOfRow(row: ReplayRow): ReplayPage {
  const object = row.object?.type ?? null;
  if (row.type === USER_LOG) {
    if (object === 'dashboard') return 'dashboard';
    if (object === 'chart') return 'explore';
    return 'other';
  }
  if ((object !== null && SQLLAB_OBJECTS.has(object)) || row.type.startsWith('sqllab')) return 'sqllab';
  if (object === 'chart' || EXPLORE_PREFIXES.some((p) => row.type.startsWith(p))) return 'explore';
  if (object === 'dashboard' || row.type.startsWith('dashboard')) return 'dashboard';
  return 'other';
}

const objectIdOf = (row: ReplayRow): number | null => {
  const page = pageOfRow(row);
  if (page !== 'explore' && page !== 'dashboard') return null;
  const id = Number(row.object?.id);
  return Number.isInteger(id) && id > 0 ? id : null;
};

/**
 * Rows (any order) into steps, oldest first: the rows of one batch are one step wherever they sit in the
 * log (a batch is appended in one transaction, but another stream's rows may fall between); a row with no
 * batch is a step alone. The step's page is its first row that has one (a dashboard save also writes
 * the user's log).
 */
export function replaySteps(rows: readonly ReplayRow[]): ReplayStep[] {
  const sorted = [...rows].sort((a, b) => a.position - b.position);
  const groups = new Map<string, ReplayRow[]>();
  for (const row of sorted) {
    const key = row.batch_id ?? `position:${row.position}`;
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  return [...groups.values()].map((group): ReplayStep => {
    const first = group[0]!;
    const shown = group.find((row) => pageOfRow(row) !== 'other') ?? first;
    return {
      batchId: first.batch_id,
      page: pageOfRow(shown),
      objectId: objectIdOf(shown),
      objectName: shown.object?.name ?? null,
      position: group[group.length - 1]!.position,
      time: first.time,
      summary: [...new Set(group.map((row) => row.summary))].join('; '),
      undone: group.some((row) => row.undone),
      rows: group,
    };
  });
}

/** The rows of the steps up to and including step `at`, oldest first. */
export function rowsUpTo(steps: readonly ReplayStep[], at: number): ReplayRow[] {
  return steps.slice(0, at + 1).flatMap((step) => step.rows);
}
