import type { LegendOptions, Options, Point } from 'highcharts';
import { paletteOf } from './color-schemes';
import type { FormData } from './types';

/**
 * Past this many points in a series, Highcharts' boost module draws it on a canvas with WebGL: SVG
 * with 50,000 path points freezes the browser (the "Known pains" on large results).
 */
export const BOOST_THRESHOLD = 5000;

/** Escapes a data value before it goes into tooltip or label HTML. */
export function escapeHtml(text: unknown): string {
  return String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function bool(value: unknown, fallback: boolean): boolean {
  return typeof value === 'boolean' ? value : fallback;
}

export function num(value: unknown, fallback: number): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : fallback;
}

export function legendOptions(formData: FormData): LegendOptions {
  const enabled = bool(formData.show_legend, true);
  const orientation = String(formData.legendOrientation ?? 'top');
  if (orientation === 'left' || orientation === 'right') {
    return { enabled, layout: 'vertical', align: orientation, verticalAlign: 'middle' };
  }
  return { enabled, layout: 'horizontal', align: 'center', verticalAlign: orientation === 'bottom' ? 'bottom' : 'top' };
}

/** What every Highcharts viz starts from: no title or credits (the dashboard shows the chart name), UTC time. */
export function baseOptions(formData: FormData): Options {
  return {
    chart: { backgroundColor: 'transparent', style: { fontFamily: 'inherit' }, spacing: [8, 8, 8, 8] },
    title: { text: undefined },
    subtitle: { text: undefined },
    credits: { enabled: false },
    exporting: { enabled: false },
    accessibility: { enabled: false },
    colors: paletteOf(formData),
    time: { timezone: 'UTC' },
    legend: legendOptions(formData),
  };
}

/** Turns on boost when some series is large; boosted series draw without animation or markers. */
export function withBoost(options: Options, largestSeries: number): Options {
  if (largestSeries <= BOOST_THRESHOLD) return options;
  return {
    ...options,
    boost: { enabled: true, useGPUTranslations: true, seriesThreshold: 1 },
    plotOptions: {
      ...options.plotOptions,
      series: { ...options.plotOptions?.series, boostThreshold: BOOST_THRESHOLD, animation: false, turboThreshold: 0 },
    },
  };
}

/** The points of a shared tooltip (Highcharts puts them on the hovered point's context). */
export function tooltipPoints(context: Point): Point[] {
  return (context as unknown as { points?: Point[] }).points ?? [context];
}
