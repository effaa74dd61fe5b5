import type { Options } from 'highcharts';
import { transformProps as area } from '../area/transformProps';
import { transformProps as bar } from '../bar/transformProps';
import { transformProps as line } from '../line/transformProps';
import { carsDatasource, dailyFlights, DAY, JAN_1_2005 } from '../testing/fixtures';
import { seriesOf, xAxisOf } from '../testing/highcharts-options';
import { chartLabels, withLabelColors } from '../shared/label-colors';
import { timeOf, withAnnotations } from './annotations';

const formula = { name: 'Target', annotationType: 'FORMULA', sourceType: '', value: 'y = 5000', color: '#ff0000' };
const events = {
  name: 'Launches',
  annotationType: 'EVENT',
  sourceType: 'table',
  value: 3,
  timeColumn: 'ds',
  titleColumn: 'title',
  descriptionColumns: ['note'],
  style: 'dashed',
};
const intervals = {
  ...events,
  name: 'Outages',
  annotationType: 'INTERVAL',
  intervalEndColumn: 'end',
  opacity: 'opacityHigh',
};
const series = { name: 'Last year', annotationType: 'TIME_SERIES', sourceType: 'line', value: 4, hideLine: true };

const annotated = (layers: unknown[], annotation_data: Record<string, unknown> = {}) => ({
  formData: { viz_type: 'echarts_timeseries_line', x_axis: 'date', metrics: ['count'], annotation_layers: layers },
  queriesData: [{ ...dailyFlights, annotation_data }],
});

describe('annotation layers on line, bar and area charts', () => {
  it.each([
    ['line', line],
    ['bar', bar],
    ['area', area],
  ])('the %s chart draws a formula over its x values and events as plot lines', (_name, transform) => {
    const { formData, queriesData } = annotated([formula, events], {
      Launches: { records: [{ ds: '2005-01-02T00:00:00', title: 'v1', note: 'first' }] },
    });
    const options = transform(formData, queriesData, carsDatasource);
    const drawn = seriesOf(options);
    expect(drawn).toHaveLength(2);
    expect(drawn[1]).toMatchObject({ type: 'line', name: 'Target', color: '#ff0000', stacking: undefined });
    expect(drawn[1]!.data).toEqual([0, 1, 2, 3].map((i) => [JAN_1_2005 + i * DAY, 5000]));
    expect(xAxisOf(options).plotLines).toEqual([
      expect.objectContaining({
        value: JAN_1_2005 + DAY,
        dashStyle: 'Dash',
        className: 'strata-annotation-event',
        label: expect.objectContaining({ text: 'v1 – first' }),
      }),
    ]);
  });

  it("draws intervals as bands in the layer's colour and opacity, and another chart's series as lines", () => {
    const { formData, queriesData } = annotated([{ ...intervals, color: '#00ff00' }, series], {
      Outages: { records: [{ ds: JAN_1_2005, end: JAN_1_2005 + DAY, title: 'down' }] },
      'Last year': [
        {
          key: 'avg',
          values: [
            { x: JAN_1_2005, y: 1 },
            { x: '2005-01-02', y: null },
          ],
        },
      ],
    });
    const options = line(formData, queriesData, carsDatasource);
    expect(xAxisOf(options).plotBands).toEqual([
      expect.objectContaining({ from: JAN_1_2005, to: JAN_1_2005 + DAY, color: 'rgba(0, 255, 0, 0.8)' }),
    ]);
    expect(seriesOf(options)[1]).toMatchObject({
      name: 'Last year',
      lineWidth: 0,
      marker: { enabled: true },
      data: [
        [JAN_1_2005, 1],
        [JAN_1_2005 + DAY, null],
      ],
    });
  });

  it('leaves out hidden layers, layers without data yet and bad formulas; no layers is the same options', () => {
    const { formData, queriesData } = annotated([
      { ...formula, show: false },
      events,
      { ...formula, name: 'Bad', value: 'y = alert(1)' },
    ]);
    const options = line(formData, queriesData, carsDatasource);
    expect(seriesOf(options)).toHaveLength(1);
    expect(xAxisOf(options).plotLines).toEqual([]);
    const plain: Options = { series: [] };
    expect(withAnnotations(plain, {})).toBe(plain);
  });

  it('reads record times as epoch ms or UTC text', () => {
    expect(timeOf(5)).toBe(5);
    expect(timeOf('2005-01-01 00:00:00')).toBe(JAN_1_2005);
    expect(timeOf('2005-01-01')).toBe(JAN_1_2005);
    expect(timeOf('nope')).toBeNull();
    expect(timeOf(null)).toBeNull();
  });
});

describe('annotation layers on a dashboard', () => {
  it("keep their own colour: they are not among the chart's labels a dashboard colours", () => {
    const { formData, queriesData } = annotated([formula]);
    const options = line(formData, queriesData, carsDatasource);
    expect(chartLabels(options)).toEqual(['Flights']);
    const coloured = withLabelColors(options, { Flights: '#123456', Target: '#654321' });
    expect(seriesOf(coloured).map((s) => (s as { color?: string }).color)).toEqual(['#123456', '#ff0000']);
  });
});
