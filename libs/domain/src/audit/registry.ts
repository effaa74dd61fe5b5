/**
 * Every context's summaries in one place (like upcasters.ts). `summarizeStream` names each event of one
 * stream as it was then: it folds the stream's earlier events through each context's `names` fold, so
 * "moved the chart into the tab 'Delays'" uses the tab's title at that moment, not today's.
 */
import type { EventLike } from '@strata/events';
import type { Summaries, SummaryContext } from './summary';
import { historySummaries } from './history.summaries';
import { chartSummaries } from '../charts/chart.summaries';
import { dashboardRecordSummaries } from '../dashboard/record/record.summaries';
import { draftSummaries } from '../dashboard/session/draft.summaries';
import { dashboardPageSummaries } from '../dashboard/page/page.summaries';
import { dashboardListSummaries } from '../dashboard/list/dashboard-list.summaries';
import { labelColorSummaries } from '../dashboard/colors/label-colors.summaries';
import { dashboardPropertiesSummaries } from '../dashboard/properties/management.summaries';
import { dashboardPermalinkSummaries } from '../dashboard/permalinks/permalinks.summaries';
import { filterStateSummaries } from '../dashboard/filter-state/filter-state.summaries';
import { SQLLAB_SUMMARIES } from '../sqllab/sqllab.summaries';
import { filterConfigSummaries } from '../dashboard/native-filters/config/filter-config.summaries';
import { exploreSummaries } from '../explore/editor/explore.summaries';
import { exploreFormDataSummaries } from '../explore/form-data/form-data.summaries';
import { explorePermalinkSummaries } from '../explore/permalinks/permalink.summaries';
import { exploreSideSummaries } from '../explore/side/explore-side.summaries';
import { drillSummaries } from '../explore/drill/drill.summaries';
import { chartListSummaries } from '../explore/chart-list/chart-list.summaries';
import { annotationQuerySummaries } from '../explore/annotations/annotation-query.summaries';
import { databaseSummaries } from '../databases/database.summaries';
import { databaseListSummaries } from '../databases/client/database-list.summaries';
import { uploadSummaries } from '../databases/client/upload/upload.summaries';
import { databaseFormSummaries } from '../databases/client/database-form.summaries';
import { datasetSummaries } from '../datasets/dataset.summaries';
import {
  datasetCreateSummaries,
  datasetEditorSummaries,
  datasetsPageSummaries,
} from '../datasets/client/datasets-client.summaries';
import { reportSummaries } from '../reports/report.summaries';
import { reportsClientSummaries } from '../reports/client/reports-client.summaries';
import { reportPagesSummaries } from '../reports/client/report-pages.summaries';
import { outboxSummaries } from '../reports/client/outbox.summaries';
import { errorsSummaries } from '../platform/errors/errors.summaries';
import { examplesSummaries } from '../platform/examples/examples.summaries';
import { homeSummaries } from '../platform/home/home.summaries';
import { toastSummaries } from '../platform/toasts/toast.summaries';
import { userLogSummaries } from '../platform/user-log/user-log.summaries';
import { loginSummaries } from '../platform/security/login.summaries';
import { userSummaries } from '../platform/users/user.summaries';
import { roleSummaries } from '../platform/roles/role.summaries';
import { sessionSummaries } from '../platform/session/session.summaries';
import { userListSummaries } from '../platform/user-list/user-list.summaries';
import { profileSummaries } from '../platform/profile/profile.summaries';
import { replaySummaries } from '../platform/replay/replay.summaries';
import { activitySummaries } from '../platform/activity/activity.summaries';
import { preferencesSummaries, themeSummaries } from '../platform/preferences/theme.summaries';

// Each context's state type differs; the registry only passes a context's own state back to it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnySummaries = Summaries<any, any>;

