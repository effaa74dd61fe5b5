import { screen, waitFor } from '@testing-library/react';
import { Highcharts } from '../../charts/viz/shared/highcharts';

/** Slice colours of the pie drawn in the figure named `name`, by slice name (Highcharts keeps every live chart). */
export function sliceColors(name: string): Record<string, string> {
  const figure = screen.getByRole('figure', { name });
  const chart = Highcharts.charts.find((c) => c && figure.contains(c.container));
  if (!chart) throw new Error(`no chart drawn in ${name}`);
  return Object.fromEntries(chart.series[0]!.points.map((p) => [String(p.name), String(p.color)]));
}

/** Waits until the chart named `name` is drawn (charts-dashboards-reports §4 chart status rendered). */
export const rendered = (name: string) =>
  waitFor(() => expect(screen.getByRole('figure', { name })).toHaveAttribute('data-status', 'rendered'));

/** Adhoc filter leaving the largest origin out, so a label's place in a pie (and a palette's colour) differs. */
export const withoutUsa = {
  adhoc_filters: [
    { expressionType: 'SIMPLE', subject: 'origin', operator: 'NOT IN', comparator: ['USA'], clause: 'WHERE' },
  ],
};
