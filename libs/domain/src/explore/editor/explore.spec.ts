import { deciderSpec } from '@strata/domain/testing';
import { exploreDecider } from './explore.decider';
import type { ExploreCommand } from './explore.commands';
import type { ExploreEvent } from './explore.events';
import type { ExploreState, SliceInfo } from './model';
import { avgHorsepower, cars, changed, flights, opened } from './testing/fixtures';

const spec = deciderSpec(exploreDecider);
const fold = (events: readonly ExploreEvent[]): ExploreState =>
  events.reduce(exploreDecider.evolve, exploreDecider.initialState());
const decideOn = (events: readonly ExploreEvent[], command: ExploreCommand) =>
  exploreDecider.decide(command, fold(events));
const bar = (extra: Record<string, unknown> = {}) =>
  opened(cars, { viz_type: 'echarts_timeseries_bar', x_axis: 'origin', metrics: [avgHorsepower], ...extra });

describe('Explore: opening', () => {
  it('charts-dashboards-reports §9: a new chart gets the default form: row_limit 1000, No filter, empty metrics and group by', () => {
    const state = fold([opened()]);
    expect(state.formData).toMatchObject({
      datasource: '1__table',
      viz_type: 'table',
      row_limit: 1000,
      time_range: 'No filter',
      metrics: [],
      groupby: [],
      query_mode: 'aggregate',
    });
    expect(state.status).toBe('ready');
  });

  it("a new chart starts with its dataset's default time grain; a form with a grain or a saved chart keeps its own", () => {
    const weekly = { ...cars, default_time_grain: 'P1W' };
    const open = (formData: Record<string, unknown>, slice: SliceInfo | null = null) =>
      decideOn([], { type: 'OpenExplore', data: { datasource: weekly, formData, slice } })[0];
    expect(open({ viz_type: 'table' })?.data).toMatchObject({ formData: { time_grain_sqla: 'P1W' } });
    expect(open({ viz_type: 'table', time_grain_sqla: 'P1D' })?.data).toMatchObject({
      formData: { time_grain_sqla: 'P1D' },
    });
    const saved = open({ viz_type: 'table' }, { slice_id: 3, slice_name: 'Saved', owners: [], dashboards: [] });
    expect(saved?.type === 'explore/opened' && saved.data.formData.time_grain_sqla).toBeUndefined();
    const plain = decideOn([], { type: 'OpenExplore', data: { datasource: cars, formData: { viz_type: 'table' } } })[0];
    expect(plain?.type === 'explore/opened' && plain.data.formData.time_grain_sqla).toBeUndefined();
  });

  it('charts-dashboards-reports §5: metrics are required: an empty metrics control is a validation error', () => {
    expect(fold([opened()]).validationErrors).toEqual({ metrics: ['cannot be empty'] });
    expect(fold([opened(), changed('metrics', ['count'])]).validationErrors).toEqual({});
  });

  it('charts-dashboards-reports §5: raw mode ignores metrics and requires columns instead', () => {
    const state = fold([opened(), changed('query_mode', 'raw')]);
    expect(state.validationErrors).toEqual({ all_columns: ['cannot be empty'] });
  });
});