export const ALL_SUMMARIES: readonly AnySummaries[] = [
  historySummaries,
  chartSummaries,
  dashboardRecordSummaries,
  draftSummaries,
  dashboardPageSummaries,
  dashboardListSummaries,
  labelColorSummaries,
  dashboardPropertiesSummaries,
  dashboardPermalinkSummaries,
  filterStateSummaries,
  exploreSummaries,
  exploreFormDataSummaries,
  explorePermalinkSummaries,
  exploreSideSummaries,
  drillSummaries,
  chartListSummaries,
  annotationQuerySummaries,
  databaseSummaries,
  databaseListSummaries,
  uploadSummaries,
  databaseFormSummaries,
  datasetSummaries,
  datasetsPageSummaries,
  datasetEditorSummaries,
  datasetCreateSummaries,
  reportSummaries,
  reportsClientSummaries,
  reportPagesSummaries,
  outboxSummaries,
  errorsSummaries,
  examplesSummaries,
  homeSummaries,
  toastSummaries,
  userLogSummaries,
  preferencesSummaries,
  themeSummaries,
  loginSummaries,
  userSummaries,
  roleSummaries,
  sessionSummaries,
  userListSummaries,
  profileSummaries,
  activitySummaries,
  replaySummaries,
  ...[...SQLLAB_SUMMARIES, filterConfigSummaries],
];

const byType = new Map<string, AnySummaries>();
for (const summaries of ALL_SUMMARIES) {
  for (const type of Object.keys(summaries.of)) {
    const earlier = byType.get(type);
    if (earlier !== undefined && earlier !== summaries) {
      throw new Error(`event type '${type}' is summarized by both '${earlier.context}' and '${summaries.context}'`);
    }
    byType.set(type, summaries);
  }
}

/** The event types that have a summary. */
export const SUMMARIZED_TYPES: ReadonlySet<string> = new Set(byType.keys());

/**
 * Whether the summary of an event of this type reads the stream's earlier events (its context keeps a
 * `names` fold, e.g. a dashboard naming a chart by its title on the layout). Any other type's summary is
 * the same from `summarize` as from `summarizeStream`, so a reader can describe it without its stream.
 */
export function summaryReadsEarlierEvents(type: string): boolean {
  return byType.get(type)?.names !== undefined;
}

/** Who did it and what the object was called, per event, for `summarizeStream`. */
export interface SummaryInput {
  who: string;
  objectName?: string;
}

/** One event's summary without earlier events to name things from (a client log slice, a single row). */
export function summarize(event: EventLike, input: SummaryInput): string {
  return summarizeWith(event, { who: input.who, objectName: input.objectName, before: undefined });
}

/**
 * The summaries of one stream's events, given in version order from its first event (or from any event,
 * when `names` states are not needed). `inputOf(i)` says who did event i and the object's name then.
 */
export function summarizeStream(events: readonly EventLike[], inputOf: (index: number) => SummaryInput): string[] {
  // Only the contexts that own an event of this stream fold it (a stream holds one or two of the ~30): a
  // context's fold starts at its first own event by catching up on the events before it, so its state is
  // the same as if it had folded the whole stream, without every context folding every event.
  const states = new Map<AnySummaries, unknown>();
  return events.map((event, index) => {
    const owner = byType.get(event.type);
    const names = owner?.names;
    if (owner !== undefined && names !== undefined && !states.has(owner)) {
      states.set(owner, events.slice(0, index).reduce(names.evolve, names.initial()));
    }
    const input = inputOf(index);
    const text = summarizeWith(event, {
      who: input.who,
      objectName: input.objectName,
      before: owner === undefined ? undefined : states.get(owner),
    });
    for (const [summaries, state] of states) states.set(summaries, summaries.names!.evolve(state, event));
    return text;
  });
}

function summarizeWith(event: EventLike, ctx: SummaryContext<unknown>): string {
  const owner = byType.get(event.type);
  // Only a type no context declares gets here (a synthetic test event, a type a newer server wrote).
  if (owner === undefined) return `${ctx.who} recorded '${event.type}'`;
  const summary = owner.of[event.type] as (data: unknown, ctx: SummaryContext<unknown>) => string;
  return summary(event.data, ctx);
}
