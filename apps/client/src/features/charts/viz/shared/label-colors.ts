import type { Options, PointOptionsObject } from 'highcharts';

/**
 * Where a chart's labels are coloured: per slice for the types that colour each point (a pie's slices
 * are its labels), per series for the others (a line per group). A dashboard gives one colour per label
 * on all its charts (charts-dashboards-reports §3 label_colors, map_label_colors); a chart alone keeps its own palette.
 */
const POINT_COLORED = new Set(['pie', 'variablepie', 'funnel', 'pyramid']);

/** What is read of a series here, whatever its type. */
interface AnySeries {
  type?: string;
  name?: unknown;
  data?: unknown[];
  linkedTo?: string;
  color?: string;
}

const typeOf = (series: AnySeries, options: Options) => String(series.type ?? options.chart?.type ?? 'line');
const seriesOf = (options: Options) => (options.series ?? []) as AnySeries[];

function pointName(point: unknown): string | null {
  return point !== null && typeof point === 'object' && typeof (point as PointOptionsObject).name === 'string'
    ? (point as PointOptionsObject).name!
    : null;
}

/** The labels a chart shows, in drawing order, each once. */
/** An annotation layer's series (timeseries/annotations.ts) keeps the layer's colour: it is no label of the data. */
const isAnnotation = (series: unknown) => Boolean((series as { custom?: { annotation?: unknown } }).custom?.annotation);

export function chartLabels(options: Options): string[] {
  const labels = new Set<string>();
  for (const series of seriesOf(options)) {
    if (isAnnotation(series)) continue;
    if (POINT_COLORED.has(typeOf(series, options))) {
      for (const point of series.data ?? []) {
        const name = pointName(point);
        if (name !== null) labels.add(name);
      }
    } else if (typeof series.name === 'string' && !series.linkedTo) {
      labels.add(series.name);
    }
  }
  return [...labels];
}

/** The options with each label that has a dashboard colour drawn in it. */
export function withLabelColors(options: Options, colors: Readonly<Record<string, string>>): Options {
  if (!options.series) return options;
  const series = seriesOf(options).map((s): AnySeries => {
    if (isAnnotation(s)) return s;
    if (POINT_COLORED.has(typeOf(s, options))) {
      const data = s.data?.map((point) => {
        const name = pointName(point);
        const color = name === null ? undefined : colors[name];
        return color ? { ...(point as PointOptionsObject), color } : point;
      });
      return { ...s, ...(data ? { data } : {}) };
    }
    const color = typeof s.name === 'string' ? colors[s.name] : undefined;
    return color ? { ...s, color } : s;
  });
  return { ...options, series: series as Options['series'] };
}
