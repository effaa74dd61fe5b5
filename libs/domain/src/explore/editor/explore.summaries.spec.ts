import type { EventLike } from '@strata/events';
import { summarizeStream } from '../../audit/registry';
import { unreadableSummaries, type SummarySamples } from '../../audit/testing/readable';
import type { ExploreEvent } from './explore.events';
import { vizTypeLabel } from '../controls/viz-panels';
import { exploreSummaries } from './explore.summaries';
import { avgHorsepower, cars, changed, opened } from './testing/fixtures';

const audit = (events: EventLike[]) => summarizeStream(events, () => ({ who: 'alice' }));
const slice = { slice_id: 7, slice_name: 'Power', owners: [1], dashboards: [] };

describe('explore summaries', () => {
  it('names a new chart "the chart being built" and says what a control was set to', () => {
    expect(audit([opened(), changed('metric', 'COUNT(*)'), changed('groupby', ['origin', 'name'])])).toEqual([
      "alice opened Explore on the dataset 'cars'",
      "alice changed the metric of the chart being built to 'COUNT(*)'",
      "alice changed the dimensions of the chart being built to 'origin', 'name'",
    ]);
  });

  it('names the chart as it was at each event, not as it is now', () => {
    const rename: ExploreEvent = { type: 'explore/sliceNameChanged', data: { name: 'Horsepower' } };
    const texts = audit([
      { ...opened(), data: { ...opened().data, slice } },
      changed('metric', avgHorsepower),
      rename,
      changed('show_legend', false),
      changed('adhoc_filters', []),
      changed('adhoc_filters', [
        { expressionType: 'SIMPLE', subject: 'origin', operator: 'IN', comparator: ['US', 'EU'], clause: 'WHERE' },
      ]),
    ]);
    expect(texts.slice(1)).toEqual([
      "alice changed the metric of the chart 'Power' to 'AVG(horsepower)'",
      "alice renamed the chart 'Power' to 'Horsepower'",
      "alice turned off the legend of the chart 'Horsepower'",
      "alice cleared the filters of the chart 'Horsepower'",
      "alice changed the filters of the chart 'Horsepower' to 'origin IN US, EU'",
    ]);
  });

  it('reads every event type, with no earlier events and with them', () => {
    const samples: SummarySamples<ExploreEvent> = {
      'explore/opened': {
        datasource: null,
        formData: { datasource: '', viz_type: 'table' },
        slice: null,
        maxRow: 10,
        isStarred: false,
      },
      'explore/controlChanged': { name: 'row_limit', value: { weird: true } },
      'explore/vizTypeChanged': { vizType: 'pie' },
      'explore/datasourceChanged': { datasource: cars },
      'explore/formDataStashed': { fields: ['groupby'] },
      'explore/formDataRestored': { fields: [] },
      'explore/sliceNameChanged': { name: '' },
      'explore/queryTriggered': { queryId: 'q', formData: { datasource: '', viz_type: 'table' }, force: true, at: 1 },
      'explore/chartLoaded': { queryId: 'q', queriesResponse: [], at: 2 },
      'explore/chartRendered': { queryId: 'q', at: 3 },
      'explore/chartFailed': { queryId: 'q', message: 'Column "x" does not exist', stackTrace: null, at: 3 },
      'explore/chartStopped': { queryId: 'q', at: 3 },
      'explore/sliceSaved': { slice },
      'explore/chartFavorited': {},
      'explore/chartUnfavorited': {},
    };
    const built = { ...exploreSummaries.names!.initial(), sliceName: 'Power' };
    expect(unreadableSummaries(exploreSummaries, samples, [{}, { before: built }])).toEqual([]);
  });

  it('counts the rows a query returned when the chart data API says', () => {
    const loaded: ExploreEvent = {
      type: 'explore/chartLoaded',
      data: { queryId: 'q', queriesResponse: [{ rowcount: 12 }], at: 1 },
    };
    expect(audit([opened(), loaded])[1]).toBe('the query of the chart being built returned 12 rows to alice');
  });
});

describe('viz type names in summaries', () => {
  it('says the readable name of a viz type, not its internal one', () => {
    const turned: ExploreEvent = { type: 'explore/vizTypeChanged', data: { vizType: 'echarts_timeseries_bar' } };
    expect(audit([opened(), turned])[1]).toBe('alice turned the chart being built into a Bar Chart');
    const created: EventLike = {
      type: 'chart/chartCreated',
      data: { id: 4, slice_name: 'Sales', viz_type: 'echarts_timeseries_line' },
    };
    expect(audit([created])).toEqual(["alice created the Line Chart 'Sales'"]);
  });

  it('one mapping: every viz type has a readable name; an unknown one shows as stored', () => {
    expect(vizTypeLabel('echarts_timeseries_smooth')).toBe('Smooth Line');
    expect(vizTypeLabel('deck_arc')).toBe('deck_arc');
  });
});
