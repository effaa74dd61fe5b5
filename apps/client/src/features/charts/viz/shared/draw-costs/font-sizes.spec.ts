import { Highcharts } from '../highcharts';
import { inlineFontSize, refreshRootFontSize } from './font-sizes';

const SVG = 'http://www.w3.org/2000/svg';

/** svg > g > text > tspan, each with the given inline font-size ('' for none). */
function svgChain(sizes: [string, string, string, string]): SVGElement[] {
  const chain = ['svg', 'g', 'text', 'tspan'].map((name) => document.createElementNS(SVG, name));
  chain.forEach((node, i) => {
    if (sizes[i]) node.style.fontSize = sizes[i]!;
    if (i > 0) chain[i - 1]!.append(node);
  });
  document.body.append(chain[0]!);
  return chain;
}

describe('a label font size from inline styles (font-sizes.ts)', () => {
  beforeAll(() => {
    document.documentElement.style.fontSize = '14px';
    refreshRootFontSize();
  });

  it('follows em and % up to a px or rem size, as the browser computes it', () => {
    expect(inlineFontSize(svgChain(['1rem', '0.8em', '', ''])[3]!)).toBe(11.2);
    expect(inlineFontSize(svgChain(['1rem', '', '150%', '0.5em'])[3]!)).toBe(10.5);
    expect(inlineFontSize(svgChain(['1rem', '20px', '', ''])[2]!)).toBe(20);
    expect(inlineFontSize(svgChain(['12px', '', '', ''])[3]!)).toBe(12);
  });

  it('leaves to the browser what inline styles cannot tell', () => {
    // No size before the SVG ends: an HTML ancestor's size may come from a style sheet.
    expect(inlineFontSize(svgChain(['', '0.8em', '', ''])[3]!)).toBeUndefined();
    // A keyword, or a presentation attribute (which a style sheet would not override).
    expect(inlineFontSize(svgChain(['1rem', 'larger', '', ''])[3]!)).toBeUndefined();
    const chain = svgChain(['1rem', '0.8em', '', '']);
    chain[2]!.setAttribute('font-size', '30');
    expect(inlineFontSize(chain[3]!)).toBeUndefined();
    expect(inlineFontSize(document.createElement('span'))).toBeUndefined();
  });

  it("gives Highcharts' font metrics of an axis label without asking the browser", () => {
    const element = document.createElement('div');
    document.body.append(element);
    const chart = Highcharts.chart(element, {
      chart: { width: 400, height: 300 },
      xAxis: { categories: ['USA', 'Europe', 'Japan'] },
      series: [{ type: 'column', data: [3, 2, 1] }],
    });
    const label = element.querySelector('.highcharts-xaxis-labels text')!;
    const computed = jest.spyOn(window, 'getComputedStyle');
    // 0.8em of the chart's 1rem (14px here); jsdom computes no inherited font size, so without the
    // inline reading this would be 0.
    expect(chart.renderer.fontMetrics(label as SVGElement).f).toBe(11);
    expect(computed).not.toHaveBeenCalled();
    computed.mockRestore();
    chart.destroy();
  });
});
