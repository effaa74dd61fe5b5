import type { EventLike } from '@strata/events';
import { summarizeStream } from '../../audit/registry';
import { unreadableSummaries, type SummarySamples } from '../../audit/testing/readable';
import type { ChartListEvent, ChartRecord } from './chart-list.events';
import { chartListSummaries } from './chart-list.summaries';

const audit = (events: EventLike[]) => summarizeStream(events, () => ({ who: 'alice' }));
const record = (id: number, slice_name: string): ChartRecord => ({
  id,
  slice_name,
  viz_type: 'table',
  params: null,
  datasource_id: 1,
  datasource_type: 'table',
});
const loaded = (charts: ChartRecord[]): ChartListEvent => ({
  type: 'chartList/loaded',
  data: { requestId: 'r', charts, count: charts.length, favorites: {} },
});

describe('chart list summaries', () => {
  it('names a starred chart as the list showed it then', () => {
    const texts = audit([
      loaded([record(3, 'Delays')]),
      { type: 'chartList/chartFavorited', data: { id: 3 } },
      loaded([record(3, 'Late flights')]),
      { type: 'chartList/chartUnfavorited', data: { id: 3 } },
      { type: 'chartList/chartUnfavorited', data: { id: 9 } },
    ]);
    expect(texts.slice(1)).toEqual([
      "alice added the chart 'Delays' to their favorites",
      'the chart list showed alice 1 chart',
      "alice removed the chart 'Late flights' from their favorites",
      'alice removed the chart #9 from their favorites',
    ]);
  });

  it('reads every event type without earlier events', () => {
    const samples: SummarySamples<ChartListEvent> = {
      'chartList/queried': {
        requestId: 'r',
        query: { search: 'delay', ownerId: 4, orderColumn: 'slice_name', orderDirection: 'asc' },
      },
      'chartList/loaded': { requestId: 'r', charts: [], count: 0, favorites: {} },
      'chartList/failed': { requestId: 'r', message: 'Server error' },
      'chartList/chartFavorited': { id: 1 },
      'chartList/chartUnfavorited': { id: 1 },
    };
    expect(unreadableSummaries(chartListSummaries, samples)).toEqual([]);
  });
});
