/**
 * The facts of a chart (slice), on stream `chart:<id>` (spec §3 Chart). Which dashboards show a chart is
 * a fact of the dashboards (their layouts), not of the chart.
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

export type ChartChanges = Partial<Omit<ChartFields, 'datasource_type'> & { datasource_type: string }>;

export type ChartCreated = EventLike<'chart/chartCreated', ChartFields & { id: number }>;
export type ChartUpdated = EventLike<'chart/chartUpdated', { changes: ChartChanges }>;
export type ChartDeleted = EventLike<'chart/chartDeleted', Record<string, never>>;
export type ChartFavorited = EventLike<'chart/favorited', { userId: number }>;
export type ChartUnfavorited = EventLike<'chart/unfavorited', { userId: number }>;
export type ChartEvent = ChartCreated | ChartUpdated | ChartDeleted | ChartFavorited | ChartUnfavorited;

export const CHART_EVENTS = [
  'chart/chartCreated',
  'chart/chartUpdated',
  'chart/chartDeleted',
  'chart/favorited',
  'chart/unfavorited',
] as const satisfies readonly ChartEvent['type'][];
export const chartStream = (id: number) => `chart:${id}`;
