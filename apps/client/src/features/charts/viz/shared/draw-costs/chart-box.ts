/**
 * What Highcharts measures of a chart's box that Strata's charts already know or do not need:
 * - the container's size: HighchartsViz always gives the chart its width and height, yet Highcharts reads
 *   the container's computed size three times per chart;
 * - empty titles: every chart gets a title, a subtitle and a caption element even with no text (Strata's
 *   charts have none: the dashboard and Explore show the chart's name), each styled and measured;
 * - the chart's position on the page, read (a layout of the whole page) as each chart is created, for the
 *   pointer: the pointer reads it anyway when the mouse or a finger first reaches the chart.
 */
import type HighchartsNamespace from 'highcharts';

type Box = { width: number; height: number };
type Described = 'title' | 'subtitle' | 'caption';
type ChartPosition = { left: number; top: number; scaleX: number; scaleY: number };

interface ChartInternals {
  options: HighchartsNamespace.Options;
  title?: unknown;
  subtitle?: unknown;
  caption?: unknown;
}

/** What the pointer is told while a chart is created (not kept): it reads the real one when needed. */
const UNKNOWN_POSITION: ChartPosition = { left: 0, top: 0, scaleX: 1, scaleY: 1 };

export function sizeAndPositionWithoutMeasuring(Highcharts: typeof HighchartsNamespace): void {
  Highcharts.wrap(
    Highcharts.Chart.prototype,
    'getContainerBox',
    function (this: ChartInternals, proceed: () => Box): Box {
      const { width, height } = this.options.chart ?? {};
      return typeof width === 'number' && typeof height === 'number' ? { width, height } : proceed.call(this);
    },
  );

  Highcharts.wrap(
    Highcharts.Chart.prototype,
    'applyDescription',
    function (this: ChartInternals, proceed: (key: Described, given?: object) => void, key: Described, given?: object) {
      const text = (given as { text?: unknown } | undefined)?.text ?? (this.options[key] as { text?: unknown })?.text;
      // Nothing to show and nothing shown yet: keep the options as Highcharts would, draw no element.
      if (!text && !this[key]) {
        this.options[key] = Highcharts.merge(this.options[key] ?? {}, given ?? {}) as never;
        return;
      }
      proceed.call(this, key, given);
    },
  );

  let firstRendering = 0;
  Highcharts.wrap(Highcharts.Chart.prototype, 'firstRender', function (this: unknown, proceed: () => void) {
    firstRendering += 1;
    try {
      proceed.call(this);
    } finally {
      firstRendering -= 1;
    }
  });
  Highcharts.wrap(
    Highcharts.Pointer.prototype,
    'getChartPosition',
    function (this: { chartPosition?: ChartPosition }, proceed: () => ChartPosition): ChartPosition {
      if (firstRendering > 0 && this.chartPosition === undefined) return UNKNOWN_POSITION;
      return proceed.call(this);
    },
  );
}
