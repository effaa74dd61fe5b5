/**
 * Annotation layers drawn on the line, bar and area charts (issue 16 item 2; charts-dashboards-reports §3
 * Annotation; Superset's `annotation_layers` form data): a FORMULA layer is computed here over the chart's
 * x values and drawn as a line series, a TIME_SERIES layer draws the other chart's series, EVENT layers are
 * vertical x-axis plot lines and INTERVAL layers x-axis plot bands, both read from the rows the server put
 * in `annotation_data[name].records`. Pure: it extends the options transformProps built. A layer that
 * cannot be drawn (a bad formula, no data yet) is left out, never an error for the chart.
 */
import type {
  Options,
  SeriesOptionsType,
  XAxisOptions,
  XAxisPlotBandsOptions,
  XAxisPlotLinesOptions,
} from 'highcharts';
import { compileFormula } from '@strata/domain';
import type { FormData } from '../shared/types';

export interface DrawnLayer {
  name: string;
  annotationType?: string;
  sourceType?: string;
  value?: unknown;
  show?: boolean;
  showLabel?: boolean;
  showMarkers?: boolean;
  hideLine?: boolean;
  color?: string | null;
  opacity?: string | null;
  style?: string;
  width?: number;
  timeColumn?: string | null;
  intervalEndColumn?: string | null;
  titleColumn?: string | null;
  descriptionColumns?: string[];
}

/** Superset's line styles as Highcharts dash styles. */
const DASH: Record<string, 'Solid' | 'Dash' | 'Dot' | 'LongDash'> = {
  solid: 'Solid',
  dashed: 'Dash',
  dotted: 'Dot',
  longDashed: 'LongDash',
};
/** Superset's opacity choices ('' is its default). */
const OPACITY: Record<string, number> = { opacityLow: 0.2, opacityMedium: 0.5, opacityHigh: 0.8 };
const DEFAULT_COLOR = '#666666';

/** A record's time as epoch milliseconds: numbers as they are, text as UTC when it names no zone. */
export function timeOf(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string' || value === '') return null;
  let text = /^\d{4}-\d\d-\d\d \d/.test(value) ? value.replace(' ', 'T') : value;
  if (/T\d\d:\d\d/.test(text) && !/([zZ]|[+-]\d\d:?\d\d)$/.test(text)) text += 'Z';
  const ms = Date.parse(text);
  return Number.isFinite(ms) ? ms : null;
}

/** `#rrggbb` with an alpha, for plot bands (Highcharts has no separate band opacity). */
function withAlpha(color: string, alpha: number): string {
  const m = /^#([0-9a-f]{6})$/i.exec(color);
  if (!m) return color;
  const n = parseInt(m[1]!, 16);
  return `rgba(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255}, ${alpha})`;
}

const shownLayers = (formData: FormData): DrawnLayer[] =>
  (Array.isArray(formData.annotation_layers) ? (formData.annotation_layers as DrawnLayer[]) : []).filter(
    (l) => l && typeof l.name === 'string' && l.show !== false,
  );

/** The x values the chart draws (epoch ms on a time axis, indexes on a category axis), sorted. */
function chartXs(options: Options): number[] {
  const xs = new Set<number>();
  for (const s of (options.series ?? []) as { data?: unknown[] }[]) {
    (s.data ?? []).forEach((p, i) => {
      const x = Array.isArray(p) ? p[0] : typeof p === 'object' && p !== null ? (p as { x?: unknown }).x : i;
      xs.add(typeof x === 'number' ? x : i);
    });
  }
  return [...xs].sort((a, b) => a - b);
}

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));

function recordsOf(data: unknown): Record<string, unknown>[] {
  const records = (data as { records?: unknown } | null | undefined)?.records;
  return Array.isArray(records) ? (records as Record<string, unknown>[]) : [];
}

function lineStyle(layer: DrawnLayer) {
  return {
    color: layer.color || DEFAULT_COLOR,
    dashStyle: DASH[layer.style ?? 'solid'] ?? 'Solid',
    lineWidth: typeof layer.width === 'number' ? layer.width : 1,
  };
}

