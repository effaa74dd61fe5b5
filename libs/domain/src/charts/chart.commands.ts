/** What users ask of a saved chart (charts-dashboards-reports §3 Chart, §7 Charts API). */
import type { ChartFields } from './chart.events';

/** The fields a save may change (PUT /api/v1/chart/{id}); those left out stay. */
export type ChartEdit = Partial<ChartFields>;

export interface CreateChart {
  type: 'CreateChart';
  data: Omit<ChartFields, 'owners'> & { id: number; owner_id: number; owners?: number[] };
}
export interface UpdateChart {
  type: 'UpdateChart';
  data: ChartEdit;
}
export interface DeleteChart {
  type: 'DeleteChart';
  data: Record<string, never>;
}
export interface FavoriteChart {
  type: 'FavoriteChart';
  data: { userId: number };
}
export interface UnfavoriteChart {
  type: 'UnfavoriteChart';
  data: { userId: number };
}
/**
 * Revert one past edit (a batch of this chart's stream) as a new intent. Decided on the stream's log,
 * not only its fold (`decideChartRevert`), so it is not a case of `chartDecider.decide`.
 */
export interface RevertChartChange {
  type: 'RevertChartChange';
  data: { batchId: string };
}
export type ChartCommand = CreateChart | UpdateChart | DeleteChart | FavoriteChart | UnfavoriteChart;
