/**
 * Old dashboard page events read as today's (DESIGN.md "Events": stored events are never rewritten).
 * The page's facts used to be `dashboard/...`, the namespace of the server's dashboard record and of the
 * edit session; they are `dashboardPage/...` now. They only ever lived in the client's log, so they reach
 * an upcaster in exported time-travel files (features/timetravel/export-format.ts).
 */
import type { EventLike, UpcasterMap } from '@strata/events';

/** The page's facts that kept their name and payload, only the namespace changed. */
const RENAMED = [
  'loadStarted',
  'loaded',
  'loadFailed',
  'chartQueryStarted',
  'chartQuerySucceeded',
  'chartQueryFailed',
  'chartQueryStopped',
  'chartRendered',
  'chartRenderFailed',
  'refreshStarted',
  'refreshFrequencyChanged',
  'tabActivated',
  'chartDescriptionToggled',
  'fullSizeToggled',
  'focusedChartShown',
  'filterValueSelected',
  'filtersApplied',
  'filterOptionsRequested',
  'filterOptionsLoaded',
  'filterOptionsFailed',
  'filterSearchTyped',
  'filterSearchLoaded',
  'filterSearchFailed',
  'crossFilterChanged',
  'crossFilterScopeSaved',
  'filtersConfigured',
  'versionAdvanced',
  'configurationReloaded',
  'propertiesSaved',
  'labelColorsStored',
] as const;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/**
 * A select filter's values request and its answer were not paired before `requestId`: such a log reads
 * them all as one request, so each answer is taken as it came, as the page did then.
 */
export const LEGACY_FILTER_OPTIONS_REQUEST = 'unpaired';
const OPTIONS_FACTS = ['filterOptionsRequested', 'filterOptionsLoaded', 'filterOptionsFailed'] as const;

export const dashboardPageUpcasters: UpcasterMap = {
  ...Object.fromEntries(
    RENAMED.map((name) => [
      `dashboard/${name}`,
      (event: EventLike) => ({ type: `dashboardPage/${name}`, data: event.data }),
    ]),
  ),
  ...Object.fromEntries(
    OPTIONS_FACTS.map((name) => [
      `dashboardPage/${name}`,
      (event: EventLike) =>
        isObject(event.data) && event.data.requestId === undefined
          ? { type: event.type, data: { ...event.data, requestId: LEGACY_FILTER_OPTIONS_REQUEST } }
          : event,
    ]),
  ),
  // A setter (`{isStarred}`): one fact per intent now.
  'dashboard/starToggled': (event) => ({
    type:
      (event.data as { isStarred?: unknown }).isStarred === true
        ? 'dashboardPage/favorited'
        : 'dashboardPage/unfavorited',
    data: {},
  }),
  // `dashboard/chartAdded` was declared twice: the server's record event (`{chartId, sliceName, rowId,
  // chartComponentId}`, still today's) and the page's (`{chart, dataset}`). Only the page's is renamed.
  'dashboard/chartAdded': (event) =>
    isObject(event.data) && isObject(event.data.chart) ? { type: 'dashboardPage/chartAdded', data: event.data } : event,
};