/** A record's label: its title column, then its description columns. */
function labelOf(layer: DrawnLayer, record: Record<string, unknown>): string {
  const title = layer.titleColumn ? text(record[layer.titleColumn]) : '';
  const description = (layer.descriptionColumns ?? []).map((c) => text(record[c])).filter(Boolean);
  return [title || layer.name, ...description].join(' – ');
}

/**
 * The options with the form's shown annotation layers drawn. `annotationData` is the chart data answer's
 * `annotation_data` (by layer name), possibly completed by the client's annotation queries.
 */
export function withAnnotations(
  options: Options,
  formData: FormData,
  annotationData: Readonly<Record<string, unknown>> = {},
): Options {
  const layers = shownLayers(formData);
  if (layers.length === 0) return options;
  const extraSeries: SeriesOptionsType[] = [];
  const plotLines: XAxisPlotLinesOptions[] = [];
  const plotBands: XAxisPlotBandsOptions[] = [];
  const xs = chartXs(options);
  for (const layer of layers) {
    const style = lineStyle(layer);
    const custom = { annotation: layer.name };
    switch (layer.annotationType) {
      case 'FORMULA': {
        let f: (x: number) => number;
        try {
          f = compileFormula(String(layer.value ?? ''));
        } catch {
          continue;
        }
        extraSeries.push({
          type: 'line',
          name: layer.name,
          data: xs.map((x) => {
            const y = f(x);
            return [x, Number.isFinite(y) ? y : null];
          }),
          ...style,
          stacking: undefined,
          marker: { enabled: layer.showMarkers === true },
          zIndex: 3,
          className: 'strata-annotation-formula',
          custom,
        } as SeriesOptionsType);
        break;
      }
      case 'TIME_SERIES': {
        const series = Array.isArray(annotationData[layer.name])
          ? (annotationData[layer.name] as { key: string; values: { x: unknown; y: number | null }[] }[])
          : [];
        for (const s of series) {
          extraSeries.push({
            type: 'line',
            name: series.length === 1 ? layer.name : `${layer.name}, ${s.key}`,
            data: s.values
              .map((v) => [timeOf(v.x), v.y] as [number | null, number | null])
              .filter((p): p is [number, number | null] => p[0] !== null),
            ...style,
            ...(layer.hideLine ? { lineWidth: 0 } : {}),
            stacking: undefined,
            marker: { enabled: layer.showMarkers === true || layer.hideLine === true },
            zIndex: 3,
            className: 'strata-annotation-series',
            custom,
          } as SeriesOptionsType);
        }
        break;
      }
      case 'EVENT':
        for (const record of recordsOf(annotationData[layer.name])) {
          const at = timeOf(layer.timeColumn ? record[layer.timeColumn] : undefined);
          if (at === null) continue;
          plotLines.push({
            value: at,
            color: style.color,
            dashStyle: style.dashStyle,
            width: Math.max(1, style.lineWidth),
            zIndex: 4,
            className: 'strata-annotation-event',
            label: layer.showLabel === false ? undefined : { text: labelOf(layer, record), rotation: 90 },
          });
        }
        break;
      case 'INTERVAL':
        for (const record of recordsOf(annotationData[layer.name])) {
          const from = timeOf(layer.timeColumn ? record[layer.timeColumn] : undefined);
          const to = timeOf(layer.intervalEndColumn ? record[layer.intervalEndColumn] : undefined);
          if (from === null || to === null) continue;
          plotBands.push({
            from,
            to,
            color: withAlpha(style.color, OPACITY[layer.opacity ?? ''] ?? 0.2),
            zIndex: 0,
            className: 'strata-annotation-interval',
            label: layer.showLabel === false ? undefined : { text: labelOf(layer, record) },
          });
        }
        break;
      default:
        break;
    }
  }
  const xAxis = (Array.isArray(options.xAxis) ? options.xAxis[0] : options.xAxis) ?? {};
  const withLines: XAxisOptions = {
    ...xAxis,
    plotLines: [...(xAxis.plotLines ?? []), ...plotLines],
    plotBands: [...(xAxis.plotBands ?? []), ...plotBands],
  };
  return {
    ...options,
    xAxis: Array.isArray(options.xAxis) ? [withLines, ...options.xAxis.slice(1)] : withLines,
    series: [...(options.series ?? []), ...extraSeries],
  };
}
