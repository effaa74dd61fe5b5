import { cars } from '../editor/testing/fixtures';
import { controlDef, CONTROLS } from './control-defs';
import { ROW_LIMIT_CHOICES, SERIES_LIMIT_CHOICES } from './constants';
import { parseMetricLabel, metricLabel } from './metric-label';
import { validateOrderByOptions } from './orderby';
import { fitToDatasource } from './remap';
import { normalizeControlValue, validateControlValue, visibleControls } from './validation';
import { VIZ_PANELS, vizControlNames } from './viz-panels';

const ctx = { maxRow: 100000 };

describe('Explore controls (charts-dashboards-reports §5, §9)', () => {
  it('charts-dashboards-reports §9: row limit choices and the control default', () => {
    const rowLimit = controlDef('row_limit')!;
    expect(rowLimit.choices!.map(([v]) => v)).toEqual([...ROW_LIMIT_CHOICES]);
    expect(rowLimit.default(null)).toBe(10000);
    expect(validateControlValue(rowLimit, 100001, ctx)).toEqual(['Value cannot exceed 100000']);
    expect(validateControlValue(rowLimit, 100000, ctx)).toEqual([]);
    expect(validateControlValue(rowLimit, '', ctx)).toEqual(['cannot be empty']);
    expect(validateControlValue(rowLimit, 'ten', ctx)).toEqual(['is expected to be an integer']);
  });

  it('charts-dashboards-reports §9: series limit choices; charts-dashboards-reports §5 it needs a value', () => {
    const seriesLimit = controlDef('series_limit')!;
    expect(seriesLimit.choices!.map(([v]) => v).filter((v) => v !== 0)).toEqual([...SERIES_LIMIT_CHOICES]);
    expect(validateControlValue(seriesLimit, null, ctx)).toEqual(['cannot be empty']);
  });

  it('charts-dashboards-reports §5: rolling periods and min periods must be integers', () => {
    expect(validateControlValue(controlDef('rolling_periods')!, '7.5', ctx)).toEqual(['is expected to be an integer']);
    expect(validateControlValue(controlDef('min_periods')!, 3, ctx)).toEqual([]);
  });

  it('charts-dashboards-reports §9: time compare, rolling, comparison and resample choices', () => {
    const values = (name: string) => controlDef(name)!.choices!.map(([v]) => v);
    expect(values('time_compare')).toEqual([
      '1 day ago',
      '1 week ago',
      '28 days ago',
      '30 days ago',
      '52 weeks ago',
      '1 year ago',
      '104 weeks ago',
      '2 years ago',
      '156 weeks ago',
      '3 years ago',
    ]);
    expect(values('rolling_type')).toEqual(['None', 'mean', 'sum', 'std', 'cumsum']);
    expect(values('comparison_type')).toEqual(['values', 'difference', 'percentage', 'ratio']);
    expect(values('resample_rule')).toEqual([null, '1T', '1H', '1D', '7D', '1M', '1AS']);
    expect(values('resample_method')).toEqual([null, 'asfreq', 'bfill', 'ffill', 'median', 'mean', 'sum']);
    expect(controlDef('time_grain_sqla')!.default(null)).toBe('P1D');
    expect(values('time_grain_sqla')).toEqual(expect.arrayContaining(['PT5S', 'P1Y']));
  });

  it('charts-dashboards-reports §5: selects without free form drop values not among the choices; free-form ones keep them', () => {
    expect(normalizeControlValue(controlDef('rolling_type')!, 'median')).toBeNull();
    expect(normalizeControlValue(controlDef('time_compare')!, ['1 year ago', 'x'])).toEqual(['1 year ago']);
    expect(normalizeControlValue(controlDef('row_limit')!, 1234)).toBe(1234);
  });

  it('charts-dashboards-reports §5: order-by options must be JSON objects or strings', () => {
    expect(validateOrderByOptions(['["origin", true]', { col: 'x' }])).toBeNull();
    expect(validateOrderByOptions(['origin'])).toBe('Found invalid orderby options');
    expect(validateOrderByOptions([42])).toBe('Found invalid orderby options');
  });

  it('charts-dashboards-reports §5: the metric label pattern', () => {
    expect(parseMetricLabel('SUM(num)')).toEqual({ prefix: null, aggregate: 'SUM', column: 'num' });
    expect(parseMetricLabel('LONG_COUNT(x_1)')).toEqual({ prefix: 'LONG', aggregate: 'COUNT', column: 'x_1' });
    expect(parseMetricLabel('MEDIAN(num)')).toBeNull();
    expect(parseMetricLabel('SUM(a + b)')).toBeNull();
    expect(metricLabel({ expressionType: 'SIMPLE', column: { column_name: 'hp' }, aggregate: 'MAX', label: '' })).toBe(
      'MAX(hp)',
    );
  });

  it('charts-dashboards-reports §5: saved metric and filter values are dropped when the dataset lacks them', () => {
    expect(
      fitToDatasource(
        controlDef('metrics')!,
        ['count', 'sum_sales', { expressionType: 'SQL', sqlExpression: 'SUM(1)', label: 's' }],
        cars,
      ),
    ).toEqual(['count', { expressionType: 'SQL', sqlExpression: 'SUM(1)', label: 's' }]);
    expect(fitToDatasource(controlDef('granularity_sqla')!, 'origin', cars)).toBeNull();
    expect(fitToDatasource(controlDef('granularity_sqla')!, 'year', cars)).toBe('year');
  });

  it('every viz panel names only controls that exist', () => {
    for (const [viz, sections] of Object.entries(VIZ_PANELS)) {
      for (const name of sections.flatMap((s) => s.controls))
        expect([viz, name, name in CONTROLS]).toEqual([viz, name, true]);
    }
  });

  it('charts-dashboards-reports §5: raw mode shows columns and orderings, aggregate mode group by and metrics', () => {
    const names = (queryMode: string) =>
      visibleControls({ datasource: '1__table', viz_type: 'table', query_mode: queryMode }).map((d) => d.name);
    expect(names('raw')).toEqual(expect.arrayContaining(['all_columns', 'order_by_cols']));
    expect(names('raw')).not.toContain('groupby');
    expect(names('aggregate')).toEqual(expect.arrayContaining(['groupby', 'metrics']));
    expect(names('aggregate')).not.toContain('all_columns');
    expect(vizControlNames('something_unknown')).toEqual(vizControlNames('table'));
  });
});
