/**
 * Reverting one past edit of a chart as a new intent (issue 13 item 2): the fields the edit set go back
 * to what they were just before it, as the ordinary edit events (`chartRenamed` back to the old name,
 * `chartParamsChanged` with the old params...), closed by `chart/changeReverted {batchId}` so history and
 * audit say it was a revert. Refused when a later live edit set one of those fields (shared/revert.ts).
 * It reads the stream's log, so the server runs it with `DecisionRunner.decideWith`.
 */
import { planRevert, type RevertContext, type RevertRules, type StreamHistory } from '../shared/revert';
import { chartEditEvents, chartEditFields } from './chart-edit';
import type { RevertChartChange } from './chart.commands';
import { chartDecider, liveChart, type ChartStreamState } from './chart.decider';
import { CHART_EDIT_EVENTS, type ChartEdited, type ChartEvent, type ChartFields } from './chart.events';

const isEdit = (event: ChartEvent): event is ChartEdited =>
  (CHART_EDIT_EVENTS as readonly string[]).includes(event.type);

const LABELS: Partial<Record<keyof ChartFields, string>> = {
  slice_name: 'the name',
  viz_type: 'the chart type',
  datasource_id: 'the dataset',
  datasource_type: 'the dataset',
  params: 'the parameters',
  query_context: 'the query context',
  description: 'the description',
  cache_timeout: 'the cache timeout',
  owners: 'the owners',
  certified_by: 'the certification',
  certification_details: 'the certification details',
};

const INTENTS: Record<ChartEdited['type'], string> = {
  'chart/chartRenamed': 'Rename',
  'chart/vizTypeChanged': 'Change of chart type',
  'chart/chartParamsChanged': 'Change of parameters',
  'chart/chartDescribed': 'Change of description',
  'chart/cacheTimeoutChanged': 'Change of cache timeout',
  'chart/chartOwnersChanged': 'Change of owners',
  'chart/chartCertified': 'Certification',
  'chart/chartCertificationRemoved': 'Removal of the certification',
  'chart/certificationDetailsChanged': 'Change of certification details',
  'chart/datasourceChanged': 'Change of dataset',
};

export const chartRevertRules: RevertRules<ChartStreamState, ChartEvent> = {
  fold: chartDecider,
  noun: 'chart',
  revertedType: 'chart/changeReverted',
  revertible: isEdit,
  // A star is a view preference and sets no field: it never blocks a revert.
  keysOf: (event) => (isEdit(event) ? Object.keys(chartEditFields(event)) : []),
  keyLabel: (key) => LABELS[key as keyof ChartFields] ?? key,
  intentOf: (events) => {
    const edits = events.filter(isEdit);
    if (edits.length === 0) return events[0]?.type === 'chart/chartCreated' ? 'Creation' : 'Change';
    return edits.length === 1 ? INTENTS[edits[0]!.type] : 'Edit';
  },
};

/** The batch of a revert: the old values of the edit's fields, then `chart/changeReverted`. */
export function decideChartRevert(
  command: RevertChartChange,
  stream: StreamHistory<ChartStreamState>,
  ctx: RevertContext,
): ChartEvent[] {
  const { batchId } = command.data;
  const current = liveChart(stream.state);
  const plan = planRevert(chartRevertRules, stream.events, batchId, ctx);
  const before = plan.before.fields;
  const restore = Object.fromEntries(
    plan.keys.map((key) => [key, before ? before[key as keyof ChartFields] : undefined]),
  ) as Partial<ChartFields>;
  return [...chartEditEvents(current, restore), { type: 'chart/changeReverted', data: { batchId } }];
}
