import { Highcharts } from './highcharts';

const draw = (options: Highcharts.Options) => {
  const element = document.createElement('div');
  document.body.append(element);
  return { element, chart: Highcharts.chart(element, { series: [{ type: 'column', data: [1, 2, 3] }], ...options }) };
};

describe('Highcharts without the measurements Strata does not need (highcharts-draw-costs.ts)', () => {
  it('draws no title, subtitle or caption element when they have no text, and draws them when they have', () => {
    const { element, chart } = draw({ title: { text: undefined }, chart: { width: 400, height: 300 } });
    expect(element.querySelector('.highcharts-title, .highcharts-subtitle, .highcharts-caption')).toBeNull();
    chart.update({ title: { text: 'Cars by origin' }, caption: { text: 'Source: cars' } });
    expect(element.querySelector('.highcharts-title')?.textContent).toBe('Cars by origin');
    expect(element.querySelector('.highcharts-caption')?.textContent).toBe('Source: cars');
    chart.destroy();

    const titled = draw({ title: { text: 'Flights' }, chart: { width: 400, height: 300 } });
    expect(titled.element.querySelector('.highcharts-title')?.textContent).toBe('Flights');
    expect(titled.chart.options.title?.text).toBe('Flights');
    titled.chart.destroy();
  });

  it("takes the chart's size from its options without measuring the container, and measures when they are absent", () => {
    const { element, chart } = draw({ chart: { width: 321, height: 123 } });
    const measure = jest.spyOn(element, 'getBoundingClientRect');
    chart.setSize(321, 123);
    expect([chart.chartWidth, chart.chartHeight]).toEqual([321, 123]);
    expect(measure).not.toHaveBeenCalled();
    chart.destroy();

    // No size given: Highcharts' own reading of the container (0 in jsdom, so its 600 x 400 default).
    const unsized = draw({});
    expect([unsized.chart.chartWidth, unsized.chart.chartHeight]).toEqual([600, 400]);
    unsized.chart.destroy();
  });
});

describe('date formats shared between charts', () => {
  it('charts in one time zone share their date formatters, and each zone still formats in its own time', () => {
    const utc = new Highcharts.Time({ timezone: 'UTC' });
    const alsoUtc = new Highcharts.Time({ timezone: 'UTC' });
    const newYork = new Highcharts.Time({ timezone: 'America/New_York' });
    const cache = (time: Highcharts.Time) => (time as unknown as { dTLCache: object }).dTLCache;
    expect(utc.dateFormat('%Y-%m-%d %H:%M', 0)).toBe('1970-01-01 00:00');
    expect(newYork.dateFormat('%Y-%m-%d %H:%M', 0)).toBe('1969-12-31 19:00');
    expect(alsoUtc.dateFormat('%Y-%m-%d %H:%M', 3_600_000)).toBe('1970-01-01 01:00');
    expect(cache(alsoUtc)).toBe(cache(utc));
    expect(cache(newYork)).not.toBe(cache(utc));
  });
});