describe('Explore: setting controls', () => {
  it('charts-dashboards-reports §4: setting a control records its value and revalidates it', () => {
    spec
      .given([bar()])
      .when({ type: 'SetControlValue', data: { name: 'row_limit', value: 500 } })
      .then([changed('row_limit', 500)]);
    expect(fold([bar(), changed('row_limit', 200000)]).validationErrors).toEqual({
      row_limit: ['Value cannot exceed 100000'],
    });
    expect(fold([bar(), changed('row_limit', '12.5')]).validationErrors).toEqual({
      row_limit: ['is expected to be an integer'],
    });
  });

  it('charts-dashboards-reports §5: the row limit cap is the server maximum row setting', () => {
    const small: ExploreEvent = { ...bar(), data: { ...(bar().data as object), maxRow: 5000 } } as ExploreEvent;
    expect(fold([small, changed('row_limit', 10000)]).validationErrors).toEqual({
      row_limit: ['Value cannot exceed 5000'],
    });
  });

  it('charts-dashboards-reports §5: a select without free-form input drops values outside its choices', () => {
    spec
      .given([bar()])
      .when({ type: 'SetControlValue', data: { name: 'series_limit', value: 7 } })
      .then([changed('series_limit', null)]);
    spec
      .given([bar()])
      .when({ type: 'SetControlValue', data: { name: 'time_compare', value: ['1 year ago', '9 years ago'] } })
      .then([changed('time_compare', ['1 year ago'])]);
    expect(fold([bar(), changed('series_limit', null)]).validationErrors).toEqual({
      series_limit: ['cannot be empty'],
    });
  });

  it('charts-dashboards-reports §5: columns and metrics the dataset lacks are dropped', () => {
    spec
      .given([bar()])
      .when({ type: 'SetControlValue', data: { name: 'groupby', value: ['origin', 'carrier'] } })
      .then([changed('groupby', ['origin'])]);
  });

  it('setting a control to the value it has is no change (and no undo step)', () => {
    spec
      .given([bar()])
      .when({ type: 'SetControlValue', data: { name: 'x_axis', value: 'origin' } })
      .then([]);
  });

  it('an unknown control is refused', () => {
    spec
      .given([bar()])
      .when({ type: 'SetControlValue', data: { name: 'nope', value: 1 } })
      .thenThrows('control_unknown');
  });

  it('charts-dashboards-reports §4: renaming a metric moves its column configuration to the new label', () => {
    const given = [
      opened(cars, { metrics: [avgHorsepower], column_config: { 'AVG(horsepower)': { d3NumberFormat: ',.1f' } } }),
    ];
    const renamed = { ...avgHorsepower, label: 'Mean HP', hasCustomLabel: true };
    spec
      .given(given)
      .when({ type: 'SetControlValue', data: { name: 'metrics', value: [renamed] } })
      .then([changed('metrics', [renamed]), changed('column_config', { 'Mean HP': { d3NumberFormat: ',.1f' } })]);
  });

  it('a render-only control does not make the chart stale; a query control does', () => {
    const ran: ExploreEvent = {
      type: 'explore/queryTriggered',
      data: { queryId: 'q1', formData: fold([bar()]).formData, force: false, at: 1 },
    };
    expect(fold([bar(), ran, changed('stack', true)]).stale).toBe(false);
    expect(fold([bar(), ran, changed('row_limit', 50)]).stale).toBe(true);
  });
});

describe('Explore: viz type changes stash and restore form data', () => {
  it('charts-dashboards-reports §4: controls the new type does not show are stashed and come back on return', () => {
    const toPie = fold([
      bar({ series_limit: 10, rolling_type: 'mean', rolling_periods: 7 }),
      { type: 'explore/vizTypeChanged', data: { vizType: 'pie' } },
    ]);
    // The bar's categorical x-axis is the pie's dimension (issue 16: it was dropped, one slice).
    expect(toPie.formData).toMatchObject({ viz_type: 'pie', metric: avgHorsepower, groupby: ['origin'] });
    expect(toPie.formData).not.toHaveProperty('rolling_type');
    expect(toPie.hiddenFormData).toMatchObject({
      rolling_type: 'mean',
      rolling_periods: 7,
      series_limit: 10,
      metrics: [avgHorsepower],
      x_axis: 'origin',
    });

    const back = exploreDecider.evolve(toPie, {
      type: 'explore/vizTypeChanged',
      data: { vizType: 'echarts_timeseries_bar' },
    });
    expect(back.formData).toMatchObject({
      viz_type: 'echarts_timeseries_bar',
      rolling_type: 'mean',
      rolling_periods: 7,
      series_limit: 10,
      metrics: [avgHorsepower],
      x_axis: 'origin',
    });
    expect(back.hiddenFormData).toHaveProperty('metric', avgHorsepower);
  });

  it('issue 16: a drawn chart switched to another type is redrawn as that type in the same step', () => {
    const ran: ExploreEvent = {
      type: 'explore/queryTriggered',
      data: { queryId: 'q1', formData: fold([bar()]).formData, force: false, at: 1 },
    };
    const events = decideOn([bar(), ran], {
      type: 'ChangeVizType',
      data: { vizType: 'pie', query: { queryId: 'q2', at: 2 } },
    });
    expect(events.map((e) => e.type)).toEqual(['explore/vizTypeChanged', 'explore/queryTriggered']);
    expect(events[1]?.data).toMatchObject({ queryId: 'q2', formData: { viz_type: 'pie', groupby: ['origin'] } });
    // Not drawn yet: nothing to redraw.
    expect(
      decideOn([bar()], { type: 'ChangeVizType', data: { vizType: 'pie', query: { queryId: 'q2', at: 2 } } }),
    ).toHaveLength(1);
  });

  it('changing to the same type is no change', () => {
    spec
      .given([bar()])
      .when({ type: 'ChangeVizType', data: { vizType: 'echarts_timeseries_bar' } })
      .then([]);
  });

  it('charts-dashboards-reports §4: StashFormData hides named fields and RestoreFormData brings them back', () => {
    const stashed = fold([bar(), { type: 'explore/formDataStashed', data: { fields: ['time_compare'] } }]);
    expect(stashed.formData).not.toHaveProperty('time_compare');
    expect(stashed.hiddenFormData).toEqual({ time_compare: [] });
    spec
      .given([bar(), { type: 'explore/formDataStashed', data: { fields: ['time_compare'] } }])
      .when({ type: 'RestoreFormData', data: { fields: ['time_compare', 'nope'] } })
      .then([{ type: 'explore/formDataRestored', data: { fields: ['time_compare'] } }]);
  });
});

