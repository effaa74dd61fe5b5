/**
 * The facts of a saved chart (slice), on stream `chart:<id>` (charts-dashboards-reports §3 Chart). Which
 * dashboards show a chart is a fact of the dashboards (their layouts), not of the chart.
 *
 * An edit (PUT /api/v1/chart/{id}) is a batch of the events below, one per intent, each naming only the
 * fields it changes; every field belongs to exactly one event type, so an old `chart/chartUpdated
 * {changes}` reads as these events without knowing the chart (upcasters.ts).
 */
import type { EventLike } from '@strata/events';

export interface ChartFields {
  slice_name: string;
  viz_type: string;
  datasource_id: number;
  datasource_type: string;
  /** The form data as JSON text (Superset's `params`). */
  params: string | null;
  query_context: string | null;
  description: string | null;
  cache_timeout: number | null;
  owners: number[];
  certified_by: string | null;
  certification_details: string | null;
}

export type ChartCreated = EventLike<'chart/chartCreated', ChartFields & { id: number }>;
export type ChartRenamed = EventLike<'chart/chartRenamed', { slice_name: string }>;
export type ChartVizTypeChanged = EventLike<'chart/vizTypeChanged', { viz_type: string }>;
/**
 * The form data saved from Explore. A key left out keeps its value: Explore may save only a regenerated
 * query_context, and an edit names only what changed.
 */
export type ChartParamsChanged = EventLike<
  'chart/chartParamsChanged',
  { params?: string | null; query_context?: string | null }
>;
export type ChartDescribed = EventLike<'chart/chartDescribed', { description: string | null }>;
export type CacheTimeoutChanged = EventLike<'chart/cacheTimeoutChanged', { cache_timeout: number | null }>;
export type ChartOwnersChanged = EventLike<'chart/chartOwnersChanged', { owners: number[] }>;
export type ChartCertified = EventLike<'chart/chartCertified', { certified_by: string }>;
export type ChartCertificationRemoved = EventLike<'chart/chartCertificationRemoved', Record<string, never>>;
/** The certification's note; the API stores it apart from the certifier, so it has its own event. */
export type CertificationDetailsChanged = EventLike<
  'chart/certificationDetailsChanged',
  { certification_details: string | null }
>;
/** The chart shows another dataset. A key left out keeps its value (old edits could name only one). */
export type ChartDatasourceChanged = EventLike<
  'chart/datasourceChanged',
  { datasource_id?: number; datasource_type?: string }
>;
/**
 * Closes the batch of a revert (issue 13): the edit events before it in the batch restore what the
 * edit `batchId` replaced. Sets no field; history and audit show the batch as a revert of that one.
 */
export type ChartChangeReverted = EventLike<'chart/changeReverted', { batchId: string }>;
export type ChartDeleted = EventLike<'chart/chartDeleted', Record<string, never>>;
/** A star is the user's view preference, not an edit of the chart (never an undo step). */
export type ChartFavorited = EventLike<'chart/favorited', { userId: number }>;
export type ChartUnfavorited = EventLike<'chart/unfavorited', { userId: number }>;

/** The events of an edit: each sets some of the chart's fields. */
export type ChartEdited =
  | ChartRenamed
  | ChartVizTypeChanged
  | ChartParamsChanged
  | ChartDescribed
  | CacheTimeoutChanged
  | ChartOwnersChanged
  | ChartCertified
  | ChartCertificationRemoved
  | CertificationDetailsChanged
  | ChartDatasourceChanged;

export type ChartEvent =
  ChartCreated | ChartEdited | ChartChangeReverted | ChartDeleted | ChartFavorited | ChartUnfavorited;

export const CHART_EDIT_EVENTS = [
  'chart/chartRenamed',
  'chart/vizTypeChanged',
  'chart/chartParamsChanged',
  'chart/chartDescribed',
  'chart/cacheTimeoutChanged',
  'chart/chartOwnersChanged',
  'chart/chartCertified',
  'chart/chartCertificationRemoved',
  'chart/certificationDetailsChanged',
  'chart/datasourceChanged',
] as const satisfies readonly ChartEdited['type'][];

export const CHART_EVENTS = [
  'chart/chartCreated',
  ...CHART_EDIT_EVENTS,
  'chart/changeReverted',
  'chart/chartDeleted',
  'chart/favorited',
  'chart/unfavorited',
] as const satisfies readonly ChartEvent['type'][];

export const chartStream = (id: number) => `chart:${id}`;
