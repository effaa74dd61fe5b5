/**
 * Charts saved before the intent events were written as one `chart/chartUpdated {changes}` per save.
 * Every chart field belongs to exactly one of today's events, so each old save reads as the events of
 * the fields it named, without knowing the chart (a value equal to the old one is still an event: the
 * old save did stamp the chart as changed).
 */
import type { EventLike, UpcasterMap } from '@strata/events';
import type { ChartEdited, ChartFields } from './chart.events';

type OldChartUpdated = EventLike<'chart/chartUpdated', { changes?: Partial<ChartFields> }>;

export function chartUpdatedAsIntents(changes: Partial<ChartFields>): ChartEdited[] {
  const has = (key: keyof ChartFields) => changes[key] !== undefined;
  const events: ChartEdited[] = [];
  if (has('slice_name')) events.push({ type: 'chart/chartRenamed', data: { slice_name: changes.slice_name! } });
  if (has('viz_type')) events.push({ type: 'chart/vizTypeChanged', data: { viz_type: changes.viz_type! } });
  if (has('datasource_id') || has('datasource_type'))
    events.push({
      type: 'chart/datasourceChanged',
      data: pick(changes, ['datasource_id', 'datasource_type']),
    });
  if (has('params') || has('query_context'))
    events.push({ type: 'chart/chartParamsChanged', data: pick(changes, ['params', 'query_context']) });
  if (has('description'))
    events.push({ type: 'chart/chartDescribed', data: { description: changes.description ?? null } });
  if (has('cache_timeout'))
    events.push({ type: 'chart/cacheTimeoutChanged', data: { cache_timeout: changes.cache_timeout ?? null } });
  if (has('owners')) events.push({ type: 'chart/chartOwnersChanged', data: { owners: changes.owners! } });
  if (has('certified_by'))
    events.push(
      changes.certified_by === null
        ? { type: 'chart/chartCertificationRemoved', data: {} }
        : { type: 'chart/chartCertified', data: { certified_by: changes.certified_by! } },
    );
  if (has('certification_details'))
    events.push({
      type: 'chart/certificationDetailsChanged',
      data: { certification_details: changes.certification_details ?? null },
    });
  return events;
}

export const chartUpcasters: UpcasterMap = {
  'chart/chartUpdated': (event) => {
    const events = chartUpdatedAsIntents((event as OldChartUpdated).data.changes ?? {});
    // A save that named nothing changed nothing; it stays as it was so the stream keeps its versions.
    return events.length > 0 ? events : event;
  },
};

function pick<T extends object, K extends keyof T>(source: T, keys: readonly K[]): Partial<Pick<T, K>> {
  const out: Partial<Pick<T, K>> = {};
  for (const key of keys) if (source[key] !== undefined) out[key] = source[key];
  return out;
}
