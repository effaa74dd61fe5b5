import { act, render, screen } from '@testing-library/react';
import { ChartRenderer, NO_RESULTS, renderErrorMessage, VIZ_TYPES } from '.';
import { Highcharts } from './shared/highcharts';
import { carsDatasource, carsHorsepowerByOrigin, dailyFlights, result, stocksBySymbol } from './testing/fixtures';

const size = { width: 600, height: 400 };

/** Fires a point event as Highcharts does on a click (firePointEvent is public but not in the typings). */
function clickPoint(point: Highcharts.Point) {
  act(() => (point as unknown as { firePointEvent(type: string, event: object): void }).firePointEvent('click', {}));
}

/** The Highcharts chart drawn inside a container (Highcharts keeps every live chart in Highcharts.charts). */
function chartIn(container: HTMLElement): Highcharts.Chart {
  const chart = Highcharts.charts.find((c) => c && container.contains(c.container));
  if (!chart) throw new Error('no Highcharts chart rendered');
  return chart;
}

describe('ChartRenderer', () => {
  it('lists the viz types by their wire keys', () => {
    const keys = VIZ_TYPES.map((t) => t.key);
    for (const key of [
      'table',
      'big_number_total',
      'big_number',
      'echarts_timeseries_line',
      'echarts_timeseries_bar',
      'echarts_area',
      'echarts_timeseries_scatter',
      'pie',
      'pivot_table_v2',
      'histogram_v2',
      'box_plot',
      'heatmap_v2',
      'funnel',
      'gauge_chart',
      'treemap_v2',
      'waterfall',
      'mixed_timeseries',
    ]) {
      expect(keys).toContain(key);
    }
    expect(new Set(keys).size).toBe(keys.length);
    expect(VIZ_TYPES.every((t) => t.label && t.description)).toBe(true);
  });

  it('mounts a Highcharts line chart with the series and reports it rendered', () => {
    const onRendered = jest.fn();
    const { container } = render(
      <ChartRenderer
        vizType="echarts_timeseries_line"
        formData={{ x_axis: 'date', metrics: ['MAX(price)'], groupby: ['symbol'] }}
        queriesData={[stocksBySymbol]}
        {...size}
        onRendered={onRendered}
      />,
    );
    expect(onRendered).toHaveBeenCalledTimes(1);
    const chart = chartIn(container);
    expect(chart.series.map((s) => [s.name, s.type, s.points.length])).toEqual([
      ['AAPL', 'line', 3],
      ['MSFT', 'line', 3],
    ]);
    expect(container.querySelectorAll('.highcharts-series path.highcharts-graph')).toHaveLength(2);
    expect(screen.getByTestId('viz-echarts_timeseries_line')).toBeInTheDocument();
  });

  it('boosts a series of more than 5,000 points', () => {
    const rows = Array.from({ length: 8000 }, (_, i) => ({ date: i * 60_000, count: i % 17 }));
    const onRendered = jest.fn();
    // jsdom has neither WebGL nor canvas: Highcharts says so, and still marks the series boosted.
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { container } = render(
      <ChartRenderer
        vizType="echarts_timeseries_line"
        formData={{ x_axis: 'date', metrics: ['count'] }}
        queriesData={[result(['date', 'count'], [2, 0], rows)]}
        {...size}
        onRendered={onRendered}
      />,
    );
    warn.mockRestore();
    error.mockRestore();
    const series = chartIn(container).series[0] as Highcharts.Series & { boosted?: boolean };
    expect(series.boosted).toBe(true);
    expect(onRendered).toHaveBeenCalledTimes(1);
  });

  it('reports rendered again when new data arrives', () => {
    const onRendered = jest.fn();
    const formData = { x_axis: 'date', metrics: ['count'] };
    const { rerender, container } = render(
      <ChartRenderer
        vizType="echarts_timeseries_bar"
        formData={formData}
        queriesData={[dailyFlights]}
        {...size}
        onRendered={onRendered}
      />,
    );
    const fewer = result(dailyFlights.colnames, dailyFlights.coltypes, dailyFlights.data.slice(0, 2));
    rerender(
      <ChartRenderer
        vizType="echarts_timeseries_bar"
        formData={formData}
        queriesData={[fewer]}
        {...size}
        onRendered={onRendered}
      />,
    );
    expect(onRendered).toHaveBeenCalledTimes(2);
    expect(chartIn(container).series[0]!.points).toHaveLength(2);
  });

  it('sends a cross-filter when a pie slice is clicked', () => {
    const onCrossFilter = jest.fn();
    const { container } = render(
      <ChartRenderer
        vizType="pie"
        formData={{ groupby: ['origin'], metric: 'AVG(horsepower)' }}
        queriesData={[carsHorsepowerByOrigin]}
        datasource={carsDatasource}
        {...size}
        onCrossFilter={onCrossFilter}
      />,
    );
    const chart = chartIn(container);
    expect(chart.series[0]!.points.map((p) => p.name)).toEqual(['USA', 'Europe', 'Japan']);
    clickPoint(chart.series[0]!.points[1]!);
    expect(onCrossFilter).toHaveBeenCalledWith({
      filters: [{ col: 'origin', op: 'IN', val: ['Europe'] }],
      label: 'Europe',
    });
  });

  it('sends a cross-filter on the category of a clicked bar', () => {
    const onCrossFilter = jest.fn();
    const { container } = render(
      <ChartRenderer
        vizType="echarts_timeseries_bar"
        formData={{ x_axis: 'origin', metrics: ['AVG(horsepower)'] }}
        queriesData={[carsHorsepowerByOrigin]}
        {...size}
        onCrossFilter={onCrossFilter}
      />,
    );
    const chart = chartIn(container);
    clickPoint(chart.series[0]!.points[2]!);
    expect(onCrossFilter).toHaveBeenCalledWith({
      filters: [{ col: 'origin', op: 'IN', val: ['Japan'] }],
      label: 'Japan',
    });
  });

  it.each([
    ['heatmap_v2', { x_axis: 'origin', groupby: ['origin'], metric: 'AVG(horsepower)' }, 'heatmap'],
    ['treemap_v2', { groupby: ['origin'], metric: 'AVG(horsepower)' }, 'treemap'],
    ['funnel', { groupby: ['origin'], metric: 'AVG(horsepower)' }, 'funnel'],
    ['gauge_chart', { metric: 'AVG(horsepower)' }, 'gauge'],
    ['box_plot', { groupby: ['origin'], metrics: ['AVG(horsepower)'] }, 'boxplot'],
    ['waterfall', { x_axis: 'origin', metric: 'AVG(horsepower)' }, 'waterfall'],
  ])('mounts %s with the Highcharts modules it needs', (vizType, formData, seriesType) => {
    const onRendered = jest.fn();
    const onError = jest.fn();
    const { container } = render(
      <ChartRenderer
        vizType={vizType}
        formData={formData}
        queriesData={[carsHorsepowerByOrigin]}
        {...size}
        onRendered={onRendered}
        onError={onError}
      />,
    );
    expect(onError).not.toHaveBeenCalled();
    expect(onRendered).toHaveBeenCalled();
    expect(chartIn(container).series[0]!.type).toBe(seriesType);
  });

  it('shows the big number and its subheader', () => {
    const onRendered = jest.fn();
    render(
      <ChartRenderer
        vizType="big_number_total"
        formData={{ metric: 'count', subheader: 'flights', y_axis_format: ',d' }}
        queriesData={[result(['count'], [0], [{ count: 200000 }])]}
        {...size}
        onRendered={onRendered}
      />,
    );
    expect(screen.getByText('200,000')).toBeInTheDocument();
    expect(screen.getByText('flights')).toBeInTheDocument();
    expect(onRendered).toHaveBeenCalledTimes(1);
  });

  it('shows the big number with its change and trendline', () => {
    const onRendered = jest.fn();
    const { container } = render(
      <ChartRenderer
        vizType="big_number"
        formData={{ metric: 'count', x_axis: 'date', compare_lag: 1, y_axis_format: ',d' }}
        queriesData={[dailyFlights]}
        {...size}
        onRendered={onRendered}
      />,
    );
    expect(screen.getByText('6,012')).toBeInTheDocument();
    expect(screen.getByTestId('big-number-change')).toHaveTextContent('+9.3%');
    expect(chartIn(container).series[0]!.type).toBe('area');
    expect(onRendered).toHaveBeenCalledTimes(1);
  });

  it('draws the pivot table as an HTML table', () => {
    render(
      <ChartRenderer
        vizType="pivot_table_v2"
        formData={{ groupbyRows: ['origin'], metrics: ['AVG(horsepower)'], valueFormat: ',.1f', rowTotals: true }}
        queriesData={[carsHorsepowerByOrigin]}
        {...size}
      />,
    );
    const table = screen.getByRole('table');
    expect(table).toHaveTextContent('Europe');
    expect(screen.getByText('Total (Sum)')).toBeInTheDocument();
    expect(screen.getByText('279.4')).toBeInTheDocument();
  });

  it('says so when the query returned no rows, and still reports rendered', () => {
    const onRendered = jest.fn();
    render(
      <ChartRenderer
        vizType="pie"
        formData={{ groupby: ['origin'], metric: 'count' }}
        queriesData={[result(['origin', 'count'], [1, 0], [])]}
        {...size}
        onRendered={onRendered}
      />,
    );
    expect(screen.getByText(NO_RESULTS)).toBeInTheDocument();
    expect(onRendered).toHaveBeenCalledTimes(1);
  });

  it('reports an unknown viz type and a failed query as rendering errors', () => {
    const onError = jest.fn();
    const { rerender } = render(
      <ChartRenderer
        vizType="word_cloud_3000"
        formData={{}}
        queriesData={[dailyFlights]}
        {...size}
        onError={onError}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(renderErrorMessage('Unknown chart type: word_cloud_3000'));
    expect(onError).toHaveBeenCalledWith(new Error('Unknown chart type: word_cloud_3000'));
    rerender(
      <ChartRenderer
        vizType="pie"
        formData={{}}
        queriesData={[{ ...dailyFlights, status: 'failed', error: 'column "x" does not exist' }]}
        {...size}
        onError={onError}
      />,
    );
    expect(onError).toHaveBeenLastCalledWith(new Error('column "x" does not exist'));
  });

  it('turns an error thrown while drawing into the rendering message', () => {
    const onError = jest.fn();
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    // A result whose data is not a list of rows breaks the transform.
    const broken = { ...dailyFlights, data: [null] as unknown as typeof dailyFlights.data };
    render(
      <ChartRenderer
        vizType="echarts_timeseries_line"
        formData={{ x_axis: 'date', metrics: ['count'] }}
        queriesData={[broken]}
        {...size}
        onError={onError}
      />,
    );
    spy.mockRestore();
    expect(onError).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('alert').textContent).toMatch(/^An error occurred while rendering the visualization: /);
  });
});