describe('Explore: datasource change remaps controls', () => {
  it('charts-dashboards-reports §4, §5: columns and metrics the new dataset lacks are dropped, the rest listed as transferred', () => {
    const filters = [
      {
        expressionType: 'SIMPLE',
        subject: 'origin',
        operatorId: 'EQUALS',
        operator: '==',
        comparator: 'USA',
        clause: 'WHERE',
      },
      {
        expressionType: 'SIMPLE',
        subject: 'horsepower',
        operatorId: 'GREATER_THAN',
        operator: '>',
        comparator: 100,
        clause: 'WHERE',
      },
      { expressionType: 'SQL', sqlExpression: '1 = 1', clause: 'WHERE' },
    ];
    const state = fold([
      bar({ groupby: ['origin', 'name'], metrics: [avgHorsepower, 'count'], adhoc_filters: filters }),
      { type: 'explore/datasourceChanged', data: { datasource: flights } },
    ]);
    expect(state.formData).toMatchObject({
      datasource: '2__table',
      groupby: ['origin'],
      metrics: ['count'],
      adhoc_filters: [filters[0], filters[2]],
      x_axis: 'origin',
    });
    expect([...state.controlsTransferred].sort()).toEqual(['adhoc_filters', 'groupby', 'metrics', 'x_axis']);
  });

  it('a time column the new dataset lacks becomes its main time column', () => {
    const state = fold([bar({ x_axis: 'year' }), { type: 'explore/datasourceChanged', data: { datasource: flights } }]);
    expect(state.formData.x_axis).toBe('date');
  });

  it('charts-dashboards-reports §4: on a datasource reset, a failed chart with a stack trace returns to the empty status', () => {
    const failed: ExploreEvent[] = [
      bar(),
      { type: 'explore/queryTriggered', data: { queryId: 'q', formData: fold([bar()]).formData, force: false, at: 1 } },
      { type: 'explore/chartFailed', data: { queryId: 'q', message: 'boom', stackTrace: 'at x', at: 2 } },
      { type: 'explore/datasourceChanged', data: { datasource: flights } },
    ];
    expect(fold(failed).chart).toMatchObject({ chartStatus: null, chartAlert: null, chartStackTrace: null });
  });
});

