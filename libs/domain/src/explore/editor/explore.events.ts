import type { EventLike } from '@strata/events';
import type { DatasourceMeta, FormData } from '../controls/types';
import type { SliceInfo } from './model';

/** Loading a chart, a dataset, a permalink or a form data key into Explore: hydration, never undone. */
export type ExploreOpened = EventLike<
  'explore/opened',
  { datasource: DatasourceMeta | null; formData: FormData; slice: SliceInfo | null; maxRow: number; isStarred: boolean }
>;
export type ControlChanged = EventLike<'explore/controlChanged', { name: string; value: unknown }>;
export type VizTypeChanged = EventLike<'explore/vizTypeChanged', { vizType: string }>;
export type DatasourceChanged = EventLike<'explore/datasourceChanged', { datasource: DatasourceMeta }>;
export type FormDataStashed = EventLike<'explore/formDataStashed', { fields: readonly string[] }>;
export type FormDataRestored = EventLike<'explore/formDataRestored', { fields: readonly string[] }>;
export type SliceNameChanged = EventLike<'explore/sliceNameChanged', { name: string }>;
export type QueryTriggered = EventLike<
  'explore/queryTriggered',
  { queryId: string; formData: FormData; force: boolean; at: number }
>;
export type ChartLoaded = EventLike<
  'explore/chartLoaded',
  { queryId: string; queriesResponse: readonly unknown[]; at: number }
>;
export type ChartRendered = EventLike<'explore/chartRendered', { queryId: string; at: number }>;
export type ChartFailed = EventLike<
  'explore/chartFailed',
  { queryId: string; message: string; stackTrace: string | null; at: number }
>;
export type ChartStopped = EventLike<'explore/chartStopped', { queryId: string; at: number }>;
export type SliceSaved = EventLike<'explore/sliceSaved', { slice: SliceInfo }>;
/** The user starred the open chart (charts-dashboards-reports §4: recorded once the favourites API said yes). */
export type ExploreChartFavorited = EventLike<'explore/chartFavorited', Record<string, never>>;
/** The user took the star off the open chart (recorded once the favourites API said yes). */
export type ExploreChartUnfavorited = EventLike<'explore/chartUnfavorited', Record<string, never>>;

export type ExploreEvent =
  | ExploreOpened
  | ControlChanged
  | VizTypeChanged
  | DatasourceChanged
  | FormDataStashed
  | FormDataRestored
  | SliceNameChanged
  | QueryTriggered
  | ChartLoaded
  | ChartRendered
  | ChartFailed
  | ChartStopped
  | SliceSaved
  | ExploreChartFavorited
  | ExploreChartUnfavorited;

export type ExploreEventType = ExploreEvent['type'];

export function isExploreEvent(event: { type: string }): event is ExploreEvent {
  return event.type.startsWith('explore/');
}
