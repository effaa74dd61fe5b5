import { result } from '../testing/fixtures';
import { transformProps } from './transformProps';

describe('big number transformProps', () => {
  it('shows the value in the chosen format, or the dataset format under the adaptive default', () => {
    const data = [result(['SUM(revenue)'], [0], [{ 'SUM(revenue)': 1234567.891 }])];
    expect(transformProps({ metric: 'SUM(revenue)', y_axis_format: ',.2f' }, data).text).toBe('1,234,567.89');
    expect(transformProps({ metric: 'SUM(revenue)' }, data).text).toBe('1.23M');
    expect(transformProps({ metric: 'SUM(revenue)' }, data, { column_formats: { 'SUM(revenue)': '$,.0f' } }).text).toBe(
      '$1,234,568',
    );
    expect(
      transformProps({ metric: 'SUM(revenue)' }, data, {
        currency_formats: { 'SUM(revenue)': { symbol: 'EUR', symbolPosition: 'suffix' } },
      }).text,
    ).toBe('1.23M €');
  });

  it('formats a timestamp metric as a date when forced', () => {
    const data = [result(['MAX(date)'], [0], [{ 'MAX(date)': Date.UTC(2024, 4, 17) }])];
    expect(
      transformProps({ metric: 'MAX(date)', force_timestamp_formatting: true, time_format: '%Y-%m-%d' }, data).text,
    ).toBe('2024-05-17');
  });

  it('says No data without rows, and carries the subheader and font sizes', () => {
    const props = transformProps(
      {
        metric: { expressionType: 'SQL', sqlExpression: 'COUNT(*)', label: 'Rows' },
        subheader: 'rows today',
        header_font_size: 0.3,
      },
      [result(['Rows'], [0], [])],
    );
    expect(props).toMatchObject({
      value: null,
      text: 'No data',
      subheader: 'rows today',
      headerFontSize: 0.3,
      subheaderFontSize: 0.15,
      metricName: 'Rows',
    });
  });
});
