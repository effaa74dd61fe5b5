/**
 * Explore's state (charts-dashboards-reports §3 Explore state and Chart runtime state): the form data being edited, the
 * fields stashed away from it, the dataset it reads, validation, and the chart's status lifecycle.
 */
import { DEFAULT_MAX_ROW, DEFAULT_VIZ_TYPE } from '../controls/constants';
import type { DatasourceMeta, FormData } from '../controls/types';

/** charts-dashboards-reports §4 Chart status; null is the empty status before any query. */
export type ChartStatus = 'loading' | 'success' | 'rendered' | 'failed' | 'stopped';

export interface ChartState {
  chartStatus: ChartStatus | null;
  chartAlert: string | null;
  chartStackTrace: string | null;
  /** epoch ms */
  chartUpdateStartTime: number | null;
  chartUpdateEndTime: number | null;
  /** The form data of the latest query: what the chart shows (or is loading). */
  latestQueryFormData: FormData | null;
  /** The chart data API's `result` array. */
  queriesResponse: readonly unknown[] | null;
  /** The query in flight or last answered; answers for any other id are late and ignored. */
  queryId: string | null;
  lastRendered: number | null;
  force: boolean;
}

export interface SliceInfo {
  slice_id: number;
  slice_name: string;
  owners: readonly number[];
  dashboards: readonly number[];
}

export interface ExploreState {
  /** 'empty' until a chart or a dataset was opened. */
  status: 'empty' | 'ready';
  datasource: DatasourceMeta | null;
  formData: FormData;
  /** charts-dashboards-reports §4 Stashing: fields taken out of the form data, by name, to be restored later. */
  hiddenFormData: Readonly<Record<string, unknown>>;
  /** charts-dashboards-reports §4: the controls whose values survived the last datasource change. */
  controlsTransferred: readonly string[];
  validationErrors: Readonly<Record<string, readonly string[]>>;
  slice: SliceInfo | null;
  sliceName: string;
  isStarred: boolean;
  /** A change since the last query needs a new one (a render-only change does not). */
  stale: boolean;
  /** The server's maximum row setting (charts-dashboards-reports §5). */
  maxRow: number;
  chart: ChartState;
}

export const initialChartState = (): ChartState => ({
  chartStatus: null,
  chartAlert: null,
  chartStackTrace: null,
  chartUpdateStartTime: null,
  chartUpdateEndTime: null,
  latestQueryFormData: null,
  queriesResponse: null,
  queryId: null,
  lastRendered: null,
  force: false,
});

export const initialExploreState = (): ExploreState => ({
  status: 'empty',
  datasource: null,
  formData: { datasource: '', viz_type: DEFAULT_VIZ_TYPE },
  hiddenFormData: {},
  controlsTransferred: [],
  validationErrors: {},
  slice: null,
  sliceName: '',
  isStarred: false,
  stale: false,
  maxRow: DEFAULT_MAX_ROW,
  chart: initialChartState(),
});

export function hasValidationErrors(state: ExploreState): boolean {
  return Object.keys(state.validationErrors).length > 0;
}

/** 'Row limit: Value cannot exceed 100000' lines, one per message, for the panel's alert. */
export function validationMessages(state: ExploreState, labelOf: (control: string) => string): string[] {
  return Object.entries(state.validationErrors).flatMap(([name, messages]) =>
    messages.map((m) => `${labelOf(name)} ${m}`),
  );
}
