import { unreadableSummaries, type SummarySamples } from '../../audit/testing/readable';
import { drillByColumns, drillByFormData, drillDetailRequest, type DrillFilter } from './drill-query';
import { DRILL_DETAIL_PAGE_SIZE, drillFold, drillPageCount, type DrillEvent, type DrillState } from './drill.events';
import { drillSummaries } from './drill.summaries';

const target = {
  title: 'Cars by origin',
  datasource: '7__table',
  formData: {
    viz_type: 'echarts_timeseries_bar',
    datasource: '7__table',
    x_axis: 'origin',
    metrics: ['count'],
    groupby: [],
    adhoc_filters: [
      { expressionType: 'SIMPLE', clause: 'WHERE', subject: 'cylinders', operator: '>', comparator: 4 },
      { expressionType: 'SQL', clause: 'HAVING', sqlExpression: 'count(*) > 1' },
    ],
    time_range: 'No filter',
    slice_id: 3,
  },
};
const japan: DrillFilter[] = [{ col: 'origin', op: 'IN', val: ['Japan'] }];

const given = (...events: DrillEvent[]): DrillState => events.reduce(drillFold.evolve, drillFold.initialState());

describe('drill modals', () => {
  it('drill to detail opens on page 1 loading; the page read fills it', () => {
    const state = given(
      { type: 'drill/detailOpened', data: { target, filters: japan, label: 'Japan' } },
      { type: 'drill/detailPageLoaded', data: { page: 1, colnames: ['name'], rows: [{ name: 'datsun' }], total: 79 } },
    );
    expect(state.modal).toMatchObject({ kind: 'detail', page: 1, status: 'loaded', total: 79, label: 'Japan' });
    expect(state.modal?.kind === 'detail' && drillPageCount(state.modal)).toBe(Math.ceil(79 / DRILL_DETAIL_PAGE_SIZE));
  });

  it('an answer for a page the user has left is ignored; a failure shows on the page it is for', () => {
    const opened: DrillEvent = { type: 'drill/detailOpened', data: { target, filters: [], label: null } };
    const state = given(
      opened,
      { type: 'drill/detailPageRequested', data: { page: 2 } },
      { type: 'drill/detailPageLoaded', data: { page: 1, colnames: ['name'], rows: [], total: 400 } },
    );
    expect(state.modal).toMatchObject({ page: 2, status: 'loading' });
    expect(given(opened, { type: 'drill/detailFailed', data: { page: 1, message: 'Timeout' } }).modal).toMatchObject({
      status: 'failed',
      message: 'Timeout',
    });
  });

  it('drill by waits for a column; closing ends either modal', () => {
    const opened: DrillEvent = {
      type: 'drill/byOpened',
      data: { target, filters: japan, label: 'Japan', columns: ['year', 'cylinders'] },
    };
    expect(given(opened).modal).toMatchObject({ kind: 'by', column: null });
    const chosen: DrillEvent = { type: 'drill/byColumnChosen', data: { column: 'year' } };
    expect(given(opened, chosen).modal).toMatchObject({ column: 'year', status: 'loading' });
    expect(
      given(opened, chosen, { type: 'drill/byLoaded', data: { column: 'year', result: [{}] } }).modal,
    ).toMatchObject({ status: 'loaded', result: [{}] });
    // The data of a column the user has since left is not shown.
    expect(
      given(opened, chosen, { type: 'drill/byLoaded', data: { column: 'origin', result: [] } }).modal,
    ).toMatchObject({ status: 'loading', result: null });
    expect(given(opened, { type: 'drill/closed', data: {} }).modal).toBeNull();
    // A page turn without the detail modal open changes nothing.
    expect(given(opened, { type: 'drill/detailPageRequested', data: { page: 3 } }).modal).toMatchObject({ kind: 'by' });
  });

  it("the rows' request keeps the chart's WHERE filters and time range, adds the point's, drops HAVING", () => {
    const request = drillDetailRequest(target.formData, target.datasource, japan, 2, 50);
    expect(request?.params).toEqual({ datasource_id: 7, datasource_type: 'table', page: 2, per_page: 50 });
    expect(request?.body.filters).toEqual([
      { col: 'cylinders', op: '>', val: 4 },
      { col: 'origin', op: 'IN', val: ['Japan'] },
    ]);
    expect(request?.body.extras).toEqual({});
    expect(drillDetailRequest(target.formData, 'not a key', [], 1, 50)).toBeNull();
  });

  it("drill by re-groups the chart's dimension by the column chosen, filtered to the point, not as the saved chart", () => {
    const next = drillByFormData(target.formData, 'cylinders', japan);
    expect(next).toMatchObject({ x_axis: 'cylinders', groupby: [], metrics: ['count'] });
    expect(next.adhoc_filters).toHaveLength(3);
    expect((next.adhoc_filters as unknown[])[2]).toMatchObject({
      subject: 'origin',
      operator: 'IN',
      comparator: ['Japan'],
    });
    expect(next.slice_id).toBeUndefined();
    expect(drillByFormData({ viz_type: 'pie', groupby: ['origin'] }, 'year', [])).toMatchObject({ groupby: ['year'] });
    const columns = [{ column_name: 'origin' }, { column_name: 'year' }, { column_name: 'mpg', groupby: false }];
    expect(drillByColumns(columns, target.formData)).toEqual(['year']);
  });

  it('every drill fact reads as words in the audit log', () => {
    const samples: SummarySamples<DrillEvent> = {
      'drill/detailOpened': { target, filters: japan, label: 'Japan' },
      'drill/detailPageRequested': { page: 2 },
      'drill/detailPageLoaded': { page: 2, colnames: [], rows: [], total: 0 },
      'drill/detailFailed': { page: 2, message: 'Timeout' },
      'drill/byOpened': { target, filters: [], label: null, columns: [] },
      'drill/byColumnChosen': { column: 'year' },
      'drill/byLoaded': { column: 'year', result: [] },
      'drill/byFailed': { column: 'year', message: 'Timeout' },
      'drill/closed': {},
    };
    expect(unreadableSummaries(drillSummaries, samples)).toEqual([]);
  });
});
