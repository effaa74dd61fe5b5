/**
 * The audit reads a stream whole only for rows whose summary folds earlier events
 * (`summaryReadsEarlierEvents`); every other row is summarized alone. That is only right if, for those
 * types, `summarize` alone says exactly what `summarizeStream` says with the whole stream before it.
 */
import type { EventLike } from '@strata/events';
import { summarize, summarizeStream, summaryReadsEarlierEvents, SUMMARIZED_TYPES } from './registry';

const chartCreated = {
  type: 'chart/chartCreated',
  data: { slice_name: 'Sales', viz_type: 'table', datasource_id: 1, datasource_type: 'table', owners: [3] },
};

describe('summaryReadsEarlierEvents', () => {
  it('is true for a context with a names fold, false for one without and for unknown types', () => {
    expect(summaryReadsEarlierEvents('dashboard/chartRemoved')).toBe(true);
    expect(summaryReadsEarlierEvents('sqllab/querySucceeded')).toBe(true);
    expect(summaryReadsEarlierEvents('chart/chartRenamed')).toBe(false);
    expect(summaryReadsEarlierEvents('platform/userEventLogged')).toBe(false);
    expect(summaryReadsEarlierEvents('no/suchType')).toBe(false);
    expect([...SUMMARIZED_TYPES].some((t) => !summaryReadsEarlierEvents(t))).toBe(true);
  });

  it('a type that reads no earlier events says the same alone as within its stream', () => {
    const stream: EventLike[] = [
      chartCreated,
      { type: 'chart/chartRenamed', data: { slice_name: 'Revenue' } },
      { type: 'chart/chartParamsChanged', data: { params: '{}', query_context: null } },
      { type: 'chart/chartDescribed', data: { description: 'All of it' } },
      { type: 'chart/chartRenamed', data: { slice_name: 'Revenue 2026' } },
    ];
    const names = [undefined, 'Sales', 'Revenue', 'Revenue', 'Revenue'];
    const input = (i: number) => ({ who: 'bob', objectName: names[i] });
    const inStream = summarizeStream(stream, input);
    stream.forEach((event, i) => {
      expect(summaryReadsEarlierEvents(event.type)).toBe(false);
      expect(summarize(event, input(i))).toBe(inStream[i]);
    });
  });
});
