import { Highcharts } from '../highcharts';

const draw = (options: Highcharts.Options) => {
  const element = document.createElement('div');
  document.body.append(element);
  return { element, chart: Highcharts.chart(element, { series: [{ type: 'column', data: [1, 2, 3] }], ...options }) };
};

describe('Highcharts without the measurements Strata does not need (draw-costs/)', () => {
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

describe("the chart's position on the page", () => {
  it('is not read while a chart is created, and is read when the pointer first needs it', () => {
    const read = jest.spyOn(HTMLElement.prototype, 'getBoundingClientRect');
    const { chart } = draw({ chart: { width: 400, height: 300 } });
    const container = chart.container;
    expect(read.mock.contexts).not.toContain(container);
    chart.pointer!.normalize(new MouseEvent('mousemove', { clientX: 10, clientY: 20 }) as never);
    expect(read.mock.contexts).toContain(container);
    expect((chart.pointer as unknown as { chartPosition?: object }).chartPosition).toBeDefined();
    read.mockRestore();
    chart.destroy();
  });
});

describe('month and weekday names', () => {
  it('are formatted once per zone and locale, not again for each chart', () => {
    new Highcharts.Time({ timezone: 'UTC' });
    // `format` is a getter: each formatting reads it.
    const prototype = Intl.DateTimeFormat.prototype as unknown as { readonly format: unknown };
    const format = jest.spyOn(prototype, 'format', 'get');
    const time = new Highcharts.Time({ timezone: 'UTC' });
    expect(format).not.toHaveBeenCalled();
    expect(time.dateFormat('%A %d %B %Y', Date.UTC(2024, 0, 1))).toBe('Monday 01 January 2024');
    expect(time.dateFormat('%a %b', Date.UTC(2024, 1, 3))).toBe('Sat Feb');
    format.mockRestore();
  });
});

describe('shared palette style', () => {
  it('charts on the default palette share one <style> in the head; a chart with a palette of its own keeps its own', () => {
    const first = draw({ chart: { width: 400, height: 300 } });
    const second = draw({ chart: { width: 400, height: 300 }, colors: ['#123456'] });
    const styles = document.querySelectorAll('style.highcharts-palette');
    expect(styles).toHaveLength(1);
    expect(styles[0]!.parentElement).toBe(document.head);
    expect(styles[0]!.textContent).toContain('--highcharts-neutral-color-80');
    expect(first.element.querySelector('style')).toBeNull();
    expect(second.element.querySelector('style')).toBeNull();

    const own = draw({ chart: { width: 400, height: 300 }, palette: { light: { backgroundColor: '#ffeedd' } } });
    expect(own.element.querySelector('style.highcharts-palette')?.textContent).toContain('#ffeedd');
    expect(document.querySelectorAll('head style.highcharts-palette')).toHaveLength(1);
    for (const drawn of [first, second, own]) drawn.chart.destroy();
  });
});
