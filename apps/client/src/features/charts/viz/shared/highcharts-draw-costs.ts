/**
 * Work Highcharts does while it creates a chart that Strata's charts never need, most of it forced
 * layouts of the page: on a 30-chart dashboard about a fifth of the drawing time (apps/bench
 * dashboard-render, README findings). The wraps use Highcharts' own extension point (`Highcharts.wrap`)
 * and fall back to Highcharts' code whenever the shortcut does not hold.
 *
 * - The container's size: HighchartsViz always gives the chart its width and height, yet Highcharts reads
 *   the container's computed size three times per chart.
 * - Empty titles: every chart gets a title, a subtitle and a caption element even with no text (Strata's
 *   charts have none: the dashboard and Explore show the chart's name), each styled and measured.
 * - Date formats: each chart has its own Time object and so its own cache of `Intl.DateTimeFormat`s, which
 *   are slow to make; charts in the same time zone now share one cache (its key is the format and locale).
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

const dateFormatCaches = new Map<string, Record<string, Intl.DateTimeFormat>>();

export function skipUnneededMeasurements(Highcharts: typeof HighchartsNamespace): void {
  Highcharts.wrap(
    Highcharts.Time.prototype,
    'update',
    function (this: { timezone?: string; dTLCache: object }, proceed: (options?: object) => void, options?: object) {
      proceed.call(this, options);
      const zone = this.timezone ?? '';
      const cache = dateFormatCaches.get(zone) ?? {};
      dateFormatCaches.set(zone, cache);
      this.dTLCache = cache;
    },
  );

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
