/**
 * An edit of a chart as intent events, and back: `chartEditEvents` turns a save into the events of the
 * fields that really change; `chartEditFields` says which fields an event sets (evolve and the `charts`
 * read model apply the same).
 */
import type { ChartEdit } from './chart.commands';
import type { ChartEdited, ChartFields } from './chart.events';

export function chartEditFields(event: ChartEdited): Partial<ChartFields> {
  switch (event.type) {
    case 'chart/chartRenamed':
      return { slice_name: event.data.slice_name };
    case 'chart/vizTypeChanged':
      return { viz_type: event.data.viz_type };
    case 'chart/chartParamsChanged':
      return given(event.data);
    case 'chart/chartDescribed':
      return { description: event.data.description };
    case 'chart/cacheTimeoutChanged':
      return { cache_timeout: event.data.cache_timeout };
    case 'chart/chartOwnersChanged':
      return { owners: event.data.owners };
    case 'chart/chartCertified':
      return { certified_by: event.data.certified_by };
    case 'chart/chartCertificationRemoved':
      return { certified_by: null };
    case 'chart/certificationDetailsChanged':
      return { certification_details: event.data.certification_details };
    case 'chart/datasourceChanged':
      return given(event.data);
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

/** The events of a save, in the order of the chart's fields; none when nothing changes. */
export function chartEditEvents(fields: ChartFields, edit: ChartEdit): ChartEdited[] {
  const changes = (key: keyof ChartFields) => edit[key] !== undefined && edit[key] !== fields[key];
  // Only read after `changes(key)`: the value sent, never undefined.
  const sent = <K extends keyof ChartFields>(key: K) => edit[key] as ChartFields[K];
  const events: ChartEdited[] = [];
  if (changes('slice_name')) events.push({ type: 'chart/chartRenamed', data: { slice_name: sent('slice_name') } });
  if (changes('viz_type')) events.push({ type: 'chart/vizTypeChanged', data: { viz_type: sent('viz_type') } });
  if (changes('datasource_id') || changes('datasource_type'))
    events.push({
      type: 'chart/datasourceChanged',
      data: {
        datasource_id: edit.datasource_id ?? fields.datasource_id,
        datasource_type: edit.datasource_type ?? fields.datasource_type,
      },
    });
  const formData: { params?: string | null; query_context?: string | null } = {};
  if (changes('params')) formData.params = sent('params');
  if (changes('query_context')) formData.query_context = sent('query_context');
  if (Object.keys(formData).length > 0) events.push({ type: 'chart/chartParamsChanged', data: formData });
  if (changes('description')) events.push({ type: 'chart/chartDescribed', data: { description: sent('description') } });
  if (changes('cache_timeout'))
    events.push({ type: 'chart/cacheTimeoutChanged', data: { cache_timeout: sent('cache_timeout') } });
  if (edit.owners !== undefined && !sameMembers(edit.owners, fields.owners))
    events.push({ type: 'chart/chartOwnersChanged', data: { owners: edit.owners } });
  if (changes('certified_by')) {
    const certifiedBy = sent('certified_by');
    events.push(
      certifiedBy === null
        ? { type: 'chart/chartCertificationRemoved', data: {} }
        : { type: 'chart/chartCertified', data: { certified_by: certifiedBy } },
    );
  }
  if (changes('certification_details'))
    events.push({
      type: 'chart/certificationDetailsChanged',
      data: { certification_details: sent('certification_details') },
    });
  return events;
}

/** Owners are a set: the same users in another order are no change. */
function sameMembers(a: readonly number[], b: readonly number[]): boolean {
  const set = new Set(a);
  return set.size === new Set(b).size && b.every((x) => set.has(x));
}

/** The keys an event names (a key left out keeps its value). */
function given<T extends object>(data: T): Partial<T> {
  return Object.fromEntries(Object.entries(data).filter(([, v]) => v !== undefined)) as Partial<T>;
}
