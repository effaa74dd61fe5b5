/**
 * Two measurements Highcharts makes while it creates a chart that Strata's charts never need, each a
 * forced layout of the page: on a 30-chart dashboard they were about a fifth of the drawing time
 * (apps/bench dashboard-render, README findings). Both wraps use Highcharts' own extension point
 * (`Highcharts.wrap`) and fall back to Highcharts' code whenever the shortcut does not hold.
 *
 * - The container's size: HighchartsViz always gives the chart its width and height, yet Highcharts reads
 *   the container's computed size three times per chart.
 * - Empty titles: every chart gets a title, a subtitle and a caption element even with no text (Strata's
 *   charts have none: the dashboard and Explore show the chart's name), each styled and measured.
 */
import type HighchartsNamespace from 'highcharts';

type Box = { width: number; height: number };
type Described = 'title' | 'subtitle' | 'caption';
interface ChartInternals {
  options: HighchartsNamespace.Options;
  title?: unknown;
  subtitle?: unknown;
  caption?: unknown;
}

export function skipUnneededMeasurements(Highcharts: typeof HighchartsNamespace): void {
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
}
