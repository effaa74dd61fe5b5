import type { EventLike } from '@strata/events';
import { summarizeStream } from '../../audit/registry';
import { unreadableSummaries, type SummarySamples } from '../../audit/testing/readable';
import type { ExploreSideEvent } from './explore-side.events';
import { exploreSideSummaries } from './explore-side.summaries';

const audit = (events: EventLike[]) => summarizeStream(events, () => ({ who: 'alice' }));

describe('explore side panel summaries', () => {
  it("names the data pane's tab an answer belongs to, from the earlier tab opening", () => {
    const texts = audit([
      { type: 'exploreSide/dataTabOpened', data: { tab: 'samples', requestId: 'r1' } },
      { type: 'exploreSide/dataFailed', data: { requestId: 'r1', message: 'timeout' } },
    ]);
    expect(texts).toEqual([
      'alice opened the samples in the data pane',
      "loading the samples in the data pane failed for alice: 'timeout'",
    ]);
  });

  it('says when the chart as it was was looked at without running its query (a replay)', () => {
    expect(
      audit([
        { type: 'exploreSide/pastViewOpened', data: { requestId: 'r', asOf: '42', queries: true } },
        { type: 'exploreSide/pastViewOpened', data: { requestId: 'r', asOf: '43', queries: false } },
      ]),
    ).toEqual([
      'alice looked at the chart as it was at log position 42',
      'alice looked at the chart as it was at log position 43 without running its query',
    ]);
  });

  it('reads every event type without earlier events', () => {
    const samples: SummarySamples<ExploreSideEvent> = {
      'exploreSide/openStarted': { requestId: 'r' },
      'exploreSide/openFinished': { requestId: 'r' },
      'exploreSide/pastViewOpened': { requestId: 'r', asOf: '', queries: false },
      'exploreSide/datasetsRequested': { search: '' },
      'exploreSide/datasetsLoaded': { search: 'fli', items: [{ id: 1, table_name: 'flights' }] },
      'exploreSide/datasetsFailed': { search: '', message: 'Forbidden' },
      'exploreSide/dataTabOpened': { tab: 'query', requestId: 'r' },
      'exploreSide/dataLoaded': { requestId: 'r', result: { colnames: [], data: [], rowcount: 0 } },
      'exploreSide/dataFailed': { requestId: 'r', message: '' },
      'exploreSide/dataPaneClosed': {},
      'exploreSide/saveModalOpened': {},
      'exploreSide/dashboardsLoaded': { dashboards: [{ id: 1, dashboard_title: 'Sales' }] },
      'exploreSide/saveModalAlerted': { message: 'Pick a dashboard' },
      'exploreSide/saveStarted': {},
      'exploreSide/saveModalClosed': {},
    };
    expect(unreadableSummaries(exploreSideSummaries, samples)).toEqual([]);
  });
});