describe('Explore: the chart status lifecycle (charts-dashboards-reports §4)', () => {
  const q = (id: string): ExploreCommand => ({ type: 'TriggerQuery', data: { queryId: id, at: 10 } });
  const triggered = (id: string): ExploreEvent => ({
    type: 'explore/queryTriggered',
    data: { queryId: id, formData: fold([bar()]).formData, force: false, at: 10 },
  });

  it('loading → success → rendered', () => {
    expect(decideOn([bar()], q('q1'))).toEqual([triggered('q1')]);
    let s = fold([bar(), triggered('q1')]);
    expect(s.chart).toMatchObject({ chartStatus: 'loading', chartUpdateStartTime: 10, queryId: 'q1' });
    s = exploreDecider.evolve(s, {
      type: 'explore/chartLoaded',
      data: { queryId: 'q1', queriesResponse: [{ data: [] }], at: 20 },
    });
    expect(s.chart).toMatchObject({ chartStatus: 'success', chartUpdateEndTime: 20, queriesResponse: [{ data: [] }] });
    s = exploreDecider.evolve(s, { type: 'explore/chartRendered', data: { queryId: 'q1', at: 21 } });
    expect(s.chart).toMatchObject({ chartStatus: 'rendered', lastRendered: 21 });
  });

  it("stopped: the alert reads 'Updating chart was stopped', and a late answer is ignored", () => {
    spec
      .given([bar(), triggered('q1')])
      .when({ type: 'StopQuery', data: { at: 12 } })
      .then([{ type: 'explore/chartStopped', data: { queryId: 'q1', at: 12 } }]);
    const stopped = [
      bar(),
      triggered('q1'),
      { type: 'explore/chartStopped', data: { queryId: 'q1', at: 12 } } as ExploreEvent,
    ];
    expect(fold(stopped).chart).toMatchObject({ chartStatus: 'stopped', chartAlert: 'Updating chart was stopped' });
    spec
      .given(stopped)
      .when({ type: 'RecordChartSuccess', data: { queryId: 'q1', queriesResponse: [], at: 13 } })
      .then([]);
  });

  it('an answer for a superseded query is ignored', () => {
    spec
      .given([bar(), triggered('q1'), triggered('q2')])
      .when({ type: 'RecordChartSuccess', data: { queryId: 'q1', queriesResponse: [], at: 13 } })
      .then([]);
  });

  it('failed: a query failure clears the data; a render failure keeps it', () => {
    const loaded: ExploreEvent = {
      type: 'explore/chartLoaded',
      data: { queryId: 'q1', queriesResponse: [{ data: [1] }], at: 11 },
    };
    spec
      .given([bar(), triggered('q1'), loaded])
      .when({
        type: 'RecordChartFailure',
        data: { queryId: 'q1', message: 'An error occurred while rendering the visualization: x', at: 12 },
      })
      .thenState({
        ...fold([bar(), triggered('q1'), loaded]),
        chart: {
          ...fold([bar(), triggered('q1'), loaded]).chart,
          chartStatus: 'failed',
          chartAlert: 'An error occurred while rendering the visualization: x',
          chartUpdateEndTime: 12,
        },
      });
    const failed = fold([
      bar(),
      triggered('q1'),
      { type: 'explore/chartFailed', data: { queryId: 'q1', message: 'no such column', stackTrace: null, at: 12 } },
    ]);
    expect(failed.chart).toMatchObject({ chartStatus: 'failed', chartAlert: 'no such column', queriesResponse: null });
  });

  it('charts-dashboards-reports §4: validation errors block running the query', () => {
    spec.given([opened()]).when(q('q1')).thenThrows('controls_invalid');
  });

  it('nothing can be queried before a chart or dataset is open', () => {
    spec.given([]).when(q('q1')).thenThrows('explore_not_opened');
  });
});

describe('Explore: slice name, save and star', () => {
  it('a chart name cannot be empty', () => {
    spec
      .given([bar()])
      .when({ type: 'RenameSlice', data: { name: '  ' } })
      .thenThrows('slice_name_empty');
    spec
      .given([bar()])
      .when({ type: 'RenameSlice', data: { name: ' HP by origin ' } })
      .then([{ type: 'explore/sliceNameChanged', data: { name: 'HP by origin' } }]);
  });

  it('charts-dashboards-reports §4: favouriting and unfavouriting the open chart set its star', () => {
    spec
      .given([bar()])
      .when({ type: 'FavoriteChart', data: {} })
      .then([{ type: 'explore/chartFavorited', data: {} }]);
    expect(fold([bar(), { type: 'explore/chartFavorited', data: {} }]).isStarred).toBe(true);
    spec
      .given([bar(), { type: 'explore/chartFavorited', data: {} }])
      .when({ type: 'UnfavoriteChart', data: {} })
      .then([{ type: 'explore/chartUnfavorited', data: {} }]);
    expect(
      fold([bar(), { type: 'explore/chartFavorited', data: {} }, { type: 'explore/chartUnfavorited', data: {} }])
        .isStarred,
    ).toBe(false);
  });

  it('favouriting a starred chart or unfavouriting an unstarred one is no change', () => {
    spec
      .given([bar(), { type: 'explore/chartFavorited', data: {} }])
      .when({ type: 'FavoriteChart', data: {} })
      .then([]);
    spec.given([bar()]).when({ type: 'UnfavoriteChart', data: {} }).then([]);
  });

  it('a saved slice gives the chart its id and name', () => {
    const slice = { slice_id: 7, slice_name: 'HP', owners: [1], dashboards: [] };
    expect(fold([bar(), { type: 'explore/sliceSaved', data: { slice } }])).toMatchObject({ slice, sliceName: 'HP' });
  });
});
