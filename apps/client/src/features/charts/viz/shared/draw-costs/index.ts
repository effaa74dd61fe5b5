/**
 * Work Highcharts does while it creates a chart that Strata's charts never need, most of it forced style
 * recalculations and layouts of the whole page: on a 30-chart dashboard the largest part of the drawing
 * time after Highcharts' own code (apps/bench dashboard-render, README findings). Each file here wraps
 * Highcharts through its own extension point (`Highcharts.wrap`) and falls back to Highcharts' code
 * whenever its shortcut does not hold:
 *
 * - chart-box.ts: the container's size when the options give it, no empty title elements, no reading of
 *   the chart's position on the page while it is created;
 * - date-formats.ts: one cache of date formatters per time zone, month and weekday names made once;
 * - font-sizes.ts: a label's font size from Highcharts' own inline styles, not getComputedStyle;
 * - palette-style.ts: one <style> of Highcharts' colour variables for the page, not one per chart.
 */
import type HighchartsNamespace from 'highcharts';
import { sizeAndPositionWithoutMeasuring } from './chart-box';
import { shareDateFormats } from './date-formats';
import { fontSizesFromInlineStyles } from './font-sizes';
import { sharePaletteStyle } from './palette-style';

export function skipUnneededMeasurements(Highcharts: typeof HighchartsNamespace): void {
  sizeAndPositionWithoutMeasuring(Highcharts);
  shareDateFormats(Highcharts);
  fontSizesFromInlineStyles(Highcharts);
  sharePaletteStyle(Highcharts);
}