describe('ChartRenderer with a host that re-creates its props', () => {
  it('does not redraw or report rendered again for equal form data and a new handler', () => {
    const onRendered = jest.fn();
    const formData = () => ({ x_axis: 'origin', metrics: ['AVG(horsepower)'] });
    const { rerender } = render(
      <ChartRenderer
        vizType="echarts_timeseries_bar"
        formData={formData()}
        queriesData={[carsHorsepowerByOrigin]}
        {...size}
        onRendered={onRendered}
        onCrossFilter={() => undefined}
      />,
    );
    rerender(
      <ChartRenderer
        vizType="echarts_timeseries_bar"
        formData={formData()}
        queriesData={[carsHorsepowerByOrigin]}
        {...size}
        onRendered={() => onRendered()}
        onCrossFilter={() => undefined}
      />,
    );
    expect(onRendered).toHaveBeenCalledTimes(1);
    rerender(
      <ChartRenderer
        vizType="echarts_timeseries_bar"
        formData={{ ...formData(), show_legend: false }}
        queriesData={[carsHorsepowerByOrigin]}
        {...size}
        onRendered={onRendered}
      />,
    );
    expect(onRendered).toHaveBeenCalledTimes(2);
  });

  describe('temporal values as the chart data API answers them (epoch ms, UTC)', () => {
    const epochDigits = /\b1\d{12}\b/;

    it('a table shows dates, not numbers', () => {
      const { container } = render(
        <ChartRenderer
          vizType="table"
          formData={{
            query_mode: 'aggregate',
            groupby: ['date'],
            metrics: ['count'],
            table_timestamp_format: '%Y-%m-%d',
          }}
          queriesData={[dailyFlights]}
          {...size}
          onRendered={jest.fn()}
        />,
      );
      expect(container.textContent).toContain('2005-01-01');
      expect(container.textContent).toContain('2005-01-04');
      expect(container.textContent).not.toMatch(epochDigits);
    });

    it('a line chart labels its time axis and tooltip with dates, not numbers', () => {
      const { container } = render(
        <ChartRenderer
          vizType="echarts_timeseries_line"
          formData={{ x_axis: 'date', metrics: ['count'], x_axis_time_format: '%Y-%m-%d' }}
          queriesData={[dailyFlights]}
          {...size}
          onRendered={jest.fn()}
        />,
      );
      const chart = chartIn(container);
      expect(chart.xAxis[0]!.options.type).toBe('datetime');
      const labels = [...container.querySelectorAll('.highcharts-xaxis-labels text')].map((t) => t.textContent ?? '');
      expect(labels.length).toBeGreaterThan(0);
      expect(labels.join(' ')).toMatch(/2005-01-0\d/);
      expect(labels.join(' ')).not.toMatch(epochDigits);
      act(() => chart.tooltip.refresh(chart.series[0]!.points[1]!));
      const tooltip = container.querySelector('.highcharts-tooltip')?.textContent ?? '';
      expect(tooltip).toContain('2005-01-02');
      expect(tooltip).not.toMatch(epochDigits);
    });
  });
});
